"""The interface language: English (the source text) or Simplified Chinese.

Every visible string is written in English inside `self.tr(...)` or
`QCoreApplication.translate(context, ...)`; `pyside6-lupdate` collects them into
assets/i18n/attention_lab_zh.ts, where the Chinese is written, and `make translations` compiles
that into the .qm file loaded here.  English needs no file: it is the source text.

The choice: `main.py --lang` (remembered), else the last choice (QSettings "language"), else
the system locale (zh* → Chinese, anything else → English).
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from app.settings import settings

from assets import asset_path

#: language code → its name in that language (how the Language menu lists it)
LANGUAGES = {"en": "English", "zh": "简体中文"}
DEFAULT = "en"
I18N_DIR = asset_path("i18n")  # found through the package: the wheel carries the .qm files
#: the .qm file of a language: attention_lab_<code>.qm
FILE_STEM = "attention_lab"
SETTINGS_KEY = "language"

_installed: list[QTranslator] = []
_current = DEFAULT


class LanguageError(ValueError):
    """An unknown language code, or a translation file that cannot be loaded."""


def system_language(locale_name: str | None = None) -> str:
    """zh, zh_CN, zh_TW … → "zh"; every other locale → "en"."""
    name = QLocale.system().name() if locale_name is None else locale_name
    return "zh" if name.lower().startswith("zh") else "en"


def remembered_language() -> str | None:
    value = settings().value(SETTINGS_KEY)
    return str(value) if value in LANGUAGES else None


def remember(language: str) -> None:
    settings().setValue(SETTINGS_KEY, language)


def startup_language(requested: str | None) -> str:
    """The language to start in: `requested` (then remembered), else the remembered one, else
    the system's."""
    if requested is not None:
        check(requested)
        remember(requested)
        return requested
    return remembered_language() or system_language()


def check(language: str) -> None:
    if language not in LANGUAGES:
        raise LanguageError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")


def qm_path(language: str) -> Path:
    return I18N_DIR / f"{FILE_STEM}_{language}.qm"


def current() -> str:
    return _current


def install(language: str) -> None:
    """Replace the installed translators with those of `language` (Qt then sends every widget a
    LanguageChange event).  Qt's own strings (dialog buttons: 确定, 取消) come from Qt's
    qtbase_<locale>.qm: PySide6's qt_zh_CN.qm is only a catalogue naming qtbase_zh_CN.qm and
    qtmultimedia_zh_CN.qm, which PySide6 does not ship, so loading "qt" fails as a whole."""
    global _current
    check(language)
    app = QCoreApplication.instance()
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if language != DEFAULT:
        ours = QTranslator(app)
        if not ours.load(str(qm_path(language))):
            raise LanguageError(f"cannot load the translation {qm_path(language)} (run `make translations`)")
        qt_own = QTranslator(app)
        if qt_own.load(QLocale(language), "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            _installed.append(qt_own)
        _installed.append(ours)
        for translator in _installed:
            app.installTranslator(translator)
    _current = language
