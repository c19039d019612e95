"""The step bar of the beam-search view: Start / Back / Play / Next / End with the step counter,
the tree's colour legend, zoom, and room for the Export button.  It asks for steps; the view
answers with `set_progress`.

From 20 pt (app/widgets/settings_popup.py) Start, End and the zoom buttons fold behind a "More ▾"
button after the counter: in Chinese at 22 pt beside the lecture panel (a 1,044 px row) the bar
took three lines, two with them in a popup, and the tree kept 38.7 % of the window's rest (issue
23 asks 40 %).  The keyboard keeps them: Home and End (the view), +, − and 0 (the tree)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QToolButton, QWidget

from app import style
from app.widgets.flow_layout import FlowLayout
from app.widgets.settings_popup import SettingsPopupButton
from app.views.beam.tree import PATH_COLOUR, STATUS_COLOURS


def _tool_button(text: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay with the tree
    button.setMinimumWidth(34)
    return button


class StepBar(QWidget):
    """Start / Back / Play / Next / End and the step counter, the tree's colour legend, and zoom.
    It holds the play timer and asks for steps with `reveal_requested`; the owner answers with
    `set_progress`."""

    PLAY_MS = 900
    #: how many steps of the search to show
    reveal_requested = Signal(int)
    #: Back, Next or Play was used: the owner gives the keyboard to the tree
    stepping = Signal()
    zoom_requested = Signal(float)
    fit_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.revealed = 0
        self.total = 0
        self.play_timer = QTimer(self)
        self.play_timer.setInterval(self.PLAY_MS)
        self.play_timer.timeout.connect(lambda: self.reveal_requested.emit(self.revealed + 1))

        self.first_button = _tool_button(self.tr("|◀ Start"), self.tr("Back to the start (Home)"))
        self.back_button = _tool_button(self.tr("◀ Back"), self.tr("One step back (←)"))
        self.play_text, self.pause_text = self.tr("▶ Play"), self.tr("❚❚ Pause")
        self.play_button = _tool_button(self.play_text, self.tr("Play / pause (Space)"))
        self.forward_button = _tool_button(self.tr("Next ▶"), self.tr("One step forward (→)"))
        self.last_button = _tool_button(self.tr("End ▶|"), self.tr("Show the whole search (End)"))
        self.step_label = QLabel()
        #: how many candidates the tree leaves out ("All candidates" past its box limit): a label of
        #: its own at the end of the row, so that its text never widens the step counter and pushes
        #: Export and Details onto another line (at 22 pt the row then scrolled the page)
        self.left_out_label = QLabel()
        self.left_out_label.hide()

        self.zoom_out_button = _tool_button("−", self.tr("Zoom out (key −, or the mouse wheel)"))
        self.fit_button = _tool_button(self.tr("Fit"), self.tr("Fit the steps shown, at a readable size (key 0)"))
        self.zoom_in_button = _tool_button("+", self.tr("Zoom in (key +, or the mouse wheel)"))
        entries = ((STATUS_COLOURS["kept"], "■", self.tr("kept")),
                   (STATUS_COLOURS["finished"], "■", self.tr("finished ✓")),
                   (STATUS_COLOURS["pruned"], "■", self.tr("pruned")),
                   (STATUS_COLOURS["forced"], "■", self.tr("forced")),
                   (PATH_COLOUR, "━", self.tr("selected hypothesis")))
        legend = " &nbsp; ".join(f"<span style='color:{colour}'>{mark}&nbsp;{text.replace(' ', '&nbsp;')}</span>"
                                 for colour, mark, text in entries)
        self.legend = style.wrapped_label(legend, rich=True)
        # a label of its own, which the row may wrap onto the next line: at 22 pt beside the lecture
        # panel the legend in one piece was 1,224 px wide in a 1,044 px row and was cut off
        self.numbers_label = style.wrapped_label(self.tr("numbers:&nbsp;log&nbsp;P"), rich=True)
        for label in (self.legend, self.numbers_label):
            label.setToolTip(self.tr("Each box: the token and the cumulative log-probability log P of the prefix "
                                     "it ends. A box that ends a hypothesis also shows its rank and normalised "
                                     "score. Hover over a box for the arithmetic; click it to inspect it."))

        # wraps (FlowLayout) rather than widening the window beyond a 1280 px projector
        self.row = FlowLayout(self)
        for b in (self.first_button, self.back_button, self.play_button, self.forward_button, self.last_button):
            self.row.addWidget(b)
        self.row.addWidget(self.step_label)
        #: from 20 pt: Start, End and the zoom, side by side in its popup (hidden below)
        self.more_button = SettingsPopupButton(
            (self.first_button, self.last_button, self.zoom_out_button, self.fit_button, self.zoom_in_button),
            self.tr("More ▾"), self.tr("Start, End and the zoom (keys Home, End, +, − and 0 on the tree)"),
            row=True)
        self.row.addWidget(self.more_button)
        for label in (self.legend, self.numbers_label):
            label.setWordWrap(False)  # one line beside the buttons (the bar wraps as a whole)
            self.row.addWidget(label)
        for b in (self.zoom_out_button, self.fit_button, self.zoom_in_button):
            self.row.addWidget(b)
        self.row.addWidget(self.left_out_label)
        #: the view's widgets added to the row (add_widget), in order
        self._added: list[QWidget] = []

        self.first_button.clicked.connect(self.to_start)
        self.back_button.clicked.connect(self.step_back)
        self.play_button.clicked.connect(self.toggle_play)
        self.forward_button.clicked.connect(self.step_forward)
        self.last_button.clicked.connect(self.to_end)
        self.zoom_in_button.clicked.connect(lambda: self.zoom_requested.emit(1.25))
        self.zoom_out_button.clicked.connect(lambda: self.zoom_requested.emit(1 / 1.25))
        self.fit_button.clicked.connect(self.fit_requested)
        self._fix_widths()

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a zoom: the texts' widths changed
            self._fix_widths()
            self._place_added()

    def fit_to_text(self) -> None:
        """Fold Start, End and the zoom behind More from its text size, put them back below (call
        it once the view has placed its widgets in the row, and after each zoom)."""
        self.more_button.fit_to_text()
        self._place_added()

    def _fix_widths(self) -> None:
        """Play and the step counter get the width of their longest text, so that Play turning
        into Pause, or step 9 into step 10, never re-wraps the row under the lecturer's mouse."""
        widths = []
        for text in (self.play_text, self.pause_text):
            self.play_button.setText(text)
            widths.append(self.play_button.sizeHint().width())
        self.play_button.setText(self.pause_text if self.playing else self.play_text)
        self.play_button.setFixedWidth(max(widths))
        digits = "8" * len(str(self.total))  # as wide as any number of steps up to the total
        longest = self.tr("Step {0} of {1}").format(digits, digits)
        self.step_label.setMinimumWidth(self.step_label.fontMetrics().horizontalAdvance(longest) + 8)

    def add_tree_switch(self, widget: QWidget) -> None:
        """A switch for what the tree draws (the view's "Show pruned"), after the legend and
        before the zoom: in Chinese at 18 pt the legend's line has room for them, which a line
        of their own under the search's settings took from the tree."""
        self.row.insert_widget(self.row.indexOf(self.zoom_out_button), widget)

    def add_widget(self, widget: QWidget) -> None:
        """A widget of the view's (Export, the side panel's button) after the step counter and
        those added before where the line has room for them: at 18 pt the row wraps, and the
        buttons fit there rather than on a line of their own under the legend.  Where the five
        step buttons and the counter fill the line (beside the lecture panel at 22 pt) they go
        after the legend instead, before the tree's switches and zoom: after the counter they
        took a line of their own (in Chinese the page scrolled)."""
        self._added.append(widget)
        self.row.insert_widget(self.row.indexOf(self.legend), widget)
        self._place_added()

    def _place_added(self) -> None:
        """The added widgets after the counter if the first line holds them, else after the legend."""
        if not self._added:
            return
        # what the row has before the legend (the step buttons not folded behind More, the
        # counter, More while it is shown) and the added widgets
        before_legend = (self.row.itemAt(i).widget() for i in range(self.row.indexOf(self.legend)))
        first_line = [w for w in before_legend if w is not None and not w.isHidden() and w not in self._added]
        first_line += self._added
        # as the row places them: each at its size hint, or its minimum where that is larger
        needed = sum(max(w.sizeHint().width(), w.minimumWidth()) for w in first_line) + \
            self.row.item_spacing() * (len(first_line) - 1)
        # else before the zoom, or where the zoom is folded away, before the end of the row
        after_legend = self.zoom_out_button if self.row.indexOf(self.zoom_out_button) >= 0 else self.left_out_label
        anchor = self.legend if needed <= self.contentsRect().width() else after_legend
        end = self.row.indexOf(anchor)
        if [self.row.indexOf(w) for w in self._added] == list(range(end - len(self._added), end)):
            return  # already there
        for widget in self._added:
            self.row.removeWidget(widget)
        # an earlier switch or the settings button stays where it was: the added widgets go right
        # before the anchor, in the order they came
        for widget in self._added:
            self.row.insert_widget(self.row.indexOf(anchor), widget)
            widget.show()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._place_added()

    def set_progress(self, revealed: int, total: int, left_out: int = 0) -> None:
        """`left_out`: candidates the tree does not draw (its box limit with "All candidates"),
        said after the zoom buttons."""
        if total != self.total:
            self.total = total
            self._fix_widths()
        self.revealed = revealed
        self.step_label.setText(self.tr("Step {0} of {1}").format(revealed, total))
        self.left_out_label.setText(self.tr("{0} least likely candidates not drawn").format(f"{left_out:,}")
                                    if left_out else "")
        self.left_out_label.setVisible(bool(left_out))
        self.back_button.setEnabled(revealed > 0)
        self.first_button.setEnabled(revealed > 0)
        self.forward_button.setEnabled(revealed < total)
        self.last_button.setEnabled(revealed < total)
        if revealed >= total and self.playing:
            self.pause()

    def step_forward(self):
        self.stepping.emit()
        self.reveal_requested.emit(self.revealed + 1)

    def to_start(self):
        self.reveal_requested.emit(0)

    def to_end(self):
        self.reveal_requested.emit(self.total)

    def step_back(self):
        self.stepping.emit()
        self.reveal_requested.emit(self.revealed - 1)

    def toggle_play(self):
        self.stepping.emit()
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self):
        if self.revealed >= self.total:
            self.reveal_requested.emit(0)
        self.play_timer.start()
        self.play_button.setText(self.pause_text)

    def pause(self):
        self.play_timer.stop()
        self.play_button.setText(self.play_text)

    @property
    def playing(self) -> bool:
        return self.play_timer.isActive()
