"""Node inspection in the beam-search view: what the model would write after a prefix (the top
next-token probabilities as bars, with the entropy) and the prefix's cross-attention."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QSplitter, QVBoxLayout, QWidget

from app.views.beam_style import after_bos, fmt, point_font, title_label, wrapped_label
from app.widgets.heatmap import AttentionHeatmap
from app.widgets.tokens import display_token

STATUS_BRUSHES = {"finished": "#2e7d32", "kept": "#1565c0"}
NOT_TAKEN_BRUSH = "#b0bec5"


class NodePanel(QWidget):
    """`show_inspection` draws an engine.beam_analysis.NodeInspection.  Further panes (the
    what-if panel) can sit beside the heatmap under the same title."""

    TOP_K = 10
    send_requested = Signal()
    #: the token id of a clicked bar
    token_clicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.inspection = None
        self.title = title_label(self.tr("Click a node of the tree to see what the model would write next."))
        self.bars_plot = pg.PlotWidget(background="w")
        self.bars_plot.setMenuEnabled(False)
        self.bars_plot.hideButtons()
        self.bars_plot.setMouseEnabled(False, False)
        self.bars_plot.setYRange(0, 1.08, padding=0)
        self.bars_plot.setLabel("left", "P(next token)")
        self.bars_plot.getAxis("bottom").setTickFont(point_font(12))
        self.bars_plot.getAxis("bottom").setTextPen("#111")
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8, brush="#90a4ae")
        self.bars_plot.addItem(self.bars)
        self.bar_texts: list = []
        self.bars_plot.scene().sigMouseClicked.connect(self._on_bars_clicked)
        self.entropy_label = wrapped_label(style="font-size: 12pt")
        self.send_button = QPushButton(self.tr("Send to Entropy && KL"))
        self.send_button.setEnabled(False)
        self.send_button.clicked.connect(self.send_requested)
        bars_panel = QWidget()
        bars_layout = QVBoxLayout(bars_panel)
        bars_layout.setContentsMargins(0, 0, 0, 0)
        bars_layout.addWidget(self.bars_plot, 1)
        row = QHBoxLayout()
        row.addWidget(self.entropy_label, 1)
        row.addWidget(self.send_button)
        bars_layout.addLayout(row)

        self.heatmap = AttentionHeatmap()
        self.heatmap.set_tick_font_size(11)
        self.attention_box = QComboBox()
        self._attention_options: list = []  # (layer, head or None) per entry
        heat_panel = QWidget()
        heat_layout = QVBoxLayout(heat_panel)
        heat_layout.setContentsMargins(0, 0, 0, 0)
        heat_row = QHBoxLayout()
        heat_row.addWidget(QLabel(self.tr("Cross-attention of this prefix:")))
        heat_row.addWidget(self.attention_box, 1)
        heat_layout.addLayout(heat_row)
        heat_layout.addWidget(self.heatmap, 1)
        self.attention_box.currentIndexChanged.connect(self._render_attention)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        layout.addWidget(self.split, 1)
        self.add_pane(bars_panel, 4)
        self.add_pane(heat_panel, 5)

    def add_pane(self, widget: QWidget, stretch: int) -> None:
        self.split.addWidget(widget)
        self.split.setStretchFactor(self.split.count() - 1, stretch)

    def show_inspection(self, n, taken: dict, can_send: bool) -> None:
        """`taken`: {token id: "kept" or "finished"} for the tokens the search took after this
        prefix (coloured bars); `can_send`: whether the Send button has somewhere to send to."""
        self.inspection = n
        self.title.setText(self.tr("After ⟨s⟩{0}: what comes next?").format(after_bos(n.prefix_tokens)))
        top = n.top(self.TOP_K)
        brushes = [STATUS_BRUSHES.get(taken.get(token_id), NOT_TAKEN_BRUSH) for token_id, _, _ in top]
        x = np.arange(len(top))
        heights = np.array([p for _, _, p in top])
        self.bars.setOpts(x=x, height=heights, width=0.8, brushes=brushes)
        for item in self.bar_texts:
            self.bars_plot.removeItem(item)
        self.bar_texts = []
        for i, (_, _, p) in enumerate(top):
            text = pg.TextItem(f"{p:.2f}", color="#263238", anchor=(0.5, 1.0))
            text.setPos(i, p + 0.01)
            self.bars_plot.addItem(text)
            self.bar_texts.append(text)
        self.bars_plot.getAxis("bottom").setTicks([[(i, display_token(label)) for i, (_, label, _) in enumerate(top)]])
        self.bars_plot.setXRange(-0.6, len(top) - 0.4, padding=0)
        v = len(n.labels)
        self.entropy_label.setText(self.tr("Entropy H = {0} bits (uniform over {1} tokens: {2}). Blue: kept by the "
                                           "search, green: finished.").format(fmt(n.entropy_bits), v,
                                                                              fmt(float(np.log2(v)))))
        self.send_button.setEnabled(can_send)
        self._sync_attention_box()
        self._render_attention()

    def _sync_attention_box(self):
        layers, heads = self.inspection.cross.shape[:2]
        options = []
        for layer in range(layers):
            if heads > 1:
                options.append((self.tr("layer {0} · mean over heads").format(layer + 1), (layer, None)))
            for head in range(heads):
                options.append((self.tr("layer {0} · head {1}").format(layer + 1, head + 1), (layer, head)))
        if self._attention_options == [o for _, o in options]:
            return
        self._attention_options = [o for _, o in options]
        with QSignalBlocker(self.attention_box):
            self.attention_box.clear()
            for label, _ in options:
                self.attention_box.addItem(label)
            default = (layers - 1, None) if heads > 1 else (layers - 1, 0)
            self.attention_box.setCurrentIndex(self._attention_options.index(default))

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
