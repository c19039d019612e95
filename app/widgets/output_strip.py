"""The model's output, one cell per token, each with its probability underneath."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from app import style
from app.widgets.tokens import display_token


def probability_colour(p: float) -> str:
    # Confident tokens green, doubtful ones orange/red, in the theme's shades (dark green was
    # unreadable on the dark theme's charcoal)
    confident, unsure, doubtful = style.theme().probability_colours
    if p >= 0.9:
        return confident
    if p >= 0.5:
        return unsure
    return doubtful


class OutputStrip(QLabel):
    """One table row of tokens.  Its minimum width is capped at MAX_EMS ems (a longer output is
    cut at the edge): as wide as its tokens, a 16-word output of the word model asked for
    1,576 pixels and widened the window beyond a 1280-pixel projector (found by the soak)."""

    MAX_EMS = 40

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tokens: list[str] = []
        self.probabilities: list[float] = []
        self.caption = self.mark = ""
        self.trusted = True

    def probability_colour(self, p: float) -> str:
        """A token's probability colour: by its value when the output is trusted, else plain."""
        return probability_colour(p) if self.trusted else self.palette().windowText().color().name()

    def minimumSizeHint(self):  # noqa: N802 - Qt's name
        return style.capped_width(self, super().minimumSizeHint(), self.MAX_EMS)

    def set_tokens(self, tokens, probabilities, caption: str = "", mark: str = "", trusted: bool = True) -> None:
        """`mark`: a short verdict written after the tokens in the error colour ("✗ not a real
        date"), for an output that cannot be right whatever its probabilities say.  `trusted`
        False (the domain checks flagged the input or output): the probabilities are written in
        the plain text colour.  Label smoothing holds every token near 0.92, so a wrong output is
        as "green" as a right one; green is kept for outputs the checks pass, which were right
        2,000 times out of 2,000 on held-out inputs (docs/attention.md)."""
        self.trusted = trusted
        self.tokens = list(tokens)
        self.probabilities = [float(p) for p in probabilities]
        self.caption = caption
        self.mark = mark
        big, small = style.point_size(1.8), style.point_size(0.85)  # follow the zoom
        top = "".join(
            f"<td align='center' style='font-size:{big:.1f}pt; font-family:monospace; padding:0 4px'>"
            f"{html.escape(display_token(t))}</td>" for t in self.tokens)
        bottom = "".join(
            f"<td align='center' style='font-size:{small:.1f}pt; color:{self.probability_colour(p)}; padding:0 4px'>"
            f"{p:.2f}</td>" for p in self.probabilities)
        head = f"<td style='padding-right:10px'><b>{html.escape(caption)}</b></td>" if caption else ""
        if mark:
            top += (f"<td style='padding-left:12px; color:{style.ERROR.name()}'><b>{html.escape(mark)}</b></td>")
        self.setText(f"<table cellspacing='0'><tr>{head}{top}</tr><tr>{'<td></td>' if caption else ''}{bottom}</tr></table>")
