"""Entropy & KL: a calculator for entropy, cross-entropy, KL and JS divergence, code lengths and
the KL divergence of two Gaussians.

Two request loops: every edit of P or Q sends one CallRequest(engine.infotheory.analyse) on the
"entropy" channel, whose messages appear in the input column (under the box they are about);
the Gaussian sliders send CallRequest(engine.infotheory.gaussian_report) on "entropy-gaussian",
whose messages appear in the Gaussians tab.  A bad input keeps the last good numbers, bars and
tables on screen, greyed; nothing the student typed is ever replaced without an undo step.

The panels — the input column (inputs.py) and the three tabs (distributions_tab.py,
codes_tab.py, gaussians_tab.py) — only show what they are given and signal edits; requests,
results, presets, routing and exports are handled here.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QMenu, QPushButton, QVBoxLayout, QWidget

from app import style
from app.engine_text import engine_message
from app.export import ExportButton
from app.binding import bind_tab, bind_widgets
from app.views.base import View, shortened, shows
from app.views.entropy.codes_tab import CodeLengthsTab
from app.views.entropy.distributions_tab import DistributionsTab
from app.views.entropy.gaussians_tab import GaussiansTab
from app.views.entropy.inputs import DistributionInputs, replace_text
from app.views.entropy.state import TABS, EntropyState
from app.views.entropy.units import unit_name
from app.widgets.form import add_tab
from app.widgets.flow_layout import flow_row
from app.widgets.scrolling_page import ScrollingPage, ScrollingTabs
from engine.distribution_parser import DistributionError, SumError, format_distribution, parse_distribution
from engine.entropy_analysis import analyse, gaussian_report
from engine.jobs import CallRequest

# Presets from the lesson: (key, P, Q).  Titles are translated in EntropyView.preset_titles(); the
# texts too (context "EntropyPresets"), so the outcomes are named in the interface language.
PRESETS = (
    ("two", QT_TRANSLATE_NOOP("EntropyPresets", "sunny: 0.5, rainy: 0.5"), ""),
    ("four", QT_TRANSLATE_NOOP("EntropyPresets", "sunny: 0.25, cloudy: 0.25, rain: 0.25, snow: 0.25"), ""),
    ("skewed", QT_TRANSLATE_NOOP("EntropyPresets", "sunny: 0.8, cloudy: 0.1, rain: 0.05, snow: 0.05"), ""),
    ("rainy", QT_TRANSLATE_NOOP("EntropyPresets", "sunny: 1%, partly sunny: 1%, partly cloudy: 4%, cloudy: 4%,\n"
                                "light rain: 10%, rain: 10%, heavy rain: 35%, thunderstorm: 35%"),
     QT_TRANSLATE_NOOP("EntropyPresets", "sunny: 12.5%, partly sunny: 12.5%, partly cloudy: 12.5%, cloudy: 12.5%,\n"
                       "light rain: 12.5%, rain: 12.5%, heavy rain: 12.5%, thunderstorm: 12.5%")),
)
INITIAL_PRESET = "rainy"
GAUSSIAN_TAB = 2  # the tab with its own controls: the P/Q column is hidden there
#: outcomes named in an export's caption before "…"
CAPTION_OUTCOMES = 4
#: a normalised value is written with the fewest significant digits (at least 6) whose sum is
#: 1 within this tolerance, far inside the parser's 1e-6, so that it reads back without a SumError
NORMALISED_SUM_TOLERANCE = 1e-9


def normalised_text(distribution) -> str:
    """The text of a distribution whose values were divided by their sum: labels kept when they
    were typed; values rounded as briefly as the sum allows (0.555556 rather than 0.5555555555555556)."""
    probabilities = [float(p) for p in distribution.probabilities]
    for digits in range(6, 18):
        rounded = [float(f"{p:.{digits}g}") for p in probabilities]
        if abs(math.fsum(rounded) - 1.0) <= NORMALISED_SUM_TOLERANCE:
            break
    if distribution.labelled:
        return format_distribution(distribution.labels, rounded)
    return " ".join(repr(p) for p in rounded)


class EntropyView(View):
    TITLE = QT_TRANSLATE_NOOP("EntropyView", "Entropy & KL")
    accepts = ("distribution",)
    CHANNEL = "entropy"
    GAUSSIAN_CHANNEL = "entropy-gaussian"
    DEBOUNCE_MS = 30
    State = EntropyState

    def main_plot(self):
        """The tabs of numbers, code lengths and Gaussians: the layout gives it at least 40 % of the window
        (tests/app/test_layout_fit.py)."""
        return self.tabs

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.source_title: str | None = None  # where P came from, when another view sent it
        self.sent_p_text: str | None = None  # P as it was sent: an edit of it is the user's own P
        self._build()
        self._bind()
        self.loop = self.request_loop(self.CHANNEL, build=self.build_request, render=self.render_analysis,
                                      message=self.inputs.message, greys=(self.distributions_tab, self.codes_tab))
        self.gaussian_loop = self.request_loop(self.GAUSSIAN_CHANNEL, build=self.build_gaussian_request,
                                               render=lambda result: self.gaussians_tab.show_report(result.value),
                                               message=self.gaussians_tab.message, greys=(self.gaussians_tab,))
        self.loop.stale_changed.connect(self._offer_normalise)

        state = self.view_state
        state.watch(self.loop.schedule, "p_text", "q_text", "ignore_case", "unit", "normalise")
        state.watch(self.gaussian_loop.schedule, "mu1", "sigma1", "mu2", "sigma2", "unit")
        state.watch(self._on_mode, "mode")
        state.watch(self._on_tab, "tab")
        self.inputs.normalise_requested.connect(self.normalise)
        self._on_mode()
        self._on_tab()

        self.load_preset(INITIAL_PRESET)
        self.loop.submit()
        self.gaussian_loop.submit()

    # ---- construction --------------------------------------------------------------------
    def _build(self) -> None:
        # top bar: input mode, unit, presets, normalise, export
        self.mode_combo = QComboBox()
        for label, mode in ((self.tr("Numbers"), "numbers"), (self.tr("Text → characters"), "char"),
                            (self.tr("Text → words"), "word")):
            self.mode_combo.addItem(label, mode)
        self.mode_combo.setToolTip(self.tr("Numbers: type probabilities, percentages, fractions or counts.\n"
                                           "Text: type text; its character or word frequencies become P (and Q)."))
        self.ignore_case = QCheckBox(self.tr("Ignore case"))
        self.ignore_case.setChecked(True)
        self.unit_combo = QComboBox()
        for label, unit in ((self.tr("bits (log₂)"), "bits"), (self.tr("nats (ln)"), "nats"),
                            (self.tr("hartleys (log₁₀)"), "hartleys")):
            self.unit_combo.addItem(label, unit)
        self.preset_button = QPushButton(self.tr("Presets"))
        menu = QMenu(self.preset_button)
        for key, title in self.preset_titles().items():
            action = menu.addAction(title)
            action.triggered.connect(lambda _=False, k=key: self.load_preset(k))
        self.preset_button.setMenu(menu)
        self.normalise_box = QCheckBox(self.tr("Normalise sums"))
        self.normalise_box.setToolTip(self.tr(
            "Divide probabilities that do not add up to 1 by their sum. Counts are always normalised."))
        self.export_button = ExportButton(self)
        # the row wraps (FlowLayout): in one row it needed 1277 px at 22 pt, 5 more than a 1280 px window has
        top = flow_row((self.tr("Input:"), self.mode_combo), self.ignore_case, (self.tr("Unit:"), self.unit_combo),
                       self.preset_button, self.normalise_box, spacing=12)

        # left: the inputs; right: the three tabs
        self.inputs = DistributionInputs()
        self.tabs = ScrollingTabs()  # a tall page scrolls instead of growing the window
        self.distributions_tab = add_tab(self.tabs, DistributionsTab(), self.tr("Distributions"))
        self.codes_tab = add_tab(self.tabs, CodeLengthsTab(), self.tr("Code lengths"))
        self.gaussians_tab = add_tab(self.tabs, GaussiansTab(), self.tr("Gaussians"))
        # Export (of the tab shown) beside the tabs' names: at the end of the top row it wrapped
        # onto a line of its own at 22 pt and the tabs kept 36 % of a 1280×680 window
        # (in a holder a little lower: QTabWidget puts its corner a pixel above its top edge)
        # (the toggle of the numbers' meanings beside it, shown with the Distributions tab)
        corner = QWidget()
        corner_row = QHBoxLayout(corner)
        corner_row.setContentsMargins(0, 2, 0, 0)
        corner_row.addWidget(self.distributions_tab.meanings_toggle)
        corner_row.addWidget(self.export_button)
        self.tabs.setCornerWidget(corner, Qt.Corner.TopRightCorner)
        # the inputs a quarter of the width (they had 2/7, 362 px of 1272, the boxes holding P and
        # Q with room to spare): at 11 pt on 1280×680 in Chinese the bars, with the tabs' width,
        # keep 41.6 % of the window (958×378 px; 902 px wide, 39.2 %)
        self.body = style.splitter(Qt.Orientation.Horizontal, (ScrollingPage(self.inputs), self.tabs), stretch=(1, 3),
                                   sizes=(300, 1000))

        layout = QVBoxLayout(self)
        layout.addWidget(top)
        layout.addWidget(self.body, 1)

    def _bind(self) -> None:
        state = self.view_state
        gaussians = self.gaussians_tab
        bind_widgets(state, p_text=self.inputs.p_edit, q_text=self.inputs.q_edit, mode=self.mode_combo,
                     ignore_case=self.ignore_case, unit=self.unit_combo, normalise=self.normalise_box,
                     mu1=gaussians.mu1, sigma1=gaussians.sigma1, mu2=gaussians.mu2, sigma2=gaussians.sigma2)
        bind_tab(state, "tab", self.tabs, TABS)

    def preset_titles(self) -> dict[str, str]:
        return {
            "two": self.tr("Two kinds of weather (sunny, rainy)"),
            "four": self.tr("Four equally likely kinds of weather"),
            "skewed": self.tr("80% / 10% / 5% / 5%"),
            "rainy": self.tr("A rainy city (truth P) against a uniform guess (Q)"),
        }

    # ---- inputs --------------------------------------------------------------------------
    def unit(self) -> str:
        return self.view_state.unit

    def mode(self) -> str:
        return self.view_state.mode

    def set_inputs(self, p_text: str, q_text: str | None = None) -> None:
        self.inputs.set_texts(p_text, q_text)
        self.loop.schedule()  # unchanged text emits no textChanged, yet the source note may have changed

    def source_of(self, p_text: str) -> str | None:
        """The view P was sent from, while P is still exactly what it sent (the user's edit
        makes it their own P, and the "sent from" caption would no longer be true)."""
        return self.source_title if p_text == self.sent_p_text else None

    def load_preset(self, key: str) -> None:
        for k, p_text, q_text in PRESETS:
            if k == key:
                self.source_title = None
                p_text, q_text = (QCoreApplication.translate("EntropyPresets", t) if t else ""
                                  for t in (p_text, q_text))
                self._load(p_text, q_text)
                return

    def receive(self, kind: str, payload) -> None:
        """A distribution sent by another view (app.state.SentDistribution) becomes P; Q becomes
        the one sent with it, or is emptied (undoably), as its outcomes would not match."""
        if kind not in self.accepts:
            return super().receive(kind, payload)
        try:
            # float32 softmax outputs add up to 1 only within ~1e-6: tidy them before typing them in
            text = format_distribution(payload.labels, payload.probabilities, tidy=1e-4)
            q = getattr(payload, "q_probabilities", None)
            q_text = "" if q is None else format_distribution(payload.labels, q, tidy=1e-4)
        except Exception as exc:  # a bad message from another view must not break this one
            self.inputs.p_message.show_message(
                self.tr("Could not load the distribution that was sent: {0}").format(engine_message(exc)))
            return
        self._load(text, q_text)
        self.source_title = str(payload.title or "")
        self.sent_p_text = self.view_state.p_text

    def _load(self, p_text: str, q_text: str) -> None:
        """Type in P and Q as numbers and bring a tab that shows them to the front."""
        self.view_state.mode = "numbers"
        self.set_inputs(p_text, q_text)
        if self.view_state.tab == "gaussians":
            self.view_state.tab = "distributions"

    def normalise(self, side: str) -> None:
        """Divide the values in box `side` ("P" or "Q") by their sum, as one undoable edit; the
        other box is left alone."""
        edit = self.inputs.edit(side)
        try:
            distribution = parse_distribution(edit.toPlainText(), normalize=True)
        except DistributionError:  # no longer numbers that can be normalised: the loop says why
            return
        replace_text(edit, normalised_text(distribution))

    def _has_sum_error(self, side: str) -> bool:
        """The values in box `side` are read, and only their sum is wrong (what Normalise fixes)."""
        if self.mode() != "numbers" or self.view_state.normalise:
            return False
        try:
            parse_distribution(self.view_state.p_text if side == "P" else self.view_state.q_text)
        except SumError:
            return True
        except DistributionError:
            return False
        return False

    def _offer_normalise(self, stale: bool) -> None:
        side = self.inputs.message.side if stale else None
        self.inputs.offer_normalise(side if side is not None and self._has_sum_error(side) else None)

    def _on_mode(self, *_) -> None:
        text_mode = self.mode() != "numbers"
        self.ignore_case.setVisible(text_mode)
        self.normalise_box.setEnabled(not text_mode)
        self.inputs.set_text_mode(text_mode)
        self.loop.schedule()

    def _on_tab(self, *_) -> None:
        self.inputs.setVisible(self.view_state.tab != "gaussians")
        self.distributions_tab.meanings_toggle.setVisible(self.view_state.tab == "distributions")

    # ---- requests and results ------------------------------------------------------------
    def build_request(self) -> CallRequest:
        """Errors come from the engine (DistributionError, SumError), P's and Q's named."""
        state = self.view_state
        return CallRequest(analyse, (state.p_text, state.q_text), {
            "unit": state.unit, "mode": state.mode, "normalize": state.normalise, "ignore_case": state.ignore_case,
        })

    def blank(self, loop) -> None:
        """A restored scene whose P or Q cannot be read shows no numbers and no bars (they were
        the previous input's: a uniform Q drawn beside an empty Q box)."""
        if loop is not self.loop:  # the Gaussians' spin boxes hold only numbers they can draw
            return super().blank(loop)
        for tab in (self.distributions_tab, self.codes_tab):
            style.set_greyed(tab, True, blank=True)

    def build_gaussian_request(self) -> CallRequest:
        return CallRequest(gaussian_report, self.view_state.gaussians(), {"unit": self.view_state.unit})

    def render_analysis(self, result) -> None:
        """Show an engine.infotheory.Analysis."""
        a = result.value
        for tab in (self.distributions_tab, self.codes_tab):
            style.set_greyed(tab, False)  # blanked while a restored scene's P or Q was invalid
        self.inputs.show_sources(a, self.source_of(result.request.args[0]))
        self.distributions_tab.show_analysis(a)
        self.codes_tab.show_analysis(a)

    analysis = shows("loop", "The engine.infotheory.Analysis on screen.")

    gaussian = shows("gaussian_loop", "The engine.infotheory.GaussianReport on screen.")

    @property
    def stale(self) -> bool:
        """Some tab shows numbers of an earlier input, greyed (View.stale greys `content` with an
        opacity effect instead, which does not reach plots and tables drawn in their own viewports)."""
        return any(tab.stale for tab in (self.distributions_tab, self.codes_tab, self.gaussians_tab))

    def apply_zoom(self) -> None:
        super().apply_zoom()
        self.inputs.fit_boxes()
        for tab in (self.distributions_tab, self.codes_tab, self.gaussians_tab):
            tab.apply_zoom()

    # ---- exports -------------------------------------------------------------------------
    def scene_caption(self) -> str:
        """A lecture scene's name: P as typed (two scenes of different distributions were both
        named "Entropy & KL"), or on their tab the two Gaussians."""
        state = self.view_state
        if state.tab == "gaussians":
            return self.tr("N({0}, {1}²) against N({2}, {3}²)").format(*(f"{x:g}" for x in state.gaussians()))
        return self.tr("P = {0}").format(shortened(state.p_text, 40))

    def picture(self):
        """The current tab (with the P/Q column beside the Distributions and Code lengths tabs)
        and a caption saying what it shows."""
        if self.tabs.currentIndex() == GAUSSIAN_TAB:
            g = self.gaussian
            if g is None:
                raise ValueError(self.tr("Nothing to export yet."))
            # the parameters of the densities drawn, not the sliders' (they may have moved since)
            mu1, sigma1, mu2, sigma2 = (style.format_number(v) for v in self.gaussian_loop.request.args)
            caption = self.tr("{0} · Gaussians: N₁ = N({1}, {2}²), N₂ = N({3}, {4}²) · {5}").format(
                self.title(), mu1, sigma1, mu2, sigma2, unit_name(g.unit))
            return self.gaussians_tab, caption
        a = self.analysis
        if a is None:
            raise ValueError(self.tr("Nothing to export yet."))
        parts = [self.title(), self.tr("P: {0}").format(self._summary(a.labels, a.p))]
        if a.has_q:
            parts.append(self.tr("Q: {0}").format(self._summary(a.labels, a.q)))
        source = self.source_of(self.loop.request.args[0])
        if source:
            parts.append(self.tr("P sent from: {0}").format(source))
        parts.append(unit_name(a.unit))
        return self.body, " · ".join(parts)

    def _summary(self, labels, probabilities) -> str:
        shown = ", ".join(f"{label} {style.format_number(p, 3)}"
                          for label, p in zip(labels[:CAPTION_OUTCOMES], probabilities[:CAPTION_OUTCOMES]))
        if len(labels) > CAPTION_OUTCOMES:
            shown += self.tr(", … ({0} outcomes)").format(len(labels))
        return shown

    def export_csv(self, path):
        """The current tab's data: the per-outcome table, the code table or the two densities."""
        return self.tabs.currentWidget().export_csv(path)
