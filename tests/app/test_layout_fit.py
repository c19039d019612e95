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
from app.views import view_ids

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtGui import Qt as GuiQt  # mightBeRichText lives in QtGui's Qt namespace
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QApplication, QCheckBox, QComboBox, QLabel,
                               QPushButton, QRadioButton, QStyle, QStyleOptionButton, QStyleOptionComboBox, QTabBar,
                               QTabWidget, QWidget)

NORMAL_TEXT = 11
#: a 1280×720 projector's work area (a maximised window under a title bar and a panel) at every
#: text size View ▸ Larger text reaches on the way to text ×2, and a 1920×1080 one at both ends
SMALL_SCREEN, LARGE_SCREEN = (1280, 680), (1920, 1040)
SMALL_SCREEN_SIZES = (11, 14, 16, 18, 22)
LARGE_SCREEN_SIZES = (11, 22)
SCREENS = [pytest.param(screen, sizes, language, id=f"{screen[0]}x{screen[1]}-{language}")
           for screen, sizes in ((SMALL_SCREEN, SMALL_SCREEN_SIZES), (LARGE_SCREEN, LARGE_SCREEN_SIZES))
           for language in ("en", "zh")]
#: what the window's menu bar (the view names folded into its list) and status bar take of a
#: 1280 px wide window's height at 22 pt, measured 2026-12-01 23:10 UTC (85 px in English, 98 in
#: Chinese; with the names in two rows of their own it was 180 and 196): the quick per-view
#: check below gives each view the rest
CHROME_AT_22_PT = 100
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


def scrolls(widget: QWidget, through_page: bool = True) -> bool:
    """`widget` is the viewport of a scroll area (what lies outside it is scrolled to).  The page
    that holds a whole view counts only where `through_page` is False: a view must fit without it
    (checked separately)."""
    parent = widget.parentWidget()
    return (isinstance(parent, QAbstractScrollArea) and parent.viewport() is widget
            and (parent.objectName() != "view_page" or not through_page))


def cut_by(widget: QWidget, through_page: bool = True) -> QWidget | None:
    """The first ancestor that cuts part of `widget` off (stopping at a scroll area's viewport)."""
    rect = widget.rect()
    child = widget
    while child.parentWidget() is not None and not child.isWindow():
        parent = child.parentWidget()
        rect = rect.translated(child.pos())
        if scrolls(parent, through_page):
            return None
        if not parent.rect().contains(rect):
            return parent
        child = parent
    return None


def shown_rect(widget: QWidget, window: QWidget) -> QRect:
    """The part of `widget` its ancestors let through (a scroll area shows part of its content),
    in `window`'s coordinates."""
    rect = in_window(widget, window)
    parent = widget.parentWidget()
    while parent is not None and parent is not window and not parent.isWindow():
        rect = rect.intersected(in_window(parent, window))
        parent = parent.parentWidget()
    return rect


def describe(widget: QWidget) -> str:
    text = widget.currentText() if isinstance(widget, QComboBox) else widget.text()
    return f"{type(widget).__name__} {text[:40]!r}"


def text_layout_problems(window, view, page_scrolls: bool = False) -> list[str]:
    """What is wrong with the text widgets shown in `view` (positions taken in `window`): text
    that does not fit its widget, a widget cut off by its parent, two that overlap.
    `page_scrolls`: the view's page scrolls (what it cuts off is scrolled to)."""
    problems = []
    widgets = text_widgets(view)
    for widget in widgets:
        problem = text_problem(widget)
        if problem:
            problems.append(f"{describe(widget)}: {problem}")
        parent = cut_by(widget, through_page=not page_scrolls)
        if parent is not None:
            problems.append(f"{describe(widget)} is cut off by its {type(parent).__name__} "
                            f"{parent.objectName()!r}")
    rects = [(widget, shown_rect(widget, window)) for widget in widgets]
    for i, (first, first_rect) in enumerate(rects):
        for second, second_rect in rects[i + 1:]:
            if first.isAncestorOf(second) or second.isAncestorOf(first):
                continue
            if first_rect.intersects(second_rect):
                problems.append(f"{describe(first)} overlaps {describe(second)}")
    return problems


