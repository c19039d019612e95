"""Perplexity against n (1–5) on the training and the held-out text for the chosen estimator:
the training perplexity falls as n grows while the held-out one rises (MLE, add-δ): the model
learns its training text by heart.  An infinite perplexity (a probability of 0) is never drawn
as a large number: it is a triangle at the top of the plot, labelled ∞, and the note says why."""
from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtWidgets import QVBoxLayout, QWidget

from app import style
from app.widgets.plot_text import style_plot_text
from app.widgets.legend_room import legend_in_band

TRAIN_COLOUR = "#1f77b4"
HELDOUT_COLOUR = "#d62728"
# the ∞ markers sit this far above the highest finite perplexity (the plot's top a little higher)
TOP_MARGIN = 1.2
# the two texts' ∞ markers at one n sit this far left and right of it, so that both show
SIDE_BY_SIDE = 0.08


class OrdersPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.caption = style.wrapped_label()
        self.plot = pg.PlotWidget(background=style.plot_background())
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        # in a band of its own: in the bottom-left corner it covered the unigram points at 22 pt
        legend_in_band(self.plot.getPlotItem(), self.plot.addLegend(), columns=2)
        self.lines, self.infinite_markers = {}, {}
        for key, name, colour in (("train", self.tr("training text"), TRAIN_COLOUR),
                                  ("heldout", self.tr("held-out text"), HELDOUT_COLOUR)):
            self.lines[key] = self.plot.plot([], [], pen=pg.mkPen(colour, width=3), symbol="o", symbolSize=10,
                                             symbolBrush=colour, symbolPen=None, name=name)
            self.infinite_markers[key] = self.plot.plot([], [], pen=None, symbol="t1", symbolSize=18,
                                                        symbolBrush=colour, symbolPen=None)
        self.infinity_labels: list[pg.TextItem] = []
        self.note = style.wrapped_label()
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.note)
        self.apply_zoom()

    def show_report(self, report, estimator_name: str) -> None:
        curve = report.orders
        values = {"train": curve.train, "heldout": curve.heldout}
        finite = [v for series in values.values() for v in series if not math.isinf(v)]
        top = (max(finite) if finite else 1.0) * TOP_MARGIN
        for label in self.infinity_labels:
            self.plot.removeItem(label)
        self.infinity_labels = []
        for key, series in values.items():
            shown = [(n, v) for n, v in zip(curve.orders, series) if not math.isinf(v)]
            self.lines[key].setData([n for n, _ in shown], [v for _, v in shown])
            endless = [n for n, v in zip(curve.orders, series) if math.isinf(v)]
            shift = -SIDE_BY_SIDE if key == "train" else SIDE_BY_SIDE
            self.infinite_markers[key].setData([n + shift for n in endless], [top] * len(endless))
            for n in endless:
                label = pg.TextItem("∞", color=style.plot_text(), anchor=(0.5, -0.25))  # under its marker
                label.setFont(style.font(1.2))
                label.setPos(n + shift, top)
                self.plot.addItem(label)
                self.infinity_labels.append(label)
        self.plot.setXRange(0.7, curve.orders[-1] + 0.3, padding=0)
        self.plot.setYRange(0, top * 1.25, padding=0)
        self.plot.getAxis("bottom").setTicks([[(n, str(n)) for n in curve.orders]])
        where = (self.tr("the training text (a single line: nothing is held out)") if curve.heldout_is_train
                 else self.tr("the training and the held-out text"))
        self.caption.setText(self.tr("Perplexity of {0} on {1} for n = 1 … {2} (the other settings as chosen "
                                     "above)").format(estimator_name, where, curve.orders[-1]))
        notes = []
        if curve.train_tokens < curve.train_tokens_total:
            notes.append(self.tr("The training text has {0} tokens: fitting five models of all of it would take "
                                 "too long and too much memory, so this plot uses its first {1}.").format(f"{curve.train_tokens_total:,}",
                                                                          f"{curve.train_tokens:,}"))
        if any(math.isinf(v) for series in values.values() for v in series):
            notes.append(self.tr("▲ ∞: a token of that text has probability 0 (never seen in training): infinite "
                                 "perplexity."))
            if math.isinf(curve.train[0]) and report.conventions == "nltk":
                notes.append(self.tr("nltk's unigram model scores ⟨/s⟩ as <UNK>, which MLE never saw."))
        self.note.setText(" ".join(notes))
        self.note.setVisible(bool(notes))

    def apply_zoom(self) -> None:
        style_plot_text(self.plot.getPlotItem(), {"bottom": self.tr("n (the model's order)"),
                                                  "left": self.tr("perplexity")})
