"""The model's output, one cell per token, each with its probability underneath.

Only the tokens that can be on screen are written into the label: a decoder-only Hugging Face
model "outputs" its prediction after every input token, 512 cells at 512 tokens, and Qt laid out
that whole rich-text table (~40 ms) at each keystroke to show the 30-60 cells the strip's width
holds (the rest is cut at its edge).  The cells written are those that fit the widest the strip
can be (the desktop, or its own width if larger), counted with a lower bound on a cell's width,
so what is shown is the same; a strip made wider than that writes more."""
from __future__ import annotations

import html
import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication
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
    #: a cell's horizontal padding (CSS "padding:0 4px" on each cell), in pixels
    CELL_PADDING = 8

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tokens: list[str] = []
        self.probabilities: list[float] = []
        self.caption = self.mark = ""
        self.trusted = True
        #: (tokens written into the label, the width in pixels they were counted for)
        self._written = (0, 0)

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
        self._write()

    def width_budget(self) -> int:
        """The widest this strip can be shown, in pixels: its own width, the whole desktop or its
        minimum width's cap, whichever is largest (a strip made wider writes more: resizeEvent)."""
        desktop = max((screen.virtualGeometry().width() for screen in QGuiApplication.screens()), default=0)
        return max(self.width(), desktop, round(self.fontMetrics().horizontalAdvance("M") * self.MAX_EMS))

    def cells_within(self, pixels: int) -> int:
        """How many token cells are enough to fill `pixels`: every cell is at least its padding
        plus its probability ("0.42" in the small font) wide, whatever its token; taken at 90 %
        of that, so the count never falls short of the cells that fit."""
        font = QFont(self.font())
        font.setPointSizeF(style.point_size(0.85))
        metrics = QFontMetricsF(font)
        digit = min(metrics.horizontalAdvance(d) for d in "0123456789")
        least = self.CELL_PADDING + 0.9 * (3 * digit + metrics.horizontalAdvance("."))
        return math.ceil(pixels / least) + 1

    def _write(self) -> None:
        budget = self.width_budget()
        count = min(len(self.tokens), self.cells_within(budget))
        self._written = (count, budget)
        tokens, probabilities = self.tokens[:count], self.probabilities[:count]
        big, small = style.point_size(1.8), style.point_size(0.85)  # follow the zoom
        top = "".join(
            f"<td align='center' style='font-size:{big:.1f}pt; font-family:monospace; padding:0 4px'>"
            f"{html.escape(display_token(t))}</td>" for t in tokens)
        bottom = "".join(
            f"<td align='center' style='font-size:{small:.1f}pt; color:{self.probability_colour(p)}; padding:0 4px'>"
            f"{p:.2f}</td>" for p in probabilities)
        head = f"<td style='padding-right:10px'><b>{html.escape(self.caption)}</b></td>" if self.caption else ""
        if self.mark and count == len(self.tokens):  # (after a cut it would lie beyond the edge)
            top += (f"<td style='padding-left:12px; color:{style.ERROR.name()}'><b>{html.escape(self.mark)}</b></td>")
        self.setText(f"<table cellspacing='0'><tr>{head}{top}</tr><tr>{'<td></td>' if self.caption else ''}{bottom}</tr></table>")

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        count, budget = self._written
        if count < len(self.tokens) and self.width() > budget:
            self._write()  # wider than the cells written reach