def plot_share(window, view, window_area: int | None = None) -> float:
    """The main plot's share of `window_area` (default: the window's)."""
    plot = view.main_plot()
    area = window_area or window.width() * window.height()
    return plot.width() * plot.height() / area if plot.isVisible() else 0.0


def plot_problem(window, view, window_area: int | None = None) -> str | None:
    share = plot_share(window, view, window_area)
    if share < PLOT_SHARE:
        plot = view.main_plot()
        return (f"main plot {type(plot).__name__} {plot.width()}×{plot.height()} is "
                f"{share:.0%} of the window (at least {PLOT_SHARE:.0%})")
    return None


def layout_problems(window, view, window_area: int | None = None) -> list[str]:
    """`text_layout_problems` and the main plot's share of `window_area` (default: the window's)."""
    problem = plot_problem(window, view, window_area)
    return text_layout_problems(window, view) + ([problem] if problem else [])


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


def tab_problems(window, view, qtbot, page_scrolls: bool = False) -> list[str]:
    """`text_layout_problems` of the view with each page of each of its tab widgets shown in turn
    (the page the user had is shown again at the end)."""
    problems = text_layout_problems(window, view, page_scrolls)
    for tabs in view.findChildren(QTabWidget):
        if not tabs.isVisible():
            continue
        shown = tabs.currentIndex()
        for index in range(tabs.count()):
            if index == shown:
                continue
            tabs.setCurrentIndex(index)
            settle(qtbot, view)
            problems += [f"tab {tabs.tabText(index)!r}: {p}"
                         for p in text_layout_problems(window, view, page_scrolls)]
        tabs.setCurrentIndex(shown)
    return problems


def shortfall(page, view, window_area: int) -> str | None:
    """Why the view does not fit its page as a lecture needs (it scrolls, or its main plot has
    less than its share), or None."""
    if page.needs_scrolling():
        needed, room = page.needed(), page.maximumViewportSize()
        return f"needs {needed.width()}×{needed.height()} px, has {room.width()}×{room.height()}"
    return plot_problem(page, view, window_area)


def page_of(window, view):
    page = window.stack.currentWidget()
    assert page.widget() is view
    return page


