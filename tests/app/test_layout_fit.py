"""Issue 9, "layouts that fit": every view at a 1280×720 projector (window maximised: 1280×680
left under a title bar and a panel), at 1600×1000, and at 1920×1080 with text ×2.

For each screen and view, what a student must read is checked against what Qt draws:
- the window fits the screen (its minimum size is not larger);
- every visible label, button, check box and combo box is wide and tall enough for its text,
  measured here with QFontMetrics / QTextDocument of the widget's own font plus what the style
  adds around the text (button bevel, check box indicator, combo arrow), never with the
  widget's own size hint;
- no such widget sticks out of its parent (cut off by the panel it sits in), except inside a
  scroll area's viewport where the user can scroll to it;
- no two of them overlap;
- the view's main plot (`View.main_plot()`) keeps at least 40 % of the window's area.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtGui import Qt as GuiQt  # mightBeRichText lives in QtGui's Qt namespace
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QApplication, QCheckBox, QComboBox, QLabel,
                               QPushButton, QRadioButton, QStyle, QStyleOptionButton, QStyleOptionComboBox, QTabBar,
                               QWidget)

NORMAL_TEXT = 11
SCREENS = (
    pytest.param(1280, 680, NORMAL_TEXT, id="1280x720"),
    pytest.param(1600, 1000, NORMAL_TEXT, id="1600x1000"),
    pytest.param(1920, 1040, 2 * NORMAL_TEXT, id="1920x1080-text-x2"),
)
#: what the main plot of each view must keep of the window's area
PLOT_SHARE = 0.40
#: rounding of text layout (sub-pixel advances) and of the style's margins
SLACK = 1


# ---- what a widget needs for its text -------------------------------------------------------------
def plain(text: str) -> str:
    """A button's text as drawn: "&&" is an ampersand, a single "&" marks a mnemonic."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def text_width(metrics: QFontMetrics, text: str) -> int:
    return max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)


def label_problem(label: QLabel) -> str | None:
    text = label.text()
    if not text or label.pixmap() is not None and not label.pixmap().isNull():
        return None
    area = label.contentsRect().adjusted(label.margin(), label.margin(), -label.margin(), -label.margin())
    indent = max(label.indent(), 0)
    width, height = area.width() - indent, area.height()
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setDocumentMargin(0)
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(text))
    if rich:
        document.setHtml(text)
    else:
        document.setPlainText(text)
    if label.wordWrap():
        document.setTextWidth(width)
        needed_width = document.idealWidth()  # the longest word or unbreakable run
    else:
        needed_width = document.idealWidth() if rich else text_width(QFontMetrics(label.font()), text)
    needed_height = document.size().height() if rich or label.wordWrap() else \
        QFontMetrics(label.font()).height() * (text.count("\n") + 1)
    if needed_width > width + SLACK:
        return f"text {needed_width:.0f} px wide in {width} px"
    if needed_height > height + SLACK + 1:
        return f"text {needed_height:.0f} px tall in {height} px"
    return None


def button_problem(button: QAbstractButton) -> str | None:
    text = plain(button.text())
    if not text:
        return None
    metrics = QFontMetrics(button.font())
    option = QStyleOptionButton()
    option.initFrom(button)
    option.text = text
    contents = QSize(text_width(metrics, text), metrics.height())
    style = button.style()
    if isinstance(button, (QCheckBox, QRadioButton)):
        kind = (QStyle.ContentsType.CT_CheckBox if isinstance(button, QCheckBox)
                else QStyle.ContentsType.CT_RadioButton)
    elif isinstance(button, QPushButton):
        kind = QStyle.ContentsType.CT_PushButton
        if not button.icon().isNull():
            contents.setWidth(contents.width() + button.iconSize().width() + 4)
        if button.menu() is not None:
            option.features |= QStyleOptionButton.ButtonFeature.HasMenu
    else:  # a tool button: its own hint is the style's size for its text and arrow
        needed = button.sizeHint().width()
        return None if needed <= button.width() + SLACK else f"needs {needed} px, has {button.width()}"
    needed = style.sizeFromContents(kind, option, contents, button).width()
    if needed > button.width() + SLACK:
        return f"needs {needed} px, has {button.width()}"
    return None


