"""How Attention Lab looks, in parts:

- `themes`: the light and dark themes, the named colours (`style.ERROR`, `style.TEXT` …, read
  from the current theme each time), plot colours, `set_text_colour` and `restyle(root)`;
- `colour_maps`: the heatmaps' colour map and the heatmaps that follow it;
- `fonts`: text sizes that follow the zoom (`font(scale)`, `scaled`, `rescale_fonts`);
- `labels`: wrapped labels, titles and notes;
- `numbers`: `format_number`, `fixed`, `plural` (no Qt);
- `veil`: greying of out-of-date content (`set_greyed`, `is_greyed`);
- the generic widgets `app/widgets/number_table.py` and `app/widgets/splitter.py`.

`from app import style; style.font(...)` reaches all of them: a name is imported from its module
when first read (PEP 562), so importing one part (`app.style.numbers`) loads none of the others.
The theme and the colour map are each one value that is replaced when the user chooses another;
no object handed out is ever changed afterwards.
"""
from __future__ import annotations

import sys
from importlib import import_module

_THEMES = "app.style.themes"

#: module → the names `style.<name>` finds there
_PARTS = {
    _THEMES: ("Theme", "LIGHT", "DARK", "THEMES", "SERIES", "P_COLOUR", "Q_COLOUR", "NAMED_COLOURS",
              "TEXT", "MUTED", "STALE", "ERROR", "INFO", "ACCENT", "WARNING", "Q_TEXT",
              "theme", "named_colour", "name_of_colour", "theme_palette", "set_theme", "plot_defaults",
              "plot_background", "plot_text", "set_text_colour", "restyle"),
    "app.style.colour_maps": ("COLOUR_MAPS", "DEFAULT_COLOUR_MAP", "colour_map_name", "colour_map",
                              "set_colour_map", "follow_colour_map"),
    "app.style.fonts": ("MIN_POINTS", "point_size", "font", "scaled", "rescale_fonts"),
    "app.style.labels": ("WrappedLabel", "capped_width", "wrapped_label", "title_label", "note_label"),
    "app.style.numbers": ("format_number", "fixed", "plural"),
    "app.style.veil": ("set_greyed", "is_greyed"),
    "app.widgets.number_table": ("RIGHT", "LONG_TABLE_ROWS", "NumberTable", "number_table", "filling",
                                 "number_item"),
    "app.widgets.splitter": ("splitter",),
}
_HOME = {name: module for module, names in _PARTS.items() for name in names}


def __getattr__(name: str):
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = sys.modules.get(home) or import_module(home)
    if home == _THEMES and name in module.NAMED_COLOURS:  # read anew each time, from the current theme
        return module.named_colour(name)
    value = getattr(module, name)
    globals()[name] = value  # the next read finds it without this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
