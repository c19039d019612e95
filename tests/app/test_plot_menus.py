"""Plots are built without pyqtgraph's right-click menu (app/widgets/plot_menus.py), and a
right-click on one opens nothing; pyqtgraph still builds its menu when a plot asks for it."""
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMenu


@pytest.fixture(scope="module")
def pg():
    from app.widgets import plot_menus

    plot_menus.install()
    import pyqtgraph

    return pyqtgraph


def open_menus() -> list:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMenu) and w.isVisible()]


def test_plots_of_every_kind_are_built_without_a_menu(qtbot, pg):
    widget = pg.PlotWidget()
    layout = pg.GraphicsLayoutWidget()
    qtbot.addWidget(widget)
    qtbot.addWidget(layout)
    bar = pg.ColorBarItem(values=(0, 1))  # a PlotItem of its own
    for plot in (widget.getPlotItem(), layout.addPlot(), bar):
        assert plot.vb.menu is None and not plot.vb.menuEnabled()
        assert plot.getContextMenus(None) is None  # PlotItem's "Plot Options" not offered either
    assert pg.ViewBox().menu is None


def test_a_right_click_on_a_plot_opens_no_menu(qtbot, pg):
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    widget.resize(300, 200)
    widget.show()
    qtbot.waitExposed(widget)
    centre = widget.mapFromScene(widget.getPlotItem().vb.sceneBoundingRect().center())
    qtbot.mouseClick(widget.viewport(), Qt.MouseButton.RightButton, pos=QPoint(centre.x(), centre.y()))
    assert open_menus() == []


def test_a_plot_that_asks_for_the_menu_gets_pyqtgraphs(qtbot, pg):
    from pyqtgraph.graphicsItems.ViewBox.ViewBoxMenu import ViewBoxMenu

    asked = pg.PlotWidget(enableMenu=True)
    qtbot.addWidget(asked)
    assert isinstance(asked.getPlotItem().vb.menu, ViewBoxMenu)
    later = pg.PlotWidget()
    qtbot.addWidget(later)
    later.setMenuEnabled(True)
    assert isinstance(later.getPlotItem().vb.menu, ViewBoxMenu)
    assert later.getPlotItem().getContextMenus(None) is later.getPlotItem().ctrlMenu
