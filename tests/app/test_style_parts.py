"""app/style in parts: a theme switch changes no object handed out before it, and each part
imports alone."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QPalette

from app import style

ROOT = Path(__file__).resolve().parents[2]
STYLE_PARTS = sorted(p.stem for p in (ROOT / "app" / "style").glob("*.py") if p.stem != "__init__")
#: what each part may bring with it; anything else loaded is a grab-bag creeping back
MAY_LOAD = {
    "numbers": set(),
    "fonts": set(),
    "colour_maps": set(),
    "themes": {"app.style.colour_maps"},
    "labels": {"app.style.fonts", "app.style.themes", "app.style.colour_maps"},
    "veil": {"app.widgets.stale_veil"},
    "indicators": set(),  # it reads the theme when it draws, not when it is imported
    "menu_items": set(),
    "lab_style": {"app.style.indicators", "app.style.menu_items"},
}


@pytest.fixture
def light_again(qapp):
    style.set_theme("light")
    style.set_colour_map("viridis")
    yield
    style.set_theme("light")
    style.set_colour_map("viridis")


def _fingerprint(value, seen):
    """What a module-level value holds, deep enough to see a change made in place."""
    if id(value) in seen:
        return "…"
    seen.add(id(value))
    if isinstance(value, QColor):
        return ("QColor", value.rgba())
    if isinstance(value, dict):
        return tuple((k, _fingerprint(v, seen)) for k, v in value.items())
    if isinstance(value, (tuple, list, set, frozenset)):
        return tuple(_fingerprint(v, seen) for v in value)
    return repr(value)


def _module_values():
    import importlib

    modules = [importlib.import_module(f"app.style.{part}") for part in STYLE_PARTS]
    return {(m.__name__, name): value for m in modules for name, value in vars(m).items()
            if not name.startswith("__") and not callable(value) and not isinstance(value, type(m))}


def test_a_colour_read_before_a_theme_switch_keeps_its_value(light_again):
    kept = {name: getattr(style, name) for name in style.NAMED_COLOURS}
    before = {name: colour.rgba() for name, colour in kept.items()}
    style.set_theme("dark")
    for name, colour in kept.items():
        assert colour.rgba() == before[name], name
        now = getattr(style, name)
        assert now is not colour and now.rgba() != colour.rgba(), name
    # the dark theme draws light text on a dark ground: its text colours are the lighter ones
    for name in ("TEXT", "MUTED", "ERROR", "INFO", "ACCENT"):
        assert getattr(style, name).lightness() > kept[name].lightness(), name
    assert style.TEXT.lightness() > 180 > 80 > kept["TEXT"].lightness()


def test_a_read_colour_cannot_change_the_theme(light_again):
    """Each read is a new QColor: changing one in place (a caller's setAlpha) reaches nobody else."""
    first = style.ERROR
    first.setRgb(0, 255, 0)
    assert style.ERROR.rgba() != first.rgba() and style.ERROR.red() > style.ERROR.green()


def test_no_module_level_object_changes_with_the_theme_or_colour_map(light_again):
    values = _module_values()
    before = {key: _fingerprint(value, set()) for key, value in values.items()}
    style.set_theme("dark")
    style.set_colour_map("inferno")
    after = _module_values()
    for key, value in values.items():
        if key[1] == "_current":  # the one state each part replaces (a frozen Theme, a map's name)
            assert after[key] is not value and isinstance(after[key], (str, style.Theme))
            continue
        assert after[key] is value, key
        assert _fingerprint(value, set()) == before[key], key


def test_a_label_coloured_before_a_switch_takes_the_new_shade(qtbot, light_again):
    kept_error = style.ERROR
    note = style.note_label("a note")
    error = style.wrapped_label("an error", colour=style.ERROR)
    for label in (note, error):
        qtbot.addWidget(label)
    light_error = error.palette().color(QPalette.ColorRole.WindowText).lightness()
    style.set_theme("dark")
    for label in (note, error):
        style.restyle(label)
        assert label.palette().color(QPalette.ColorRole.WindowText).lightness() > 150
    # a colour kept from the light theme and given now is drawn in the dark theme's shade
    late = style.wrapped_label("late", colour=kept_error)
    qtbot.addWidget(late)
    assert late.palette().color(QPalette.ColorRole.WindowText).lightness() > light_error
    # any other colour is drawn as given and does not follow the theme
    plain = style.wrapped_label("plain", colour=QColor(10, 200, 30))
    qtbot.addWidget(plain)
    style.set_theme("light")
    style.restyle(plain)
    assert plain.palette().color(QPalette.ColorRole.WindowText) == QColor(10, 200, 30)


def test_every_name_the_package_offers_is_found():
    for name in dir(style):
        getattr(style, name)
    with pytest.raises(AttributeError):
        style.NOT_A_STYLE_NAME  # noqa: B018


@pytest.mark.parametrize("part", STYLE_PARTS)
def test_each_part_imports_without_the_others(part, tmp_path):
    allowed = MAY_LOAD[part]  # a new part must say what it brings with it
    code = (f"import sys, app.style.{part}\n"
            "print('\\n'.join(m for m in sys.modules if m.startswith(('app.', 'engine', 'pyqtgraph'))))")
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split()) - {"app.style", "app.widgets", f"app.style.{part}"}
    assert loaded <= allowed, f"app.style.{part} brought {sorted(loaded - allowed)}"
    if part == "numbers":
        assert "PySide6" not in done.stdout



def test_each_theme_tells_its_named_colours_apart():
    """A label's colour is recognised as a named colour by its value, to follow the next theme:
    two named colours of one theme with the same value would be taken for each other."""
    for chosen in style.THEMES.values():
        values = [QColor(getattr(chosen, name.lower())).rgba() for name in style.NAMED_COLOURS]
        assert len(set(values)) == len(values), chosen.name
