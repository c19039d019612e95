"""Node inspection in the beam-search view: what the model would write after a prefix (the top
next-token probabilities as bars, with the entropy) and the prefix's cross-attention."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QComboBox, QPushButton, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from app import style
from app.binding import bind_choice
from app.views.base import MessageLine
from app.views.beam.state import attention_key
from app.views.beam.text import after_bos
from app.views.beam.tree import STATUS_COLOURS
from app.widgets.form import column, labelled_field
from app.widgets.heatmap import AttentionHeatmap
from app.widgets.label_detail import spaced_out
from app.widgets.tokens import display_token

STATUS_BRUSHES = {"finished": STATUS_COLOURS["finished"], "kept": STATUS_COLOURS["kept"]}
#: a blue grey with 3:1 on the white and on the black plot background (#b0bec5 had 1.9:1 on white)
NOT_TAKEN_BRUSH = "#7d8b94"
#: the RNN has one additive attention, not layers and heads (named as in the attention view)
SINGLE_ATTENTION = QT_TRANSLATE_NOOP("NodePanel", "additive attention")
TICK_SCALE = 1.1


def never_allowed_ids(n) -> list[int]:
    """Token ids the engine never lets the search write after this prefix, if the inspection
    says so (a `never_allowed` list of ids or an `allowed` mask); else none."""
    ids = getattr(n, "never_allowed", None)
    if ids is not None:
        return sorted(int(i) for i in ids)
    allowed = getattr(n, "allowed", None)
    if allowed is not None:
        return [int(i) for i in np.flatnonzero(~np.asarray(allowed, dtype=bool))]
    return []


def least_height_for_width(widget: QWidget, width: int) -> int:
    """The least height `widget`'s layout needs at `width`, not the height its plots would like
    (480 px each): a scroll area makes its widget as tall as heightForWidth says, and with the
    preferred height the node tab scrolled even where the bars fitted whole."""
    return widget.layout().totalMinimumHeightForWidth(width)


class Page(QWidget):
    """One pane of the node tab, asking for its least height (see least_height_for_width)."""

    def __init__(self, widget: QWidget):
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(widget, 1)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        return least_height_for_width(self, width)


class NodePanel(QWidget):
    """`show_inspection` draws an engine.beam_analysis.NodeInspection.  Its panes (the next-token
    bars, the cross-attention, and the what-if panel the view adds) show one at a time, chosen
    in `pane_box` (state: `node_pane`), below the same title."""

    TOP_K = 10
    #: bars below this probability get no number on top (side by side in a narrow column the
    #: "0.01"s ran into each other; the what-if list below gives every probability)
    LABEL_FROM = 0.05
    #: the user asked to send the next-token distribution to the view that receives distributions
    send_requested = Signal()
    #: the token id of a clicked bar
    token_clicked = Signal(int)

    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.inspection = None
        self.title = style.title_label(self.tr("Click a node of the tree to see what the model would write next."),
                                       scale=1.1)
        #: this panel's own message line (an inspection that failed): the view's line keeps the search's notes
        self.message = MessageLine()
        self.bars_plot = pg.PlotWidget(background=style.plot_background())
        self.bars_plot.setMenuEnabled(False)
        self.bars_plot.hideButtons()
        self.bars_plot.setMouseEnabled(False, False)
        self.bars_plot.setYRange(0, 1.08, padding=0)
        self.bars_plot.getAxis("bottom").setTextPen(style.TEXT)
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8, brush=NOT_TAKEN_BRUSH)
        self.bars_plot.addItem(self.bars)
        self.bar_texts: list = []
        self.tick_labels: list[str] = []  # the bars' tokens, most probable first
        self.bars_plot.getPlotItem().vb.sigResized.connect(self._fit_ticks)
        self.bars_plot.scene().sigMouseClicked.connect(self._on_bars_clicked)
        self.entropy_label = style.scaled(style.wrapped_label(), 1.1)
        self.send_button = QPushButton()
        self.set_receiver(None)
        self.send_button.clicked.connect(self.send_requested)
        bars_panel = column((self.bars_plot, 1), self.entropy_label,
                            (self.send_button, 0, Qt.AlignmentFlag.AlignLeft))

        self.heatmap = AttentionHeatmap()
        self.attention_box = QComboBox()
        self._attention_options: list = []  # (layer, head or None) per entry
        # choice, then picture: the panel sits in a narrow column beside the tree, and its pane
        # selector already says "Cross-attention" (a label here pushed the heatmap's bottom out
        # of a 1280×680 window)
        self.attention_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.attention_box.setToolTip(self.tr("Cross-attention of this prefix: which layer and head"))
        heat_panel = column((self.attention_box, 0, Qt.AlignmentFlag.AlignLeft), (self.heatmap, 1))
        self.attention_box.currentIndexChanged.connect(self._render_attention)
        # the choices come with each inspection: a saved one waits for an inspection that has it
        bind_choice(state, "node_attention", self.attention_box, keep_unshown=True)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.message)
        # One pane at a time, with the column's full height: one under another they needed 700 px
        # and the column beside the tree has 330 at 1280×680, so the bars showed their top half
        # and the rest scrolled out of sight.
        self.pane_box = QComboBox()
        self.pane_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.pane_stack = QStackedWidget()
        self.pane_box.currentIndexChanged.connect(self._show_pane)
        layout.addLayout(labelled_field(self.tr("Show:"), self.pane_box))
        layout.addWidget(self.pane_stack, 1)
        self.add_pane(bars_panel, self.tr("Next token"), "next")
        self.add_pane(heat_panel, self.tr("Cross-attention"), "attention")
        self.apply_zoom()

    def apply_zoom(self) -> None:
        """Tick labels of the plots at the application's text size (they do not follow it by themselves)."""
        self.bars_plot.getAxis("bottom").setTickFont(style.font(TICK_SCALE))
        self.bars_plot.getAxis("left").setTickFont(style.font(TICK_SCALE))
        self.bars_plot.setLabel("left", self.tr("P(next token)"),
                                **{"font-size": f"{style.point_size():.1f}pt", "color": style.plot_text().name()})
        # room for bars and a heatmap when the panel scrolls in a column (sizes follow the text)
        self.bars_plot.setMinimumHeight(int(style.point_size() * 16))
        self.heatmap.setMinimumHeight(int(style.point_size() * 14))

        self.heatmap.set_text_size(style.point_size())
        self._fit_ticks()  # the labels' widths changed
        for item in self.bar_texts:
            item.setFont(style.font())

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        return least_height_for_width(self, width)

    def set_receiver(self, title: str | None) -> None:
        """"Send to {title}" for the view that receives distributions; disabled when there is none."""
        if title is None:
            self.send_button.setText(self.tr("Send to …"))
            self.send_button.setToolTip(self.tr("No view receives distributions"))
        else:
            self.send_button.setText(self.tr("Send to {0}").format(title.replace("&", "&&")))  # & marks a shortcut
            self.send_button.setToolTip(self.tr("Open this next-token distribution in {0}").format(title))
        self.send_button.setEnabled(title is not None and self.inspection is not None)

    def _fit_height(self) -> None:
        """The probability axis up to 1, and higher by as much as the tallest bar's number needs
        over it (a fixed 1.08 cut the top of "0.96" off at the text size of a projector)."""
        vb = self.bars_plot.getPlotItem().vb
        height = vb.height()
        tallest = max((item.pos().y() for item in self.bar_texts), default=0.0)
        line = max((item.boundingRect().height() for item in self.bar_texts), default=0.0)  # pixels
        top = 1.08
        if self.bar_texts and height > 2 * line:
            # the number's top at tallest + line · top / height must stay under `top`
            top = max(top, tallest / (1 - line / height))
        self.bars_plot.setYRange(0, top, padding=0)

    def _fit_ticks(self, *_) -> None:
        """The tokens under their bars, most probable first, each written only where it does not
        meet one written before (zh-en-toy's words ran into each other, "WeSingaporeSaturday"),
        and room at the left for the first (pyqtgraph drops a label that passes the plot's edge:
        the most probable word was the one missing)."""
        self._fit_height()
        axis = self.bars_plot.getAxis("bottom")
        width, count = self.bars_plot.getPlotItem().vb.width(), len(self.tick_labels)
        if not count or width <= 0:
            axis.setTicks([[]])
            return
        metrics = QFontMetricsF(axis.style["tickFont"] or style.font(TICK_SCALE))
        halves = [metrics.horizontalAdvance(label) / 2 + 2 for label in self.tick_labels]
        right = count - 0.4
        # the first bar's centre sits `left` bar widths from the edge: at least half its word (or
        # of the number over it, whichever is wider)
        first = max([halves[0]] + [item.boundingRect().width() / 2 + 2 for item in self.bar_texts
                                   if item.pos().x() == 0])
        left = max(0.6, first * right / max(width - first, 1.0))
        pitch = width / (right + left)
        self.bars_plot.setXRange(-left, right, padding=0)
        spans = [((i + left) * pitch - half, (i + left) * pitch + half) for i, half in enumerate(halves)]
        inside = [i for i, (low, high) in enumerate(spans) if low >= 0 and high <= width]
        kept = [inside[j] for j in spaced_out([spans[i] for i in inside], gap=metrics.horizontalAdvance(" "))]
        axis.setTicks([[(i, self.tick_labels[i]) for i in sorted(kept)]])

    def add_pane(self, widget: QWidget, title: str, key: str) -> None:
        """One more page, chosen in `pane_box` as `title` (item data: `key`, the state's node_pane)."""
        page = Page(widget)  # its minimum height comes from its layout (see _show_pane)
        self.pane_stack.addWidget(page)
        self.pane_box.addItem(title, key)
        self._show_pane(self.pane_box.currentIndex())

    def _show_pane(self, index: int) -> None:
        """Show page `index`; the hidden pages ask for no room (a stack is otherwise as tall as
        its tallest page: the what-if pane's 24 lines made the bars' page scroll)."""
        for i in range(self.pane_stack.count()):
            shown = QSizePolicy.Policy.Preferred if i == index else QSizePolicy.Policy.Ignored
            self.pane_stack.widget(i).setSizePolicy(shown, shown)
        self.pane_stack.setCurrentIndex(index)
        self.pane_stack.updateGeometry()

    def show_inspection(self, n, taken: dict, receiver: str | None) -> None:
        """`taken`: {token id: "kept" or "finished"} for the tokens the search took after this
        prefix (coloured bars); `receiver`: the title of the view a Send goes to, or None."""
        self.inspection = n
        self.title.setText(self.tr("After ⟨s⟩{0}: what comes next?").format(after_bos(n.prefix_tokens, n.target_unit)))
        top = n.top(self.TOP_K)
        brushes = [STATUS_BRUSHES.get(taken.get(token_id), NOT_TAKEN_BRUSH) for token_id, _, _ in top]
        x = np.arange(len(top))
        heights = np.array([p for _, _, p in top])
        self.bars.setOpts(x=x, height=heights, width=0.8, brushes=brushes)
        for item in self.bar_texts:
            self.bars_plot.removeItem(item)
        self.bar_texts = []
        for i, (_, _, p) in enumerate(top):
            if p < self.LABEL_FROM:
                continue
            text = pg.TextItem(style.fixed(p, 2), color=style.plot_text(), anchor=(0.5, 1.0))
            text.setFont(style.font())
            text.setPos(i, p + 0.01)
            self.bars_plot.addItem(text)
            self.bar_texts.append(text)
        self.tick_labels = [display_token(label) for _, label, _ in top]
        self._fit_ticks()
        v = len(n.labels)
        text = self.tr("Entropy H = {0} bits (uniform over {1} tokens: {2}). Blue: kept by the search, green: "
                       "finished.").format(style.fixed(n.entropy_bits), v, style.fixed(float(np.log2(v))))
        never = never_allowed_ids(n)
        if never:
            text += " " + self.tr("Never allowed (the search cannot write them): {0}.").format(
                ", ".join(display_token(n.labels[i]) for i in never))
        self.entropy_label.setText(text)
        self.set_receiver(receiver)
        self._sync_attention_box()
        self._render_attention()

    def _sync_attention_box(self):
        layers, heads = self.inspection.cross.shape[:2]
        options = []
        if (layers, heads) == (1, 1):  # the RNN: one matrix, not "layer 1 · head 1"
            options.append((self.tr(SINGLE_ATTENTION), (0, 0)))
        else:
            for layer in range(layers):
                if heads > 1:
                    options.append((self.tr("layer {0} · mean over heads").format(layer + 1), (layer, None)))
                for head in range(heads):
                    options.append((self.tr("layer {0} · head {1}").format(layer + 1, head + 1), (layer, head)))
        self.attention_box.setEnabled(len(options) > 1)
        if self._attention_options == [o for _, o in options]:
            return
        self._attention_options = [o for _, o in options]
        with QSignalBlocker(self.attention_box):
            self.attention_box.clear()
            for label, option in options:
                self.attention_box.addItem(label, attention_key(*option))
            default = (layers - 1, None) if heads > 1 else (layers - 1, 0)
            chosen = self.attention_box.findData(self.view_state.node_attention)
            self.attention_box.setCurrentIndex(chosen if chosen >= 0 else self._attention_options.index(default))

    def attention_matrix(self) -> np.ndarray:
        index = self.attention_box.currentIndex()
        layer, head = self._attention_options[index] if index >= 0 else (0, None)
        stack = self.inspection.cross[layer]
        return stack.mean(axis=0) if head is None else stack[head]

    def _render_attention(self, *_):
        n = self.inspection
        if n is None or self.attention_box.count() == 0:
            return
        rows = list(n.prefix_tokens) + [self.tr("next?")]
        self.heatmap.set_matrix(self.attention_matrix(), rows, list(n.source_tokens),
                                row_title=self.tr("producing"), column_title=self.tr("input"))

    def _on_bars_clicked(self, event):
        if self.inspection is None:
            return
        p = self.bars_plot.getPlotItem().vb.mapSceneToView(event.scenePos())
        i = int(round(p.x()))
        top = self.inspection.top(self.TOP_K)
        if 0 <= i < len(top):
            self.token_clicked.emit(top[i][0])