#: the largest text size at which each view fits the screen without scrolling and keeps its plot
#: share, per screen and language, measured 2026-12-01 (issue 23 asks for 22 pt everywhere: the
#: views above their size here scroll or give the plot less; the lecture checklist in README says
#: so).  A view that fits less than this fails; one that fits more only needs the number raised.
FITS_UP_TO = {
    # measured again after the three lesson views were merged (18:55 UTC): BLEU lost 14 and 16 pt
    # in English (its plot 39 % and 35 %) and Entropy 22 pt in Chinese (37 %); Embeddings and
    # Decoding scroll even at 11 pt on 1280×680 (they need 696 and 790 px of height, 584-592 given).
    # Raised 20:45 UTC (branch fit): BLEU to 16/18 pt and Positional to 16 (Export and the notes
    # moved off rows of their own), Entropy to 22 pt in English (Export beside its tabs; in
    # Chinese its plot has 37 % at 22 pt), Attention and Beam to 22 pt on 1920×1040 (narrower side
    # columns).  Attention and Beam on 1280×680 from 14 pt: 32-35 %, their side panels and control
    # rows leave the heatmap and the tree too little of a 1280 px window
    # Decoding, re-arranged (20:40 UTC: its tab pages scroll on their own, Sample and Export beside the
    # tabs, the output step beside the heading, as many bar rows as the plots hold): 18 pt in both
    # languages; at 22 pt it needs 563 px (en) and 571 px (zh) of height where 500 and 484 are given
    # Embeddings fits up to 18 pt since its tabs ask for their least height, not their tables' whole
    # length (at 18 pt it needs 492 px of 524 in English, 532 of 548 in Chinese; at 22 pt 605 of 500
    # and 650 of 484; measured 21:12 UTC); in the merged window (22:03 UTC) 16 pt: at 18 pt it needs
    # 548 px of 524 in English, 595 of 548 in Chinese.  Attention on 1920×1040 back to 11 pt: its
    # side column keeps 30 characters, which the "All heads" tiles need at text ×2
    # The view names folded into the menu bar's list where they need two rows or more than 1/20
    # of the height, and the views' "What this view shows" lines with them (23:25 UTC): each view
    # has 595 px of height at 22 pt in English, 580 in Chinese (500 and 484 before)
    # BLEU, Language model and Embeddings fit at 22 pt in both languages (branch layA, 23:35 UTC):
    # BLEU's tables keep eight lines, not nine (it needs 568 px of 595 in English, 529 of 580 in
    # Chinese); the language model's Export beside the sentence (563 of 595, 570 of 580); the
    # embeddings' tab pages scroll on their own and the file format is chosen in Open file…'s menu
    # (454 of 595, 466 of 580)
    # Attention and Beam (branch layC, 23:50 UTC): from 16 pt their side columns fold away behind a
    # button beside Export (app/widgets/side_toggle.py), the teacher-forcing box asks for a date's
    # width, the beam's tree switches sit beside its legend and its outcome over the tree: Attention
    # fits 22 pt in both languages (heatmap 44 % en, 41.5 % zh of 1280×680; 63 % of 1920×1040 in
    # English), Beam 18 pt (tree 46 % in both; at 22 pt its seven rows of controls leave the tree
    # 38 % in English and scroll in Chinese, 603 of 580 px)
    # Training and Positional fit 22 pt in both languages (23:50 UTC, branch layB): Training needs
    # 545 px of height in English and 560 in Chinese at 22 pt (its status and Export beside the
    # tabs, Use and Save with the other buttons, run choices as wide as the chosen item),
    # Positional 548 and 566 (its notes folded behind a toggle from 16 pt, Export beside it)
    # Beam fits 22 pt in both languages (branch beam, 2026-12-02 02:20 UTC): from 20 pt its search
    # settings and tree switches fold behind a "Settings" button on the legend's line
    # (app/widgets/settings_popup.py), its rows 2 px apart; its tree keeps 46.5 % of 1280×680 in
    # English and 46.7 % in Chinese (it needs 510 px of 595, 494 of 580), 43-53 % at 11-18 pt
    # Decoding's bars tab no longer scrolls inside the view at 22 pt (branch dec, 2026-12-02 02:50
    # UTC): its notes take two lines, not four; the tab needs 312 px of 371 in English, 326 of 344
    # in Chinese (410 and 440 before), leaving the plots 127 and 86 px (two rows and one)
    # Playground (branch play, 02:55 UTC): matrix mode's four tables become tabs where a third of the
    # results' width cannot show their columns; at 22 pt each table has 859 px of viewport for the
    # 334-620 px its columns need (k4 was under the scroll bar: 252 px shown of 508-620)
    # Positional, Entropy and Decoding readable at 22 pt (branch cramp, 2026-12-02 05:15 UTC):
    # Positional's formula folds with its notes and Naive codes shows one half at a time from 16
    # pt (needs 462 px of 595 in English, 470 of 580 in Chinese; every plot 8+ lines tall, 3+ of
    # data); Decoding's settings fold behind "Settings ▾" from 20 pt (420 px of 580-595; the bars
    # name 3 tokens and "other" in Chinese, 1 before); Entropy's meanings fold from 16 pt (all
    # seven numbers in view at 22 pt in Chinese, 3 before) and from 20 pt its numbers stand beside
    # the bars, which share tabs with the table (22 pt zh: page needs 411×414 of 1272×580, bars
    # 501×412 px, 180 px tall before; 2026-12-02 05:30 UTC)
    # Playground (branch play, 2026-12-02 05:25 UTC): matrix mode's tables side by side beside the
    # heatmap at 11 pt (each column of tables 334-364 px of a 970 px panel), two by two on one tab
    # at 14 pt; query mode on one page at 11 pt, split into Weights and Steps tabs from 14 pt: at
    # 22 pt the weights plot 222 px tall (zh; 253 en) inside the page, the steps table 1190 px wide
    # on its own tab with no scroll bar; matrix at 22 pt still scrolls its tab 16 px (as before)
    # With the lecture panel open (branch lecture, 2026-12-02 08:50 UTC; the panel at most 16 % of
    # the window, 204 px at 22 pt) every view fits the 1062 px left at 11, 16 and 22 pt in both
    # languages (test_every_view_fits_beside_the_lecture_panel); alone they fit as before: beam's
    # tree 47 % of 1280×680 at 22 pt in both languages, BLEU's tables 47 % in Chinese (its
    # tokenisation box "13a (mteval)", half-width brackets), playground's matrix tab no longer
    # scrolls at 22 pt (Export at the tabs' end: the tab needs 498 px of 529 in English, 505 of 509
    # in Chinese)
    (SMALL_SCREEN, "en"): {"attention": 22, "beam": 22, "positional": 22, "entropy": 22, "bleu": 22,
                           "playground": 22, "language_model": 22, "embeddings": 22, "decoding": 22, "training": 22},
    (SMALL_SCREEN, "zh"): {"attention": 22, "beam": 22, "positional": 22, "entropy": 22, "bleu": 22,
                           "playground": 22, "language_model": 22, "embeddings": 22, "decoding": 22, "training": 22},
    (LARGE_SCREEN, "en"): {"attention": 22, "beam": 22, "positional": 22, "entropy": 22, "bleu": 22,
                           "playground": 22, "language_model": 22, "embeddings": 22, "decoding": 22, "training": 22},
    (LARGE_SCREEN, "zh"): {"attention": 22, "beam": 22, "positional": 22, "entropy": 22, "bleu": 22,
                           "playground": 22, "language_model": 22, "embeddings": 22, "decoding": 22, "training": 22},
}


