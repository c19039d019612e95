"""View ▸ Theme and View ▸ Colour map reach the widgets and every plot of every view, and are
remembered.  Colours are judged by lightness (a dark theme draws light text on a dark ground)
and colour-map values against published endpoints, not against app/style's own tables."""
import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from app.main_window import settings

pytestmark = pytest.mark.slow  # every test builds the whole window (about 1.5 s of CPU each)

#: matplotlib's published viridis endpoints (#440154 at 0, #fde725 at 1)
VIRIDIS_ENDS = ((0x44, 0x01, 0x54), (0xfd, 0xe7, 0x25))


def _wait_all(qtbot, window):
    for view in window.views:
        window.show_view(view.view_id)
        qtbot.waitUntil(lambda v=view: v.ready() and not v.busy, timeout=60000)


def _plot_views(view):
    return [w for w in view.findChildren(pg.GraphicsView)]


def _axes(view):
    return [item for w in _plot_views(view) for item in w.scene().items() if isinstance(item, pg.AxisItem)
            and item.isVisible() and item.style.get("showValues", True)]


def _lut_images(view):
    """ImageItems that follow View ▸ Colour map: marked ones, and those driven by a marked colour bar."""
    images = []
    for w in _plot_views(view):
        for item in w.scene().items():
            if not getattr(item, "follows_colour_map", False):
                continue
            if isinstance(item, pg.ColorBarItem):
                images += [ref() for ref in item.img_list if ref() is not None]
            else:
                images.append(item)
    return images


@pytest.fixture
def restore_look(main_window):
    yield
    main_window.set_theme("light")
    main_window.set_colour_map("viridis")


def test_dark_and_light_themes_reach_widgets_and_every_plot(qtbot, main_window, restore_look):
    _wait_all(qtbot, main_window)
    main_window.set_theme("dark")
    window_colour = QApplication.palette().color(QPalette.ColorRole.Window)
    text_colour = QApplication.palette().color(QPalette.ColorRole.WindowText)
    assert window_colour.lightness() < 80 and text_colour.lightness() > 180
    assert settings().value("theme") == "dark"
    plotted = 0
    for view in main_window.views:
        for widget in _plot_views(view):
            plotted += 1
            assert widget.backgroundBrush().color().lightness() < 60, (view.view_id, type(widget).__name__)
        for axis in _axes(view):
            assert axis.textPen().color().lightness() > 150, view.view_id
            assert axis.pen().color().lightness() > 150, view.view_id
        # a message line follows too (it was coloured before the switch)
        view.message.show_message("x", error=False)
    assert plotted >= 10  # heatmaps, overviews, bar charts and curves of five views
    assert main_window.view("beam").tree.backgroundBrush().color().lightness() < 60  # the tree canvas
    main_window.set_theme("light")
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 200
    for view in main_window.views:
        for widget in _plot_views(view):
            assert widget.backgroundBrush().color().lightness() > 240, view.view_id
        for axis in _axes(view):
            assert axis.textPen().color().lightness() < 80, view.view_id
    assert main_window.view("beam").tree.backgroundBrush().color().lightness() > 240
    assert settings().value("theme") == "light"


def test_message_colours_follow_the_theme(qtbot, main_window, restore_look):
    line = main_window.view("attention").message
    line.show_message("a note", error=False)
    light = line.palette().color(QPalette.ColorRole.WindowText).lightness()
    main_window.set_theme("dark")
    dark = line.palette().color(QPalette.ColorRole.WindowText).lightness()
    assert light < 100 < 150 < dark


def test_colour_map_choice_reaches_every_heatmap(qtbot, main_window, restore_look):
    _wait_all(qtbot, main_window)
    followers = {view.view_id: _lut_images(view) for view in main_window.views}
    for view_id in ("attention", "beam", "positional"):
        assert followers[view_id], f"no heatmap of the {view_id} view follows the colour map"
    images = [image for found in followers.values() for image in found]
    for image in images:  # the default: viridis
        assert tuple(image.lut[0][:3]) == VIRIDIS_ENDS[0] and tuple(image.lut[-1][:3]) == VIRIDIS_ENDS[1]
    main_window.set_colour_map("grayscale")
    assert settings().value("colour_map") == "grayscale"
    for image in images:
        lut = np.asarray(image.lut)[:, :3].astype(int)
        expected = np.round(255 * (1 - np.linspace(0, 1, len(lut))))  # white (0) to black (1)
        assert np.all(lut[:, 0] == lut[:, 1]) and np.all(lut[:, 1] == lut[:, 2])
        assert np.max(np.abs(lut[:, 0] - expected)) <= 1
    # what is drawn: the attention matrix's strongest cell is the darkest grey, as 255 * (1 - w)
    heatmap = main_window.view("attention").heatmap
    heatmap.image.render()
    row, col = np.unravel_index(np.argmax(heatmap.matrix), heatmap.matrix.shape)
    grey = heatmap.image.qimage.pixelColor(int(col), int(row))
    assert abs(grey.red() - 255 * (1 - heatmap.matrix[row, col])) <= 2
    main_window.set_colour_map("cividis")
    for image in images:
        first, last = image.lut[0][:3], image.lut[-1][:3]
        assert first[2] > first[0] and last[0] > last[2]  # cividis: dark blue to yellow
        assert tuple(first) != VIRIDIS_ENDS[0]


def test_theme_and_colour_map_are_restored_at_start(qtbot, main_window, restore_look):
    from app import style
    from app.main_window import MainWindow

    main_window.set_theme("dark")
    main_window.set_colour_map("inferno")
    second = MainWindow(device="cpu")
    qtbot.addWidget(second)
    try:
        assert style.theme().name == "dark" and style.colour_map_name() == "inferno"
        assert second.theme_actions["dark"].isChecked() and second.colour_map_actions["inferno"].isChecked()
        heatmap = second.view("attention").heatmap
        assert heatmap.backgroundBrush().color().lightness() < 60
    finally:
        second.close()


def test_unknown_names_are_refused():
    from app import style

    with pytest.raises(ValueError, match="unknown theme"):
        style.set_theme("sepia")
    with pytest.raises(ValueError, match="unknown colour map"):
        style.set_colour_map("jet")