def combo_problem(combo: QComboBox) -> str | None:
    text = combo.currentText()
    if not text:
        return None
    option = QStyleOptionComboBox()
    option.initFrom(combo)
    option.rect = combo.rect()
    option.editable = combo.isEditable()
    option.frame = combo.hasFrame()
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    needed = text_width(QFontMetrics(combo.font()), text)
    if not combo.itemIcon(combo.currentIndex()).isNull():
        needed += combo.iconSize().width() + 4
    if needed > field.width() + SLACK:
        return f"current text {needed} px wide in a {field.width()} px field"
    return None


def text_problem(widget: QWidget) -> str | None:
    if isinstance(widget, QLabel):
        return label_problem(widget)
    if isinstance(widget, QAbstractButton):
        return button_problem(widget)
    if isinstance(widget, QComboBox):
        return combo_problem(widget)
    return None


# ---- where widgets are ----------------------------------------------------------------------------
def text_widgets(root: QWidget) -> list[QWidget]:
    found = root.findChildren(QWidget)
    return [w for w in found if isinstance(w, (QLabel, QAbstractButton, QComboBox)) and w.isVisible()
            and w.width() > 0 and w.height() > 0
            and not isinstance(w.parentWidget(), (QComboBox, QTabBar))]  # a combo's list, a tab bar's arrows


def in_window(widget: QWidget, window: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def scrolls(widget: QWidget) -> bool:
    """`widget` is the viewport of a scroll area (what lies outside it is scrolled to)."""
    parent = widget.parentWidget()
    return isinstance(parent, QAbstractScrollArea) and parent.viewport() is widget


def cut_by(widget: QWidget) -> QWidget | None:
    """The first ancestor that cuts part of `widget` off (stopping at a scroll area's viewport)."""
    rect = widget.rect()
    child = widget
    while child.parentWidget() is not None and not child.isWindow():
        parent = child.parentWidget()
        rect = rect.translated(child.pos())
        if scrolls(parent):
            return None
        if not parent.rect().contains(rect):
            return parent
        child = parent
    return None


def describe(widget: QWidget) -> str:
    text = widget.currentText() if isinstance(widget, QComboBox) else widget.text()
    return f"{type(widget).__name__} {text[:40]!r}"


def layout_problems(window, view) -> list[str]:
    problems = []
    widgets = text_widgets(view)
    for widget in widgets:
        problem = text_problem(widget)
        if problem:
            problems.append(f"{describe(widget)}: {problem}")
        parent = cut_by(widget)
        if parent is not None:
            problems.append(f"{describe(widget)} is cut off by its {type(parent).__name__} "
                            f"{parent.objectName()!r}")
    rects = [(widget, in_window(widget, window)) for widget in widgets]
    for i, (first, first_rect) in enumerate(rects):
        for second, second_rect in rects[i + 1:]:
            if first.isAncestorOf(second) or second.isAncestorOf(first):
                continue
            if first_rect.intersects(second_rect):
                problems.append(f"{describe(first)} overlaps {describe(second)}")
    plot = view.main_plot()
    share = plot.width() * plot.height() / (window.width() * window.height()) if plot.isVisible() else 0.0
    if share < PLOT_SHARE:
        problems.append(f"main plot {type(plot).__name__} {plot.width()}×{plot.height()} is "
                        f"{share:.0%} of the window (at least {PLOT_SHARE:.0%})")
    return problems


@pytest.fixture
def original_font(qtbot):
    """Tests here zoom the application font; later tests expect it back."""
    font = QApplication.font()
    yield font
    QApplication.setFont(font)


def settle(qtbot, view) -> None:
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=90000)
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(30)