def fits_up_to(screen, language, view_id) -> int:
    """The size up to which `view_id` must fit: as measured in FITS_UP_TO, and for a view not
    measured there (the three lesson views merged after it) the default 11 pt at least."""
    return FITS_UP_TO[(screen, language)].get(view_id, 11)


@pytest.mark.slow  # every view of a window at each text size of a screen, in one language
@pytest.mark.parametrize("screen, sizes, language", SCREENS)
def test_every_view_fits_the_screen(qtbot, original_font, main_window, screen, sizes, language):
    """At each text size: the window's minimum fits the screen; in every view and every tab the
    text is whole and nothing overlaps (a view that needs more room than the window has scrolls);
    each view fits without scrolling, its main plot keeping its share, up to its size in
    FITS_UP_TO."""
    from app import i18n

    window = main_window
    width, height = screen
    window.set_language(language)
    problems, largest, fitted = [], {}, {}  # per view: the largest size it fitted at, all below fitting
    try:
        for points in sizes:
            window.set_text_size(points)
            window.resize(width, height)
            qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height), timeout=5000)
            for view in window.views:
                window.show_view(view.view_id)
                settle(qtbot, view)
                page = page_of(window, view)
                found = tab_problems(window, view, qtbot, page_scrolls=page.needs_scrolling())
                short = shortfall(page, view, width * height)
                if short is None and fitted.get(view.view_id, True):
                    largest[view.view_id] = points  # fits at every size so far
                else:
                    fitted[view.view_id] = False
                    if short is not None and points <= fits_up_to(screen, language, view.view_id):
                        found.append(short)
                problems += [f"{points} pt {view.view_id}: {p}" for p in found]
            minimum = window.minimumSizeHint().expandedTo(window.minimumSize())
            if minimum.width() > width or minimum.height() > height:
                problems.append(f"{points} pt: the window needs at least {minimum.width()}×{minimum.height()} px")
            if points == 22 and width == SMALL_SCREEN[0]:
                chrome = window.height() - window.stack.height()
                if chrome > CHROME_AT_22_PT:
                    problems.append(f"22 pt: menu, view names and status bar take {chrome} px (the quick check "
                                    f"assumes {CHROME_AT_22_PT})")
    finally:
        i18n.install("en")  # the window closes next: no need to rebuild its views in English
        i18n.remember("en")
        window.resize(1400, 900)  # the geometry saved at close must not fill the screen for later tests
    assert not problems, "\n".join(problems) + f"\nlargest size each view fitted at in this run: {largest}"


#: the views that fit what a 1280×680 window leaves them at 22 pt in both languages (FITS_UP_TO
#: says the same): the quick check below gives them what the Chinese window leaves (its view names
#: take more height), so a view that fits only the English window's room (Entropy) is not in it
FIT_AT_22_PT = {view for view, points in FITS_UP_TO[(SMALL_SCREEN, "en")].items()
                if min(points, FITS_UP_TO[(SMALL_SCREEN, "zh")].get(view, 0)) >= 22}


