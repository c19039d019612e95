"""The model's output, one cell per token, each with its probability underneath.

Only the cells that fit the strip's width are written into the label: a decoder-only Hugging
Face model "outputs" its prediction after every input token, 512 cells at 512 tokens, and Qt laid
out that whole rich-text table (~40 ms) at each keystroke to show the 30-60 cells the strip's
width holds.  Each cell's width is measured (its token's and its probability's advance in the
fonts the table's HTML gives them, plus the padding) from the side shown until the width is
full, so the work follows the width, not the output's length; a resize that changes how many
cells fit writes them again.

An output that does not fit is cut visibly: an ellipsis cell on the side cut says how many
tokens are hidden, and so does the strip's tooltip.  Which side is shown is the caller's choice
(`tail`): the end for a decoder-only model's predictions after each input token, whose last one
is the real next token (what the model would write), the start for an output the model wrote
(a date, a translation), which is read from its beginning."""
from __future__ import annotations

import html
import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF, QTextDocument
from PySide6.QtWidgets import QLabel

from app import style
from app.widgets.tokens import display_token

ELLIPSIS = "…"


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
    #: the caption's and the mark's padding towards the tokens, in pixels
    CAPTION_PADDING, MARK_PADDING = 10, 12

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tokens: list[str] = []
        self.probabilities: list[float] = []
        self.caption = self.mark = ""
        self.trusted = True
        #: True: a cut output shows its end (see the module's docstring)
        self.tail = False
        #: the tokens written into the label: range(first, stop)
        self.shown = range(0)
        #: token index -> its cell's width in pixels, for the fonts of _fonts_key
        self._widths: dict[int, float] = {}
        self._fonts_key = None
        self._metrics: dict[str, QFontMetricsF] = {}

    @property
    def hidden(self) -> int:
        """How many of the tokens the strip does not show (its width holds no more)."""
        return len(self.tokens) - len(self.shown)

    def probability_colour(self, p: float) -> str:
        """A token's probability colour: by its value when the output is trusted, else plain."""
        return probability_colour(p) if self.trusted else self.palette().windowText().color().name()

    def minimumSizeHint(self):  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        cap = round(self.fontMetrics().horizontalAdvance("M") * self.MAX_EMS)
        if self.hidden:  # as wide as every cell would make it (up to the cap), not the cells that fit
            hint.setWidth(max(hint.width(), round(self._whole_width(cap))))
        return style.capped_width(self, hint, self.MAX_EMS)

    def _whole_width(self, limit: float) -> float:
        """The width of the strip with every cell written, counted until it passes `limit` (from
        the side shown: those cells are measured already)."""
        width = self._fixed_width()
        for i in self._order():
            if width > limit:
                break
            width += self._token_width(i)
        return width

    def set_tokens(self, tokens, probabilities, caption: str = "", mark: str = "", trusted: bool = True,
                   tail: bool = False) -> None:
        """`mark`: a short verdict written after the tokens in the error colour ("✗ not a real
        date"), for an output that cannot be right whatever its probabilities say.  `trusted`
        False (the domain checks flagged the input or output): the probabilities are written in
        the plain text colour.  Label smoothing holds every token near 0.92, so a wrong output is
        as "green" as a right one; green is kept for outputs the checks pass, which were right
        2,000 times out of 2,000 on held-out inputs (docs/attention.md).  `tail`: an output that
        does not fit shows its end, else its start."""
        self.trusted = trusted
        self.tokens = list(tokens)
        self.probabilities = [float(p) for p in probabilities]
        self.caption = caption
        self.mark = mark
        self.tail = tail
        self._widths.clear()
        self._write(self._fit())

    # ---- the cells: their HTML, and their widths measured in the fonts that HTML gives them ----
    @staticmethod
    def _sizes() -> tuple[float, float]:
        return style.point_size(1.8), style.point_size(0.85)  # follow the zoom

    def _token_cell(self, text: str) -> str:
        return (f"<td align='center' style='font-size:{self._sizes()[0]:.1f}pt; font-family:monospace; "
                f"padding:0 4px'>{html.escape(text)}</td>")

    def _small_cell(self, text: str, colour: str) -> str:
        return (f"<td align='center' style='font-size:{self._sizes()[1]:.1f}pt; color:{colour}; padding:0 4px'>"
                f"{html.escape(text)}</td>")

    def _caption_cell(self) -> str:
        return f"<td style='padding-right:{self.CAPTION_PADDING}px'><b>{html.escape(self.caption)}</b></td>"

    def _mark_cell(self) -> str:
        return (f"<td style='padding-left:{self.MARK_PADDING}px; color:{style.ERROR.name()}'>"
                f"<b>{html.escape(self.mark)}</b></td>")

    def _more(self, count: int) -> str:
        return self.tr("{0} more").format(count)

    def _measure(self) -> dict[str, QFontMetricsF]:
        """The metrics of a token's, a probability's and the caption's font, read from a
        document holding one cell of each: the fonts Qt's HTML gives them, whatever the
        label's font and the zoom."""
        key = (self.font().key(), self._sizes())
        if key != self._fonts_key:
            document = QTextDocument()
            document.setDefaultFont(self.font())
            document.setHtml(f"<table><tr><td><b>c</b></td>{self._token_cell('t')}{self._small_cell('p', 'red')}"
                             f"</tr></table>")
            fonts = {}
            block = document.begin()
            while block.isValid():
                fragments = block.begin()
                while not fragments.atEnd():
                    fragment = fragments.fragment()
                    fonts[fragment.text()] = fragment.charFormat().font()
                    fragments += 1
                block = block.next()
            self._metrics = {name: QFontMetricsF(QFont(fonts[name])) for name in ("c", "t", "p")}
            self._fonts_key = key
            self._widths.clear()
        return self._metrics

    def _cell_width(self, text: str, small: str) -> float:
        """(In the fonts of the last _measure(): _fixed_width's, which every count starts with.)"""
        metrics = self._metrics
        # Qt's table layout gives each column a whole number of pixels, rounded up (a row of 40
        # cells was 16 px wider than the sum of their advances at 22 pt)
        return math.ceil(max(metrics["t"].horizontalAdvance(text), metrics["p"].horizontalAdvance(small))
                         + self.CELL_PADDING)

    def _fixed_width(self) -> float:
        """The caption's and the mark's cells."""
        bold = self._measure()["c"]
        width = 0
        if self.caption:
            width += math.ceil(bold.horizontalAdvance(self.caption) + self.CAPTION_PADDING)
        if self.mark:
            width += math.ceil(bold.horizontalAdvance(self.mark) + self.MARK_PADDING)
        return width

    def _token_width(self, i: int) -> float:
        width = self._widths.get(i)
        if width is None:
            width = self._widths[i] = self._cell_width(display_token(self.tokens[i]),
                                                       f"{self.probabilities[i]:.2f}")
        return width

    def _order(self) -> range:
        """The tokens from the side shown."""
        n = len(self.tokens)
        return range(n - 1, -1, -1) if self.tail else range(n)

    def _fit(self) -> range:
        """The tokens that fit the strip's width beside the caption and the mark (and the
        ellipsis cell when not all fit), from the side shown; at least one."""
        n = len(self.tokens)
        room = self.contentsRect().width() - self._fixed_width()
        ellipsis = self._cell_width(ELLIPSIS, self._more(n))  # the widest count it can show
        used, fits_beside_ellipsis = 0.0, 0
        for i in self._order():
            used += self._token_width(i)
            if used > room:  # not all fit: as many as fit beside the ellipsis
                break
            if used <= room - ellipsis:
                fits_beside_ellipsis += 1
        else:
            return range(n)
        count = max(fits_beside_ellipsis, 1)
        return range(n - count, n) if self.tail else range(count)

    def _write(self, shown: range) -> None:
        self.shown = shown
        colour = self.probability_colour
        top = "".join(self._token_cell(display_token(self.tokens[i])) for i in shown)
        bottom = "".join(self._small_cell(f"{self.probabilities[i]:.2f}", colour(self.probabilities[i]))
                         for i in shown)
        hidden = self.hidden
        if hidden:  # the ellipsis cell on the side cut, saying how many tokens it stands for
            more_top = self._token_cell(ELLIPSIS)
            more_bottom = self._small_cell(self._more(hidden), style.MUTED.name())
            top, bottom = (more_top + top, more_bottom + bottom) if self.tail else (top + more_top, bottom + more_bottom)
        self.setToolTip(self._cut_note(hidden))
        head = self._caption_cell() if self.caption else ""
        if self.mark:  # kept in sight after a cut: the room for it is left by _fit
            top += self._mark_cell()
        self.setText(f"<table cellspacing='0'><tr>{head}{top}</tr><tr>{'<td></td>' if self.caption else ''}{bottom}</tr></table>")

    def _cut_note(self, hidden: int) -> str:
        if not hidden:
            return ""
        if self.tail:
            note = (self.tr("The first of the {1} predictions is hidden (the strip is too narrow): it shows the "
                            "others, and the last of all is the model's next token.") if hidden == 1 else
                    self.tr("The first {0} of the {1} predictions are hidden (the strip is too narrow): it shows "
                            "the last ones, and the last of all is the model's next token."))
        else:
            note = (self.tr("The last of the {1} output tokens is hidden (the strip is too narrow).") if hidden == 1
                    else self.tr("The last {0} of the {1} output tokens are hidden (the strip is too narrow)."))
        return note.format(hidden, len(self.tokens))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self.tokens:
            shown = self._fit()
            if shown != self.shown:
                self._write(shown)
