"""The model's output, one cell per token, each with its probability underneath."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from app import style
from app.widgets.tokens import display_token


def probability_colour(p: float) -> str:
    # Confident tokens dark green, doubtful ones orange/red: readable on a projector.
    if p >= 0.9:
        return "#1b5e20"
    if p >= 0.5:
        return "#e65100"
    return "#b71c1c"


class OutputStrip(QLabel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tokens: list[str] = []
        self.probabilities: list[float] = []

    def set_tokens(self, tokens, probabilities, caption: str = "") -> None:
        self.tokens = list(tokens)
        self.probabilities = [float(p) for p in probabilities]
        self.caption = caption
        big, small = style.point_size(1.8), style.point_size(0.85)  # follow the zoom
        top = "".join(
            f"<td align='center' style='font-size:{big:.1f}pt; font-family:monospace; padding:0 4px'>"
            f"{html.escape(display_token(t))}</td>" for t in self.tokens)
        bottom = "".join(
            f"<td align='center' style='font-size:{small:.1f}pt; color:{probability_colour(p)}; padding:0 4px'>{p:.2f}</td>"
            for p in self.probabilities)
        head = f"<td style='padding-right:10px'><b>{html.escape(caption)}</b></td>" if caption else ""
        self.setText(f"<table><tr>{head}{top}</tr><tr>{'<td></td>' if caption else ''}{bottom}</tr></table>")