#: the one view the quick loop checks at 22 pt (each view takes 1-5 s; the rest are `slow`)
QUICK_LOOP_VIEW = "playground"


@pytest.mark.parametrize("view_id", [pytest.param(v, marks=[] if v == QUICK_LOOP_VIEW else [pytest.mark.slow])
                                     for v in view_ids()])
def test_view_fits_a_projector_at_22_pt(qtbot, original_font, make_view, view_id):
    """Each view alone (the quick loop: QUICK_LOOP_VIEW) at what a 1280×680 window leaves it
    at 22 pt (the slow test above checks the whole matrix, and that the window leaves this much):
    the text in every tab is whole and nothing overlaps; the views in FIT_AT_22_PT fit without
    scrolling, their main plot keeping its share; the others are expected to fall short (xfail)."""
    from app.widgets.scrolling_page import ScrollingPage

    font = QApplication.font()
    font.setPointSize(22)
    QApplication.setFont(font)
    view = make_view(view_id, size=None, until=None)
    view.add_explanation()
    view.explanation_box.set_compact(True)  # as in the window at 22 pt: its toggle is the window's
    page = ScrollingPage(view)
    page.setObjectName("view_page")
    page.resize(SMALL_SCREEN[0] - 8, SMALL_SCREEN[1] - CHROME_AT_22_PT)
    page.show()
    try:
        qtbot.waitExposed(page)
        settle(qtbot, view)
        problems = tab_problems(page, view, qtbot, page_scrolls=page.needs_scrolling())
        short = shortfall(page, view, SMALL_SCREEN[0] * SMALL_SCREEN[1])
    finally:
        page.takeWidget()  # the view is make_view's to close
        page.close()
    assert not problems, "\n".join(problems)
    if view_id in FIT_AT_22_PT:
        assert short is None, short
    elif short is not None:
        pytest.xfail(f"known (issue 23): {short}")


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


def assert_view_names_shown(window) -> None:
    """Every view's name can be read: in the row above the view, each name whole; or, where the
    names are folded into the menu bar's list, that list shown whole beside the menus, with the
    current view's name in it and every view in its items."""
    titles = [view.title() for view in window.views]
    navigation, chooser = window.navigation, window.view_chooser
    if not window.names_folded():
        assert navigation.isVisible() and not chooser.isVisible()
        metrics = QFontMetrics(QApplication.font())
        for row in range(navigation.count()):
            item = navigation.item(row)
            rect = navigation.visualItemRect(item)
            assert rect.width() >= metrics.horizontalAdvance(item.text()), item.text()
            assert navigation.viewport().rect().contains(rect), f"{item.text()!r} is not fully shown"
        return
    assert chooser.isVisible() and not navigation.isVisible()
    assert [chooser.itemText(i) for i in range(chooser.count())] == titles
    assert chooser.currentText() == window.current_view().title()
    bar = window.menuBar()
    corner = bar.cornerWidget(Qt.Corner.TopRightCorner)
    assert bar.rect().contains(QRect(corner.pos(), corner.size())), "the list of views sticks out of the menu bar"
    last_menu = max(bar.actionGeometry(action).right() for action in bar.actions() if action.isVisible())
    assert last_menu < corner.x(), "the list of views covers the menus"
    assert not text_layout_problems(window, corner)


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
        assert_view_names_shown(window)
        attention.side_toggle.setChecked(True)  # folded by default at large text (app/widgets/side_toggle.py)
        attention.side.setCurrentWidget(attention.overview)
        settle(qtbot, attention)
        overview = attention.overview
        visible = overview.viewport().rect()
        for key, box in overview._boxes.items():
            tile = overview.mapFromScene(box.sceneBoundingRect()).boundingRect()
            caption = overview.mapFromScene(overview._labels[key].sceneBoundingRect()).boundingRect()
            # the grid scrolls (issue 23.4) when its tiles of a readable minimum do not fit: then a
            # tile may lie below the panel, never beside it
            if overview.verticalScrollBar().maximum() == 0:
                assert visible.contains(tile) and visible.contains(caption), f"tile {key} is cut off"
            else:
                assert tile.left() >= visible.left() and tile.right() <= visible.right(), f"tile {key} is cut off"
            assert tile.height() >= metrics.height(), f"tile {key} is {tile.height()} px tall"
        attention.side.setCurrentWidget(attention.row_panel)


