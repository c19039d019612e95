"""One query row of the heatmap as bars, with its entropy: where this query looks, and how sharply."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QVBoxLayout, QWidget

from app import style
from app.widgets.heatmap import TokenTicks, settle_view
from app.widgets.token_axis import TokenAxis
from app.widgets.tokens import display_token, display_tokens
from engine.infotheory import row_entropies


class RowPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.plot = pg.PlotWidget(background=style.plot_background(), axisItems={"bottom": TokenAxis("bottom")})
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.plot.setYRange(0, 1)
        # the weights' axis keeps 0…1 without an SI prefix; with one, pyqtgraph re-set its title's
        # HTML whenever the keys' range changed (every word typed)
        # (the hidden top and right axes follow the ranges too: the same, for nothing)
        for side in ("left", "top", "right"):
            self.plot.getAxis(side).enableAutoSIPrefix(False)
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8, brush=style.ACCENT)
        self.plot.addItem(self.bars)
        # every k-th key when they do not fit side by side: the panel is narrow, and 37 characters
        # over 260 pixels ran into one another; hovering the heatmap names every key
        self.key_ticks = TokenTicks(self.plot.getPlotItem(), "bottom", 0.0)
        self.title = style.title_label(self.tr("Click a query row of the heatmap"), scale=1.1)
        self.entropy_label = style.wrapped_label()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.entropy_label)
        self.apply_zoom()

    def apply_zoom(self) -> None:
        font = style.font()
        for side in ("left", "bottom"):
            self.plot.getAxis(side).setTickFont(font)
        # the first and last keys' labels reach past the axis' ends when bars are narrow, and
        # pyqtgraph drops such a label unless it is allowed that many pixels beyond them
        self.plot.getAxis("bottom").setStyle(hideOverlappingLabels=QFontMetrics(font).horizontalAdvance("⟨/s⟩"))
        self.key_ticks.update()  # a larger font fits fewer labels
        self.plot.setLabel("left", self.tr("weight"), **{"font-size": f"{style.point_size():.1f}pt", "color": style.plot_text().name()})

    def clear(self) -> None:
        self.bars.setOpts(x=[], height=[])
        self.entropy_label.setText("")
        self.title.setText(self.tr("Click a query row of the heatmap"))

    def show_row(self, index: int, row: np.ndarray, query: str, keys, n_allowed: int) -> None:
        """Row `index` (labelled `query`) over `keys`; `n_allowed` keys could be attended at all."""
        # the brush in the current theme's accent (set once, the light navy stayed on the dark black)
        self.bars.setOpts(x=np.arange(len(row)), height=row.astype(np.float64), width=0.8, brush=style.ACCENT)
        self.key_ticks.held = True  # the labels chosen once, for the new keys at the new range
        try:
            self.key_ticks.set_labels(display_tokens(keys))
            if self.plot.getPlotItem().vb.viewRange()[0] != [-0.6, len(row) - 0.4]:  # (each sets the axes out again)
                self.plot.setXRange(-0.6, len(row) - 0.4, padding=0)
        finally:
            self.key_ticks.held = False
        self.key_ticks.update()
        settle_view(self.plot.getPlotItem().vb)
        self.title.setText(self.tr("Row {0}: query '{1}'").format(index, display_token(query)))
        h = float(row_entropies(row))
        if n_allowed == 1:  # the first decoder query sees only ⟨s⟩: "uniform over 1 keys" read wrong
            self.entropy_label.setText(self.tr("Entropy of this row: {0} bits (one key can be attended: it "
                                               "gets all the weight)").format(style.fixed(h)))
            return
        self.entropy_label.setText(
            self.tr("Entropy of this row: {0} bits (uniform over {1} keys: {2})").format(
                style.fixed(h), n_allowed, style.fixed(np.log2(max(n_allowed, 1)))))
