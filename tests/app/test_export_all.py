"""Every picture of every view (each tab of a tabbed view) goes out through the one export path —
the view's Export button (app/export.py), the same menu in every view, opened by File ▸ Export
(Ctrl+E) — as a PNG of the right size that is not blank, an SVG that parses and renders, and a
CSV that reads back.  Views added later are covered: the list comes from the registry."""
import csv
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QKeySequence, QPainter
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QMessageBox, QTabWidget

from app.export import ExportButton

pytestmark = pytest.mark.slow  # every view's exports, in the whole window


def _pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    data = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    # a copy: the converted image (and the memory the view points into) goes when this returns
    return data.reshape(image.height(), image.bytesPerLine() // 4, 4)[:, :image.width(), :3].copy()


def _not_blank(pixels: np.ndarray) -> bool:
    """Drawn: many colours, and no single colour covers (almost) everything."""
    sample = pixels[::3, ::3].astype(np.uint32)  # every ninth pixel is plenty and keeps this quick
    packed = (sample[..., 0] << 16 | sample[..., 1] << 8 | sample[..., 2]).ravel()
    _, counts = np.unique(packed, return_counts=True)
    return len(counts) > 20 and counts.max() < 0.97 * len(packed)


def _pages(view):
    """(tab widget, index) for each page of the view's own tabs, or [(None, None)] without tabs."""
    tabs = getattr(view, "tabs", None)
    if isinstance(tabs, QTabWidget):
        return [(tabs, i) for i in range(tabs.count())]
    return [(None, None)]


@pytest.fixture
def warnings(monkeypatch):
    """A failed export shows a message box; record it instead of blocking the test."""
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[-1]))
    return shown


def test_every_view_has_the_same_export_menu_and_ctrl_e_opens_it(qtbot, main_window, monkeypatch):
    action = next(a for a in main_window.findChildren(type(main_window.presentation_action))
                  if a.shortcut() == QKeySequence("Ctrl+E"))
    menus = []
    opened = []
    monkeypatch.setattr(ExportButton, "showMenu", lambda self: opened.append(self))
    for view in main_window.views:
        main_window.show_view(view.view_id)
        buttons = view.findChildren(ExportButton)
        assert len(buttons) == 1, f"{view.view_id}: one Export button, found {len(buttons)}"
        menus.append([a.text() for a in buttons[0].menu().actions()])
        action.trigger()
        assert opened[-1] is buttons[0]
    assert all(menu == menus[0] for menu in menus) and len(menus[0]) == 3


@pytest.mark.slow  # every page of every view, three formats
def test_every_picture_of_every_view_exports_png_svg_and_csv(qtbot, main_window, tmp_path, warnings):
    exported = 0
    for view in main_window.views:
        main_window.show_view(view.view_id)
        button = view.findChild(ExportButton)
        for tabs, index in _pages(view):
            if tabs is not None:
                tabs.setCurrentIndex(index)
            qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=60000)
            qtbot.wait(50)
            name = f"{view.view_id}-{index}"
            where = f"{view.view_id} page {index}"
            widget, caption = view.picture()
            assert caption.strip(), where

            assert button.save(tmp_path / f"{name}.png"), (where, warnings)
            image = QImage(str(tmp_path / f"{name}.png"))
            assert image.width() == 2 * widget.width(), where  # 2× the widget as on screen
            assert 2 * widget.height() < image.height() < 2 * widget.height() + 400, where  # plus the caption
            assert _not_blank(_pixels(image)), f"{where}: the PNG is blank"

            assert button.save(tmp_path / f"{name}.svg"), (where, warnings)
            root = ElementTree.parse(tmp_path / f"{name}.svg").getroot()
            assert root.tag.endswith("svg"), where
            renderer = QSvgRenderer(str(tmp_path / f"{name}.svg"))
            assert renderer.isValid(), where
            drawn = QImage(renderer.defaultSize(), QImage.Format.Format_RGB32)
            drawn.fill(Qt.GlobalColor.white)
            painter = QPainter(drawn)
            renderer.render(painter)
            painter.end()
            assert _not_blank(_pixels(drawn)), f"{where}: the SVG draws nothing"

            assert button.save(tmp_path / f"{name}.csv"), (where, warnings)
            with open(tmp_path / f"{name}.csv", encoding="utf-8", newline="") as handle:
                rows = list(csv.reader(handle))
            assert len(rows) >= 2 and any(cell.strip() for cell in rows[1]), where
            exported += 1
    assert exported >= len(main_window.views) + 8  # the tabs of the positional, entropy and playground views
    assert not warnings


def test_a_bad_file_type_is_refused_with_a_message(qtbot, main_window, tmp_path, warnings):
    button = main_window.current_view().findChild(ExportButton)
    assert not button.save(tmp_path / "picture.gif")
    assert warnings and ".gif" in warnings[0]