@pytest.mark.slow  # a whole window
def test_the_lecture_panel_is_no_wider_than_it_needs_and_keeps_the_view_names(qtbot, original_font, main_window):
    """At 22 pt on 1280×680 with three scenes: the lecture panel takes at most 25 % of the window
    (its four buttons in one row made it half), its close button is inside it and shown, nothing
    in it is cut off, and every view name above the view is still shown beside it."""
    window = main_window
    window.set_text_size(22)
    window.resize(*SMALL_SCREEN)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == SMALL_SCREEN, timeout=5000)
    panel = window.lecture_panel
    panel.show()
    for _ in range(3):
        window.capture_scene()
    qtbot.waitUntil(lambda: panel.isVisible() and len(panel.scenes) == 3, timeout=5000)
    settle(qtbot, window.current_view())
    # at most about a quarter (issue 23 deliverable 6; 22 % in English, 16 % in Chinese on 2026-12-02)
    assert panel.width() <= 0.25 * window.width(), f"the panel is {panel.width()} px of {window.width()}"
    bar = panel.titleBarWidget()  # app/widgets/dock_title.py: Qt's own bar kept its first text size
    close = bar.close_button
    assert close.isVisible() and panel.rect().contains(close.geometry().translated(bar.pos()))
    assert not text_layout_problems(window, panel)
    assert_view_names_shown(window)
    window.resize(1400, 900)



def put_the_lecture_away(window) -> None:
    """The lecture panel empty and closed, the window in English at a size that fits no screen
    exactly: the state later tests expect (the geometry saved at close must not fill the screen)."""
    from app import i18n

    window.lecture_panel.set_scenes([])
    window.lecture_panel.hide()
    i18n.install("en")  # the window closes next: no need to rebuild its views in English
    i18n.remember("en")
    window.resize(1400, 900)


@pytest.mark.slow  # a whole window at 22 pt with the word-level model
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_beam_lesson_sentence_keeps_the_tree_its_share_beside_the_lecture_panel(qtbot, original_font,
                                                                                   main_window, language):
    """zh-en-toy on "简九月要访问非洲" at 22 pt beside the lecture panel (1280×680): beam and greedy
    differ, and their outcome in one paragraph took four lines over the tree, which kept 35 % of
    the window's rest.  The outcome takes at most two lines (beam, greedy; the verdict and the
    figures that do not fit in its tooltip), the tree keeps PLOT_SHARE, nothing is cut and the
    page does not scroll."""
    window = main_window
    width, height = SMALL_SCREEN
    window.set_language(language)
    panel = window.lecture_panel
    try:
        window.set_text_size(22)
        window.resize(width, height)
        qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height), timeout=5000)
        window.show_view("beam")
        view = window.current_view()
        settle(qtbot, view)
        window.capture_scene()
        qtbot.waitUntil(lambda: panel.isVisible() and len(panel.scenes) == 1, timeout=5000)
        view.view_state.model = "zh-en-toy"
        view.view_state.text = "简九月要访问非洲"
        qtbot.waitUntil(lambda: view.original is not None and view.original.text == "简九月要访问非洲", timeout=90000)
        settle(qtbot, view)
        a = view.original
        assert a.best.token_ids != a.greedy.token_ids  # the case this guards: both outputs are written
        outcome = view.output_label

        def check():
            qtbot.waitUntil(lambda: outcome.height() >= outcome.heightForWidth(outcome.width()))  # laid out
            written = outcome.text()
            assert a.best.text in written and a.greedy.text in written
            assert outcome.height() < 3 * outcome.fontMetrics().lineSpacing(), outcome.height()  # two lines at most
            assert ("不同" if language == "zh" else "different") in outcome.toolTip()
            rest = (width - panel.width()) * height
            assert plot_share(window, view, rest) >= PLOT_SHARE, (plot_share(window, view, rest), view.tree.size())
            assert not page_of(window, view).needs_scrolling()
            assert not text_layout_problems(window, view)

        check()
        # the panel closed and opened again over the search drawn: the outcome follows its width
        beside = outcome.width()
        panel.hide()
        qtbot.waitUntil(lambda: outcome.width() > beside)
        settle(qtbot, view)
        # 1,254 px hold the outputs with their log P (as the form is chosen for the width it has:
        # written while the label moved over the tree, it had kept the outputs alone)
        from app.style import fixed
        written = " ".join(outcome.text().replace("&nbsp;", " ").split())
        assert f"log P {fixed(a.best.logprob)}" in written and f"log P {fixed(a.greedy.logprob)}" in written, written
        panel.show()
        qtbot.waitUntil(lambda: outcome.width() == beside)
        settle(qtbot, view)
        check()
    finally:
        put_the_lecture_away(window)


