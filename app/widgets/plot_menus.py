"""pyqtgraph's plots are built without pyqtgraph's own right-click menu.

pyqtgraph gives every ViewBox a context menu (View All, X/Y axis ranges, log axes, mouse mode,
linking, Export…) built from two Qt Designer forms the moment the ViewBox is made: about 2.5 ms
of CPU per plot, about 9 % of building the main window (67 plots, measured 2.72 → 0.22 ms per
ViewBox), whether or not anyone ever right-clicks.  Attention Lab never shows that menu: its strings are pyqtgraph's English in a
translated interface, and its choices (log axes, linked views, a rectangle zoom mode) would change
plots whose scale and meaning the lessons fix; most views turned it off with `setMenuEnabled(False)`
after it had been built anyway.

``install()`` (once; `app.style.plot_defaults` and `app.views.view_classes` call it, before any plot
is built) makes ``enableMenu`` default to False for every PlotItem (PlotWidget, `addPlot`,
ColorBarItem) and every ViewBox: the menu is not built, and a right-click on a plot opens nothing.
`setMenuEnabled(True)` still builds pyqtgraph's menu on demand (pyqtgraph's own code).
"""
from __future__ import annotations

import functools

_installed = False


def _menu_off_by_default(init):
    """`init` with ``enableMenu`` False unless the caller asks for the menu."""
    @functools.wraps(init)
    def without_menu(self, *args, enableMenu=False, **kwargs):  # noqa: N803 - pyqtgraph's name
        init(self, *args, enableMenu=enableMenu, **kwargs)
    return without_menu


def install() -> None:
    global _installed
    if _installed:
        return
    from pyqtgraph.graphicsItems.PlotItem.PlotItem import PlotItem
    from pyqtgraph.graphicsItems.ViewBox.ViewBox import ViewBox

    # PlotItem passes enableMenu=True to its ViewBox by default: both defaults are changed
    for cls in (PlotItem, ViewBox):
        cls.__init__ = _menu_off_by_default(cls.__init__)
    _installed = True
