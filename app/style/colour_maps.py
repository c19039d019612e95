"""The heatmaps' colour map (View ▸ Colour map): the choice, and the heatmaps that follow it.

Every map offered is perceptually ordered and readable with red–green colour blindness, and
grayscale survives a black-and-white printout.  The choice is one name, replaced by
`set_colour_map`; heatmaps already built change at `restyle(root)` (app/style/themes.py).
"""
from __future__ import annotations

COLOUR_MAPS = ("viridis", "cividis", "inferno", "grayscale")
DEFAULT_COLOUR_MAP = "viridis"
_current = DEFAULT_COLOUR_MAP


def colour_map_name() -> str:
    return _current


def colour_map(name: str | None = None):
    """The pyqtgraph ColorMap `name` (default: the current choice) for values from low to high.
    Grayscale runs from white (0) to black (1), ink on paper."""
    import pyqtgraph as pg  # costs most of a second: not before a heatmap needs it

    name = name or _current
    if name == "grayscale":
        return pg.ColorMap(pos=[0.0, 1.0], color=[(255, 255, 255), (0, 0, 0)], name="grayscale")
    _check(name)
    return pg.colormap.get(name)


def set_colour_map(name: str) -> None:
    """Make `name` the map of every heatmap that follows it (`follow_colour_map`); those already
    built change at `restyle(root)`."""
    global _current
    _check(name)
    _current = name


def _check(name: str) -> None:
    if name not in COLOUR_MAPS:
        raise ValueError(f"unknown colour map {name!r} (choose {', '.join(COLOUR_MAPS)})")


def follow_colour_map(item) -> None:
    """Give a ColorBarItem (and the image it drives) or an ImageItem the current colour map, and
    mark it so that `restyle` changes it with the choice.  Signed matrices keep their diverging
    map: a sequential one would hide the sign."""
    item.follows_colour_map = True
    cmap = colour_map()
    if hasattr(item, "setColorMap"):
        item.setColorMap(cmap)
    else:
        item.setLookupTable(cmap.getLookupTable(nPts=256))