#: the text sizes checked beside the lecture panel (16 pt was measured by hand, 2026-12-02; each size
#: costs every view's settling)
LECTURE_PANEL_SIZES = (22, 11)
#: the scenes the lecture panel lists in that check: their captions are among the longest
LECTURE_SCENES = ("attention", "beam", "playground")
#: beside the lecture panel the main plot keeps PLOT_SHARE of the window's rest (the window less the
#: panel's width), except where measured lower; a view that keeps less fails.  None is lower since
#: branch beamzh (2026-12-02): the beam tree had 38.7 % at 22 pt in Chinese (1044×271 px under
#: three lines of step controls and two of outcome), now 52 % (1044×367: Start, End and the zoom
#: behind "More ▾", the outcome one line where beam and greedy agree)
SHARE_BESIDE_PANEL: dict[tuple[str, int, str], float] = {}


@pytest.mark.slow  # every view of a window at two text sizes
@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_view_fits_beside_the_lecture_panel(qtbot, original_font, main_window, language):
    """A lecture on a 1280×720 projector (1280×680) with the lecture panel open and three scenes,
    at 22 and 11 pt: the panel takes at most a sixth of the window, and every view fits the rest
    without scrolling either way, its text whole and nothing overlapping (in the tab shown), its main
    plot keeping PLOT_SHARE of the window's rest (SHARE_BESIDE_PANEL where less was measured)."""
    window = main_window
    width, height = SMALL_SCREEN
    window.set_language(language)
    panel = window.lecture_panel
    problems = []
    try:
        for view_id in LECTURE_SCENES:
            window.show_view(view_id)
            settle(qtbot, window.current_view())
            window.capture_scene()
        qtbot.waitUntil(lambda: panel.isVisible() and len(panel.scenes) == len(LECTURE_SCENES), timeout=5000)
        for points in LECTURE_PANEL_SIZES:
            window.set_text_size(points)
            window.resize(width, height)
            qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height), timeout=5000)
            settle(qtbot, window.current_view())
            if panel.width() > width / 6:
                problems.append(f"{points} pt: the lecture panel is {panel.width()} px of {width}")
            rest = (width - panel.width()) * height
            for view in window.views:
                window.show_view(view.view_id)
                settle(qtbot, view)
                page = page_of(window, view)
                found = text_layout_problems(window, view, page.needs_scrolling())
                if page.needs_scrolling():
                    needed, room = page.needed(), page.maximumViewportSize()
                    found.append(f"scrolls: needs {needed.width()}×{needed.height()} px, has "
                                 f"{room.width()}×{room.height()}")
                least = SHARE_BESIDE_PANEL.get((language, points, view.view_id), PLOT_SHARE)
                share = plot_share(window, view, rest)
                if share < least:
                    found.append(f"main plot {share:.1%} of the window's rest beside the panel (at least {least:.0%})")
                problems += [f"{points} pt {view.view_id}: {p}" for p in found]
    finally:
        put_the_lecture_away(window)
    assert not problems, "\n".join(problems)


# ---- Hugging Face folders (issue 27: "a lecturer opens the biggest model their laptop can hold") ----------

def hf_folder(kind: str, tmp_path):
    """A decoder-only (tiny GPT-2), an encoder (MiniLM) or a seq2seq (tiny T5) folder."""
    import sys
    from pathlib import Path

    pytest.importorskip("transformers", reason="the optional [hf] extra (transformers) is not installed")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from hf_tiny import minilm_folder, tiny_gpt2, tiny_t5

    if kind == "decoder":
        return tiny_gpt2(tmp_path / "gpt2", positions=512)
    if kind == "encoder":
        return minilm_folder()
    return tiny_t5(tmp_path / "t5")


