"""The attention playground: three tabs, three request loops.

"playground-query" and "playground-matrix" send CallRequest(engine.playground.query_attention /
matrix_attention) after each edit; a malformed cell raises InputProblem in build() (the message
names the row and column, the bad key cell turns red) and the tab's last good result stays,
greyed.  "playground-why" runs engine.playground.why_scale (about a second) once, the first time
its tab is shown, and keeps the result.

Every input lives in the view's state (state.py); a result is drawn with the inputs of the
request that produced it (`result.request`), never with what has been typed since."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QVBoxLayout

from app.export import ExportButton, matrix_csv, write_csv
from app.widgets.corner_buttons import put_in_corner
from app.binding import bind_tab
from app.views.base import View
from app.views.playground.matrix_tab import MatrixTab
from app.views.playground.query_tab import QueryTab
from app.views.playground.state import TABS, PlaygroundState, vector_text
from app.views.playground.why_tab import WhyScaleTab
from app.widgets.form import add_tab
from app.widgets.scrolling_page import ScrollingTabs
from engine.jobs import CallRequest
from engine.playground import matrix_attention, query_attention, why_scale


class PlaygroundView(View):
    TITLE = QT_TRANSLATE_NOOP("PlaygroundView", "Attention playground")
    State = PlaygroundState

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.tabs = ScrollingTabs()  # a tall page scrolls instead of growing the window
        self.export_button = ExportButton(self)
        # Export at the right end of the tab bar: on a line of its own above the tabs it took the
        # 16 px (English) to 46 px (Chinese) that matrix mode's page lacked at 22 pt
        put_in_corner(self.tabs, self.export_button)
        self.query_tab = add_tab(self.tabs, QueryTab(self.view_state), self.tr("Query mode"))
        self.matrix_tab = add_tab(self.tabs, MatrixTab(self.view_state), self.tr("Matrix mode"))
        self.why_tab = add_tab(self.tabs, WhyScaleTab(), self.tr("Why scale"))
        self.content = self.tabs
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)
        bind_tab(self.view_state, "tab", self.tabs, TABS)

        self.query_loop = self.request_loop("playground-query", build=self.build_query, render=self.render_query,
                                            message=self.query_tab.message, greys=(self.query_tab,))
        self.matrix_loop = self.request_loop("playground-matrix", build=self.build_matrix,
                                             render=self.render_matrix, message=self.matrix_tab.message,
                                             greys=(self.matrix_tab,))
        self.why_loop = self.request_loop("playground-why", build=self.build_why,
                                          render=lambda result: self.why_tab.show_statistics(result.value),
                                          debounce_ms=0)
        state = self.view_state
        state.watch(self.query_loop.schedule, "query_cells", "query", "query_scale")
        state.watch(self.matrix_loop.schedule, "causal", "matrix_scale", "q_text", "k_text", "v_text")
        state.watch(self._tab_changed, "tab")
        self.apply_zoom()
        self.query_loop.schedule()
        self.matrix_loop.schedule()

    # ---- requests ------------------------------------------------------------------------------
    def build_query(self) -> CallRequest:
        keys, values, query = self.query_tab.read()
        return CallRequest(query_attention, (keys, values, query), {"scale": self.view_state.query_scale})

    def render_query(self, result) -> None:
        request = result.request  # the keys, values, query and t of these weights
        self.query_tab.show_result(request.args, request.kwargs["scale"], result.value)

    def build_matrix(self) -> CallRequest:
        q, k, v = self.matrix_tab.read()
        return CallRequest(matrix_attention, (q, k, v),
                           {"scale": self.view_state.matrix_scale, "causal": self.view_state.causal})

    def render_matrix(self, result) -> None:
        request = result.request  # the Q, K, V and t of these weights
        self.matrix_tab.show_result(request.args, request.kwargs["scale"], result.value)

    def build_why(self) -> CallRequest:
        return CallRequest(why_scale)

    def _tab_changed(self, *_) -> None:
        if self.tabs.currentWidget() is self.why_tab and self.why_loop.value is None and not self.why_loop.busy:
            self.why_loop.schedule()

    def ready(self) -> bool:
        """The why-scale statistics count only once their tab is open (they are computed then)."""
        loops = [self.query_loop, self.matrix_loop]
        if self.tabs.currentWidget() is self.why_tab:
            loops.append(self.why_loop)
        return all(loop.value is not None for loop in loops)

    # ---- the kit's hooks ---------------------------------------------------------------------------
    def main_input(self):
        if self.tabs.currentWidget() is self.matrix_tab:
            return self.matrix_tab.editors["Q"]
        return self.query_tab.query_input

    def scene_caption(self) -> str:
        """What a lecture scene is about, in a few words: the typed query, or the matrices' shapes
        (the main input's text made scenes named "0.13, -0.13, 0.64, 0.1 -0.54, 0…")."""
        state = self.view_state
        tab = self.tabs.currentWidget()
        if tab is self.matrix_tab:
            shapes = self.tr("Q {0}×{2}, K {1}×{2}, V {1}×{3}").format(state.n, state.m, state.d_k, state.d_v)
            return shapes + (self.tr(", causal") if state.causal else "")
        if tab is self.why_tab:
            return self.tr("Why scale")
        query = " ".join(state.query.split())
        if len(query) > 30:  # whole components only
            query = query[:30].rsplit(",", 1)[0] + ", …"
        return self.tr("query ({0})").format(query)

    def secondary_panels(self):
        return [self.query_tab.sizes, self.matrix_tab.random_row, self.matrix_tab.hover_label]

    def apply_zoom(self) -> None:
        super().apply_zoom()
        self.query_tab.apply_zoom()
        self.matrix_tab.apply_zoom()
        self.why_tab.apply_zoom()

    def picture(self):
        tab = self.tabs.currentWidget()
        if tab is self.query_tab:
            request = self.query_loop.request  # the query of the weights drawn
            query = self.view_state.query if request is None else vector_text(request.args[2])
            return self.query_tab.results, self.tr("Attention as a lookup: query [{0}]").format(query)
        if tab is self.matrix_tab:
            return self.matrix_tab.results.picture(), self.tr("softmax(f·QKᵀ)V, {0}").format(
                self.matrix_tab.scale.label.text())
        return self.why_tab, self.tr("Why attention scores are divided by √d_k")

    def export_basename(self) -> str:
        return ("playground-query", "playground-matrix", "playground-why-scale")[self.tabs.currentIndex()]

    def export_csv(self, path):
        tab = self.tabs.currentWidget()
        if tab is self.query_tab:
            result = self.query_loop.value
            if result is None:
                raise ValueError(self.tr("Nothing to export yet."))
            keys, values, _ = self.query_loop.request.args  # the inputs of these weights
            rows = [(f"k{j + 1}", float(values[j]), result.dot_products[j], result.scores[j], result.weights[j],
                     result.weights[j] * values[j]) for j in range(len(keys))]
            return write_csv(path, ["key", "value", "dot_product", "scaled_score", "weight", "weight_times_value"],
                             rows + [("output", None, None, None, None, float(result.output))])
        if tab is self.matrix_tab:
            result = self.matrix_loop.value
            if result is None:
                raise ValueError(self.tr("Nothing to export yet."))
            labels = [f"q{i + 1}" for i in range(result.weights.shape[0])]
            return matrix_csv(path, result.weights, labels, [f"k{j + 1}" for j in range(result.weights.shape[1])],
                              corner="query\\key")
        stats = self.why_loop.value
        if stats is None:
            raise ValueError(self.tr("Nothing to export yet."))
        return write_csv(path, ["d_k", "dot_std", "scaled_dot_std", "max_weight", "scaled_max_weight"],
                         zip(stats.d_k, stats.dot_std, stats.scaled_dot_std, stats.max_weight,
                             stats.scaled_max_weight))
