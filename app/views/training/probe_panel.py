"""The probe's tab: the fixed probe input's cross-attention as each run has it now (a heatmap
redrawn at every snapshot: the diagonal appears), its greedy output with each token's
probability, and the mean row entropy of the attention against steps."""
from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from app import style
from app.views.training.curves import RUN_COLOURS, CurvePlot
from app.widgets.heatmap import AttentionHeatmap


class ProbePanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.outputs = {run: style.wrapped_label() for run in RUN_COLOURS}
        self.heatmaps = {run: AttentionHeatmap() for run in RUN_COLOURS}
        self.entropy = CurvePlot(self.tr("mean row entropy (bits)"), self.tr("step"))
        pictures = QHBoxLayout()
        for run in RUN_COLOURS:
            column = QVBoxLayout()
            column.addWidget(self.outputs[run])
            column.addWidget(self.heatmaps[run], 1)
            pictures.addLayout(column, 2)
        pictures.addWidget(self.entropy, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(pictures, 1)

    def show_probe(self, run: str, snapshot, experiment_label: str) -> None:
        """Run `run`'s latest snapshot (None: nothing yet) drawn in its heatmap and output line."""
        label, heatmap = self.outputs[run], self.heatmaps[run]
        if snapshot is None:
            label.setText(self.tr("{0} {1}: no snapshot yet").format(run, experiment_label))
            heatmap.set_matrix([[0.0]], [""], [""])
            return
        probe = snapshot.probe
        confidence = float(np.mean(probe.output_probabilities)) if len(probe.output_probabilities) else float("nan")
        text = self.tr("{0} {1}, step {2}: probe → “{3}”, mean P of its tokens {4}").format(
            run, experiment_label, snapshot.step, probe.output_text, style.format_number(confidence, 3))
        heatmap.setVisible(probe.attention is not None)
        if probe.attention is None:
            label.setText(text + "\n" + self.tr("No attention to show: this decoder reads only the encoder's "
                                                 "final state."))
            return
        label.setText(text)
        heatmap.set_matrix(probe.attention, list(probe.output_tokens)[:probe.attention.shape[0]],
                           list(probe.source_tokens)[:probe.attention.shape[1]],
                           row_title=self.tr("output"), column_title=self.tr("input"))

    def show_runs(self, runs) -> None:
        for run in RUN_COLOURS:
            shown = run in runs
            self.outputs[run].setVisible(shown)
            self.heatmaps[run].setVisible(shown)

    def apply_zoom(self) -> None:
        for heatmap in self.heatmaps.values():
            heatmap.set_text_size(style.point_size())
        self.entropy.apply_zoom()
