"""The typed sentence as a strip: one chip per predicted token (its probability written under
it, its colour by the probability on a log scale, the counts behind it in its tooltip), and the
sentence's log P, cross-entropy and perplexity."""
from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from app import style
from app.widgets.tokens import display_token

#: the strip's colour runs over log10 P from this (and below) to 0
LOWEST_DECADE = -6.0
#: chips drawn at most: a pasted paragraph of 2,000 words made 2,000 labels and held the GUI
#: thread for 560 ms (found by the soak test); the sums below still count every token
MAX_CHIPS = 120


def probability_shade(p: float) -> float:
    """P on the colour map's 0…1: log10 P from LOWEST_DECADE to 0 (0 for P = 0)."""
    if p <= 0:
        return 0.0
    return min(1.0, max(0.0, 1.0 - math.log10(p) / LOWEST_DECADE))


def context_text(context) -> str:
    return " ".join(display_token(t) for t in context) if context else "∅"


class SentencePanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.caption = style.title_label(self.tr("Each predicted token and its probability P(w | the n − 1 tokens "
                                                 "before it), coloured by log₁₀ P along the colour map (10⁻⁶ or less at its low end, 1 at its high end); "
                                                 "hover for the counts"))
        self.log_label = style.title_label(scale=1.2)
        self.entropy_label = style.title_label(scale=1.2)
        self.perplexity_label = style.title_label(scale=1.5)
        self.conventions = style.note_label()
        self.chips: list[QLabel] = []
        self.chip_row = QHBoxLayout()
        self.chip_row.setContentsMargins(0, 0, 0, 0)
        self.chip_row.addStretch(1)
        self.holder = QWidget()
        self.holder.setLayout(self.chip_row)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.holder)
        self.scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addWidget(self.scroll)
        self.more_label = style.note_label("")
        layout.addWidget(self.more_label)
        layout.addWidget(self.log_label)
        layout.addWidget(self.entropy_label)
        layout.addWidget(self.perplexity_label)
        layout.addWidget(self.conventions)
        layout.addStretch(1)

    def convention_note(self, conventions: str) -> str:
        """The padding and unknown-word rules the model of the report follows, in words."""
        if conventions == "textbook":
            return self.tr(
                "Textbook conventions: n − 1 ⟨s⟩ before each sentence and one ⟨/s⟩ after it; only the words and "
                "that ⟨/s⟩ are predicted and counted, so the vocabulary V is the training words, <unk> and ⟨/s⟩ "
                "(⟨s⟩ is never predicted). Words never seen in training become <unk>.")
        return self.tr(
            "Conventions of nltk.lm (its padded_everygram_pipeline): n − 1 ⟨s⟩ before each sentence and n − 1 ⟨/s⟩ "
            "after it, all counted as words, so the vocabulary V (add-one adds 1 for each of its words) holds ⟨s⟩, "
            "⟨/s⟩ and <UNK> too; each word and the first ⟨/s⟩ are predicted. Unknown-word cut-off 1: words never "
            "seen in training become <UNK>. At n = 1 nothing is padded, so ⟨/s⟩ itself is <UNK>.")

    def show_report(self, report) -> None:
        self.conventions.setText(self.convention_note(report.conventions))
        score = report.score
        shown = min(len(score.tokens), MAX_CHIPS)
        while len(self.chips) < shown:
            chip = QLabel()
            chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
            chip.setMargin(6)
            chip.setAutoFillBackground(True)  # coloured through its palette: a style sheet per chip is slow
            self.chips.append(chip)
            self.chip_row.insertWidget(len(self.chips) - 1, chip)
        for i, chip in enumerate(self.chips):
            chip.setVisible(i < shown)
        cmap = style.colour_map()
        font = style.font(1.3)
        for chip, token, p, found in zip(self.chips[:shown], score.tokens, score.probabilities, report.evidence):
            background = cmap.map(probability_shade(float(p)), mode="qcolor")
            palette = chip.palette()
            palette.setColor(QPalette.ColorRole.Window, background)
            palette.setColor(QPalette.ColorRole.WindowText,
                             QColor("#111111" if background.lightnessF() > 0.55 else "#f5f5f5"))
            chip.setPalette(palette)
            if chip.font() != font:
                chip.setFont(font)
            chip.setText(f"{display_token(token)}\n{style.format_number(float(p), 4)}")
            chip.setToolTip(self.evidence_text(found))
        self.more_label.setText(self.tr("The strip shows the first {0} of {1} tokens; log P, H and PP count them "
                                        "all.").format(shown, len(score.tokens)) if shown < len(score.tokens) else "")
        self.more_label.setVisible(shown < len(score.tokens))
        # the strip scrolls sideways only: it is as tall as its chips at the current text size
        self.scroll.setFixedHeight(self.holder.sizeHint().height()
                                   + self.scroll.horizontalScrollBar().sizeHint().height())
        self.log_label.setText(self.tr("log₂ P(sentence) = {0}").format(style.format_number(score.log2_probability, 5)))
        self.entropy_label.setText(self.tr("cross-entropy H = −(1/N) Σ log₂ P = {0} bits/token  (N = {1})").format(
            style.format_number(score.cross_entropy, 5), len(score.tokens)))
        self.perplexity_label.setText(self.tr("perplexity PP = 2^H = {0}").format(
            style.format_number(score.perplexity, 5)))

    def evidence_text(self, found) -> str:
        """The counts behind one probability, order by order, and where a back-off lands."""
        lines = [self.tr("P({0} | {1}) = {2}").format(display_token(found.word), context_text(found.contexts[0]),
                                                      style.format_number(found.probability, 6))]
        if found.mle_is_defined:
            lines.append(self.tr("MLE c(h w) / c(h) = {0} / {1} = {2}").format(
                found.counts[0], found.context_counts[0], style.format_number(found.mle, 6)))
        else:
            lines.append(self.tr("MLE undefined: the context h was never seen (c(h) = 0)"))
        for k, context, c, total in zip(range(len(found.counts), 0, -1), found.contexts, found.counts,
                                        found.context_counts):
            lines.append(self.tr("order {0}: c({1} {2}) = {3}, c({1}) = {4}").format(
                k, context_text(context), display_token(found.word), c, total))
        if found.backoff_order == len(found.counts):
            lines.append(self.tr("seen after the full context: the n-gram estimate is used"))
        elif found.backoff_order > 0:
            lines.append(self.tr("back-off lands at order {0} (the highest order with a count)").format(
                found.backoff_order))
        else:
            lines.append(self.tr("never seen at any order: only smoothing gives it probability"))
        return "\n".join(lines)
