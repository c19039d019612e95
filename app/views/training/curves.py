"""The curve plots of the training view: one pyqtgraph plot with named series (run A in one
colour, run B in another; the second quantity of a run in a thinner or dashed line), updated in
place as the trainer reports."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

from app import style
from app.widgets.plot_text import style_plot_text
from app.widgets.legend_room import legend_in_band

#: run A and run B (the colours of the attention view's series: readable in both themes)
RUN_COLOURS = {"A": "#1f77b4", "B": "#ff7f0e"}


class CurvePlot(pg.PlotWidget):
    def __init__(self, left: str, bottom: str, parent=None):
        super().__init__(parent, background=style.plot_background())
        self.titles = {"left": left, "bottom": bottom}
        self.setMenuEnabled(False)
        self.showGrid(x=True, y=True, alpha=0.25)
        legend_in_band(self.getPlotItem(), self.addLegend(), columns=2)  # never over the curves
        self.series: dict[str, pg.PlotDataItem] = {}
        self.run_of: dict[str, str] = {}  # series key -> its run ("A", "B")

    def add_series(self, key: str, label: str, run: str, width: float = 3, dashed: bool = False,
                   symbol: str | None = None) -> pg.PlotDataItem:
        pen = pg.mkPen(RUN_COLOURS[run], width=width,
                       style=Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine)
        item = self.plot([], [], pen=pen, name=label, symbol=symbol, symbolSize=8,
                         symbolBrush=RUN_COLOURS[run], symbolPen=None)
        item.setClipToView(True)
        item.setDownsampling(auto=True, method="peak")
        self.series[key] = item
        self.run_of[key] = run
        return item

    def set(self, key: str, x, y) -> None:
        self.series[key].setData(np.asarray(x, dtype=float), np.asarray(y, dtype=float))

    def data(self, key: str) -> tuple[np.ndarray, np.ndarray]:
        """(x, y) as drawn (tests compare them with the trainer's own events)."""
        x, y = self.series[key].getOriginalDataset()
        return (np.zeros(0) if x is None else x), (np.zeros(0) if y is None else y)

    def set_bottom(self, text: str) -> None:
        self.titles["bottom"] = text
        self.apply_zoom()

    def apply_zoom(self) -> None:
        style_plot_text(self.getPlotItem(), self.titles)  # the title's room: app/widgets/title_room.py

    def clear_series(self, run: str | None = None) -> None:
        """Remove the curves of `run` (None: of every run)."""
        for key in [k for k, r in self.run_of.items() if run is None or r == run]:
            self.removeItem(self.series.pop(key))  # also takes it out of the legend
            del self.run_of[key]