def hf_text() -> str:
    """About 130 tokens of the tiny models' corpus (what a lecturer pastes: the output strip is cut)."""
    from hf_tiny import CORPUS

    return " ".join(CORPUS * 3)


@pytest.mark.slow  # a whole window, a Hugging Face folder, five text sizes
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("kind", ["decoder", "encoder", "seq2seq"])
def test_the_attention_view_fits_a_projector_with_a_hugging_face_folder(qtbot, original_font, main_window,
                                                                        monkeypatch, tmp_path, kind, language):
    """With a Hugging Face folder open the attention view adds its word-piece toggles and its
    attention-sink readout; on a 1280×680 window at every text size from 11 to 22 pt it still fits
    without scrolling, its text whole and nothing overlapping, the heatmap keeping PLOT_SHARE, and
    Row & heads and Export no wider than they ask (an encoder's row has no output to take its rest)."""
    from app import i18n
    from PySide6.QtWidgets import QFileDialog

    window = main_window
    width, height = SMALL_SCREEN
    folder = hf_folder(kind, tmp_path)
    problems = []
    try:
        window.set_language(language)
        window.show_view("attention")
        monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(folder)))
        window.model_folder_menu.open_action.trigger()
        qtbot.waitUntil(lambda: not window.state.model_folders.loading, timeout=60000)
        view = window.view("attention")
        text = hf_text()
        view.controls.input.setText(text)
        qtbot.waitUntil(lambda: view.result is not None and view.result.source_text == text and not view.busy,
                        timeout=60000)
        assert view.word_pieces.isVisible() and view.word_pieces.sinks is not None
        # the toggles among the selectors are reached with Tab in the order they are drawn
        pieces = view.word_pieces
        assert view.controls.scale_box.nextInFocusChain() is pieces.merge_check
        assert pieces.hide_check.nextInFocusChain() is view.controls.settings_button
        for points in SMALL_SCREEN_SIZES:
            window.set_text_size(points)
            window.resize(width, height)
            qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height), timeout=5000)
            settle(qtbot, view)
            page = page_of(window, view)
            found = text_layout_problems(window, view, page.needs_scrolling())
            short = shortfall(page, view, width * height)
            for button in (view.side_toggle, view.export_button):  # the sinks take the rest of their row
                if button.width() > button.sizeHint().width() + SLACK:
                    found.append(f"{describe(button)} stretched to {button.width()} px")
            problems += [f"{points} pt: {p}" for p in found + ([short] if short else [])]
    finally:
        i18n.install("en")
        i18n.remember("en")
        window.resize(1400, 900)
    assert not problems, "\n".join(problems)


@pytest.mark.slow  # a window opened, its views built, six text sizes
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_list_of_views_shows_its_name_whole_from_a_window_opened_at_22_pt(qtbot, original_font, language):
    """main.py's window (deferred: the views, and the names in the menu bar's list of views, come
    after the first paint) opened at a remembered 22 pt on 1280×680, then zoomed down to 11 pt:
    wherever the names are folded into the list, its current name is drawn whole ("Attentior"
    was cut at 22 pt: the list kept the width it had while empty)."""
    from app import i18n
    from app.main_window import MainWindow
    from app.settings import settings

    i18n.install(language)
    settings().setValue("text_size", 22)
    window = MainWindow(device="cpu", initial_view="attention", deferred=True)
    qtbot.addWidget(window)
    problems = []
    try:
        window.resize(*SMALL_SCREEN)
        with qtbot.waitSignal(window.views_ready, timeout=30000):
            window.show()
        for points in (22, 20, 18, 16, 14, 11):
            if points != 22:
                window.set_text_size(points)
            qtbot.waitUntil(lambda: QApplication.font().pointSize() == points, timeout=5000)
            for _ in range(3):
                QApplication.processEvents()
                qtbot.wait(30)
            chooser = window.view_chooser
            if points == 22:
                assert window.names_folded() and chooser.isVisible()  # the case this guards
            if chooser.isVisible():
                problem = combo_problem(chooser)
                if problem:
                    problems.append(f"{points} pt: {chooser.currentText()!r}: {problem}")
                assert_view_names_shown(window)
    finally:
        settings().remove("text_size")
        i18n.install("en")
        i18n.remember("en")
        window.resize(1400, 900)
        window.close()
    assert not problems, "\n".join(problems)