@pytest.mark.slow  # every view of a window at each screen size
@pytest.mark.parametrize("width, height, points", SCREENS)
def test_every_view_fits_the_screen(qtbot, original_font, main_window, width, height, points):
    window = main_window
    window.set_text_size(points)
    QApplication.processEvents()
    for view in window.views:  # the window's minimum is the largest of its views'
        window.show_view(view.view_id)
        settle(qtbot, view)
    minimum = window.minimumSizeHint().expandedTo(window.minimumSize())
    assert minimum.width() <= width and minimum.height() <= height, \
        f"the window needs at least {minimum.width()}×{minimum.height()} px"
    window.resize(width, height)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height), timeout=5000)
    problems = []
    for view in window.views:
        window.show_view(view.view_id)
        settle(qtbot, view)
        problems += [f"{view.view_id}: {p}" for p in layout_problems(window, view)]
    window.resize(1400, 900)  # the geometry saved at close must not fill the screen for later tests
    assert not problems, "\n".join(problems)


def test_the_checks_catch_a_cut_label_and_an_overlap(qtbot):
    """The measuring functions themselves: a label narrower than its text, a check box without
    room for its indicator, and two labels on top of each other are reported."""
    holder = QWidget()
    qtbot.addWidget(holder)
    line = QFontMetrics(holder.font()).height() + 6  # whatever text size earlier tests left
    short = QLabel("Length normalisation:", holder)
    short.setGeometry(0, 0, QFontMetrics(short.font()).horizontalAdvance("Length normalisation:") - 6, line)
    wide = QLabel("ok", holder)
    wide.setGeometry(0, 2 * line, 200, line)
    box = QCheckBox("Show pruned", holder)
    box.setGeometry(0, 4 * line, QFontMetrics(box.font()).horizontalAdvance("Show pruned") + 2, line)
    over = QLabel("over", holder)
    over.setGeometry(150, 2 * line + 5, 60, line)
    holder.resize(400, 6 * line)
    holder.show()
    assert label_problem(short) and label_problem(wide) is None
    assert button_problem(box)  # the text fits, the indicator does not
    assert in_window(wide, holder).intersects(in_window(over, holder))
    inner = QLabel("inner", over)
    inner.setGeometry(40, 0, 60, 20)  # sticks out of `over`
    assert cut_by(inner) is over


@pytest.mark.slow  # every zoom step of a window
def test_zoom_refits_the_view_names_and_the_overview(qtbot, original_font, main_window):
    """At text ×2 every view name is fully shown (the list is refitted with the new font, not the
    widget's lagging metrics) and every tile of the all-heads overview, captions included, is
    inside the panel, at least a text line tall."""
    window = main_window
    window.resize(1920, 1040)
    attention = window.view("attention")
    settle(qtbot, attention)
    for points in (NORMAL_TEXT, 2 * NORMAL_TEXT):
        window.set_text_size(points)
        settle(qtbot, attention)
        metrics = QFontMetrics(QApplication.font())
        navigation = window.navigation
        for row in range(navigation.count()):
            item = navigation.item(row)
            rect = navigation.visualItemRect(item)
            assert rect.width() >= metrics.horizontalAdvance(item.text()), item.text()
            assert navigation.viewport().rect().contains(rect), f"{item.text()!r} is not fully shown"
        attention.side.setCurrentWidget(attention.overview)
        settle(qtbot, attention)
        overview = attention.overview
        visible = overview.viewport().rect()
        for key, box in overview._boxes.items():
            tile = overview.mapFromScene(box.sceneBoundingRect()).boundingRect()
            caption = overview.mapFromScene(overview._labels[key].sceneBoundingRect()).boundingRect()
            assert visible.contains(tile) and visible.contains(caption), f"tile {key} is cut off"
            assert tile.height() >= metrics.height(), f"tile {key} is {tile.height()} px tall"
        attention.side.setCurrentWidget(attention.row_panel)
