"""Controls bound to a view's state (app/view_state.py), both ways, one function per widget kind.

    bind_text(state, "text", line_edit)          QLineEdit        <-> str
    bind_plain_text(state, "refs", text_box)     QPlainTextEdit   <-> str
    bind_number(state, "width", spin_box)        QSpinBox, QDoubleSpinBox, QSlider, FloatSlider <-> int / float
    bind_choice(state, "model", combo_box)       QComboBox        <-> the current item's data (a stable key)
    bind_check(state, "lowercase", check_box)    QCheckBox        <-> bool
    bind_tab(state, "tab", tab_widget, keys)     QTabWidget       <-> keys[index] (no keys: the index)

An edit of the widget sets the field; a change of the field sets the widget.  The echo (the
widget's own change signal while the binding writes it) is ignored by the binding rather than
blocked with QSignalBlocker: the widget's other listeners (a slider paired with its spin box,
the Examples menu following the model, the view's request loop) must still hear a value that a
session or a lecture scene puts in, exactly as they hear the user's.

After writing, the binding reads the widget back: a value the widget cannot show (a number beyond
its range, a model that is not installed) leaves the field equal to what is shown, so the state
never claims what the screen does not show.  A widget with nothing to choose from yet (a combo
box or tab bar filled by the first result) keeps the field, and so does a combo box bound with
`keep_unshown=True` (its items follow each result: the attention view's layer and head, whose
saved value must wait for the saved model's result); `Binding.refresh()` shows it once the items
are there.
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPlainTextEdit, QTabWidget


class Binding:
    """One field of a state and one widget, kept equal (see the module doc)."""

    def __init__(self, state, name: str, widget, read: Callable, write: Callable, signal,
                 empty: Callable[[], bool] = lambda: False, keep_unshown: bool = False):
        self.state, self.name, self.widget = state, name, widget
        self._read, self._write, self._empty = read, write, empty
        self._keep_unshown = keep_unshown
        self._writing = False
        signal.connect(self._from_widget)
        state.watch(lambda _name: self.refresh(), name)
        self.refresh()

    def _from_widget(self, *_) -> None:
        if not self._writing:
            setattr(self.state, self.name, self._read())

    def refresh(self) -> None:
        """Show the field's value in the widget (and keep the field to what the widget can show)."""
        value = getattr(self.state, self.name)
        if self._read() != value:
            self._writing = True
            try:
                self._write(value)
            finally:
                self._writing = False
        if not self._keep_unshown and not self._empty() and self._read() != value:
            setattr(self.state, self.name, self._read())


def bind_text(state, name: str, edit: QLineEdit) -> Binding:
    return Binding(state, name, edit, edit.text, edit.setText, edit.textChanged)


def bind_plain_text(state, name: str, edit: QPlainTextEdit) -> Binding:
    return Binding(state, name, edit, edit.toPlainText, edit.setPlainText, edit.textChanged)


def bind_number(state, name: str, widget) -> Binding:
    """A spin box, a double spin box, a slider, or a composite with value()/setValue()/valueChanged."""

    def write(value) -> None:
        if hasattr(widget, "minimum"):
            # clamped here: the widget clamps too, but a number beyond a C int (2**31 in a
            # hand-edited file) overflows on its way to Qt before it gets the chance
            value = min(max(value, widget.minimum()), widget.maximum())
        widget.setValue(value)

    return Binding(state, name, widget, widget.value, write, widget.valueChanged)


def _item_index(box: QComboBox, key) -> int:
    for index in range(box.count()):
        if box.itemData(index) == key and (key is not None or box.itemData(index) is None):
            return index
    return -1


def bind_choice(state, name: str, box: QComboBox, keep_unshown: bool = False) -> Binding:
    """The field holds the current item's data: a model name, an enum value, never an index or a
    translated text.  `keep_unshown`: see the module doc."""

    def write(key) -> None:
        index = _item_index(box, key)
        if index >= 0:
            box.setCurrentIndex(index)

    return Binding(state, name, box, box.currentData, write, box.currentIndexChanged, empty=lambda: box.count() == 0,
                   keep_unshown=keep_unshown)


def bind_check(state, name: str, check: QCheckBox) -> Binding:
    return Binding(state, name, check, check.isChecked, check.setChecked, check.toggled)


def bind_tab(state, name: str, tabs: QTabWidget, keys: tuple | None = None) -> Binding:
    """The field holds keys[current index] (a name that survives a new tab), or the index itself."""

    def read():
        index = tabs.currentIndex()
        return index if keys is None else (keys[index] if 0 <= index < len(keys) else None)

    def write(value) -> None:
        index = value if keys is None else (keys.index(value) if value in keys else -1)
        if isinstance(index, int) and 0 <= index < tabs.count():
            tabs.setCurrentIndex(index)

    return Binding(state, name, tabs, read, write, tabs.currentChanged, empty=lambda: tabs.count() == 0)


def bind_widgets(state, **widgets) -> dict[str, Binding]:
    """Bind each field to its widget with the binder for the widget's kind, in the order given
    (a field whose range depends on another comes after it): `bind_widgets(state, text=edit, width=spin)`."""
    bindings = {}
    for name, widget in widgets.items():
        if isinstance(widget, QLineEdit):
            bindings[name] = bind_text(state, name, widget)
        elif isinstance(widget, QPlainTextEdit):
            bindings[name] = bind_plain_text(state, name, widget)
        elif isinstance(widget, QComboBox):
            bindings[name] = bind_choice(state, name, widget)
        elif isinstance(widget, QCheckBox):
            bindings[name] = bind_check(state, name, widget)
        elif isinstance(widget, QTabWidget):
            bindings[name] = bind_tab(state, name, widget)
        else:
            bindings[name] = bind_number(state, name, widget)
    return bindings
