"""The probe's tab: the fixed probe input's cross-attention as each run has it now (a heatmap
redrawn at every snapshot: the diagonal appears), its greedy output with the mean probability of
its tokens, and the mean row entropy of the attention against steps.  The outputs share one line
across the top, so that at a projector's text size the heatmaps keep the height."""
from __future__ import annotations

import numpy as np
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QHBoxLayout, QSizePolicy, QVBoxLayout, QWidget

from app import style
from app.views.training.curves import RUN_COLOURS, CurvePlot
from app.widgets.heatmap import AttentionHeatmap


class ProbePanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.outputs = style.wrapped_label()
        self.texts: dict[str, str] = {}
        self.heatmaps = {run: AttentionHeatmap() for run in RUN_COLOURS}
        #: shown instead of a heatmap for the model without attention
        self.notes = {run: style.wrapped_label(self.tr("No attention to show: this decoder reads only the "
                                                       "encoder's final state.")) for run in RUN_COLOURS}
        self.entropy = CurvePlot(self.tr("mean row entropy (bits)"), self.tr("step"))
        # The outputs' line wraps, so the panel's least height is taken for its width from the
        # pictures' preferred heights (482 px at 22 pt: the tab needed 869 px of height); the
        # pictures ask instead for a few lines of text and take the rest of the page
        for picture in (*self.heatmaps.values(), self.entropy):
            policy = picture.sizePolicy()
            policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
            picture.setSizePolicy(policy)
        pictures = QHBoxLayout()
        for run in RUN_COLOURS:
            pictures.addWidget(self.heatmaps[run], 2)
            pictures.addWidget(self.notes[run], 2)
            self.notes[run].hide()
        pictures.addWidget(self.entropy, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.outputs)
        layout.addLayout(pictures, 1)

    def show_probe(self, run: str, snapshot, experiment_label: str) -> None:
        """Run `run`'s latest snapshot (None: nothing yet) drawn in its heatmap and output text."""
        heatmap = self.heatmaps[run]
        if snapshot is None:
            self.texts[run] = self.tr("{0} {1}: no snapshot yet").format(run, experiment_label)
            heatmap.set_matrix([[0.0]], [""], [""])
        else:
            probe = snapshot.probe
            confidence = float(np.mean(probe.output_probabilities)) if len(probe.output_probabilities) else None
            self.texts[run] = self.tr("{0} · step {1} · probe → “{2}” · mean P of its tokens {3}").format(
                run, snapshot.step, probe.output_text, style.format_number(confidence, 3))
            if probe.attention is not None:
                heatmap.set_matrix(probe.attention, list(probe.output_tokens)[:probe.attention.shape[0]],
                                   list(probe.source_tokens)[:probe.attention.shape[1]],
                                   row_title=self.tr("output"), column_title=self.tr("input"))
        without = snapshot is not None and snapshot.probe.attention is None
        heatmap.setVisible(not without)
        self.notes[run].setVisible(without)
        self.outputs.setText("     ".join(self.texts[r] for r in RUN_COLOURS if r in self.texts))

    def show_runs(self, runs) -> None:
        self.texts = {run: text for run, text in self.texts.items() if run in runs}
        for run in RUN_COLOURS:
            self.heatmaps[run].setVisible(run in runs)
            self.notes[run].hide()

    #: the pictures' least height, in lines of text
    PICTURE_LINES = 6

    def apply_zoom(self) -> None:
        lines = self.PICTURE_LINES * QFontMetrics(QApplication.font()).lineSpacing()
        for picture in (*self.heatmaps.values(), self.entropy):
            picture.setMinimumHeight(lines)
        for heatmap in self.heatmaps.values():
            heatmap.set_text_size(style.point_size())
        self.entropy.apply_zoom()
