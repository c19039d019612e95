"""Where the app keeps what it remembers between runs (window, theme, language, recent files …).

The one place that names the organisation and the application: `settings()` is every
caller's QSettings, and main.py gives the QApplication the same names.
"""
from __future__ import annotations

from PySide6.QtCore import QSettings

ORGANISATION = "AttentionLab"
APPLICATION = "Attention Lab"


def settings() -> QSettings:
    return QSettings(ORGANISATION, APPLICATION)
