"""app/binding.py and app/view_state.py: edits reach the state, state changes reach the widgets,
once each, and the states of the views stay free of Qt."""
import ast
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox, QTabWidget, QWidget

from app.binding import bind_choice, bind_tab, bind_widgets
from app.view_state import ViewState

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Choices(ViewState):
    model: str = "b"
    text: str = "hello"
    width: int = 5
    flag: bool = False
    tab: str = "two"


def widgets(qtbot):
    box = QComboBox()
    for key in ("a", "b", "c"):
        box.addItem(f"Model {key.upper()}", key)
    edit, spin, check, tabs = QLineEdit(), QSpinBox(), QCheckBox(), QTabWidget()
    spin.setRange(1, 64)
    for name in ("one", "two"):
        tabs.addTab(QWidget(), name.title())
    for widget in (box, edit, spin, check, tabs):
        qtbot.addWidget(widget)
    return box, edit, spin, check, tabs


def test_the_state_reaches_the_widgets_and_edits_reach_the_state_once(qtbot):
    state = Choices()
    box, edit, spin, check, tabs = widgets(qtbot)
    bind_widgets(state, model=box, text=edit, width=spin, flag=check)
    bind_tab(state, "tab", tabs, ("one", "two"))
    assert (box.currentText(), edit.text(), spin.value(), check.isChecked(), tabs.currentIndex()) == \
        ("Model B", "hello", 5, False, 1)
    changes = []
    state.watch(changes.append)
    edit.setText("typed")
    spin.setValue(9)
    box.setCurrentIndex(2)
    tabs.setCurrentIndex(0)
    assert (state.text, state.width, state.model, state.tab) == ("typed", 9, "c", "one")
    assert changes == ["text", "width", "model", "tab"]  # one notification per edit: no echo
    emitted = []
    edit.textChanged.connect(emitted.append)
    state.text = "from a lecture"
    state.text = "from a lecture"  # unchanged: nothing happens
    assert edit.text() == "from a lecture" and emitted == ["from a lecture"]


def test_a_value_the_widget_cannot_show_leaves_the_state_equal_to_the_screen(qtbot):
    state = Choices()
    box, edit, spin, check, tabs = widgets(qtbot)
    bind_widgets(state, model=box, width=spin)
    state.width = 2 ** 31  # beyond a C int: clamped before it reaches Qt
    assert spin.value() == 64 and state.width == 64
    state.model = "not installed"
    assert box.currentData() == "b" and state.model == "b"


def test_keep_unshown_waits_for_the_items(qtbot):
    state = Choices(model="z")
    box = QComboBox()
    qtbot.addWidget(box)
    box.addItem("A", "a")
    binding = bind_choice(state, "model", box, keep_unshown=True)
    assert state.model == "z" and box.currentData() == "a"
    box.addItem("Z", "z")
    binding.refresh()
    assert box.currentData() == "z"


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_view_states_import_no_qt():
    """state.py and what it imports from app/ (read as source: the package's __init__ imports the
    view, which is Qt) — the engine keeps its own Qt-free test."""
    todo = [ROOT / "app" / "view_state.py", *sorted((ROOT / "app" / "views").glob("*/state.py"))]
    from app.views import VIEWS

    assert len(todo) == len(VIEWS) + 1  # every registered view has its state.py
    seen = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _imports(path):
            assert not name.startswith(("PySide6", "pyqtgraph", "shiboken6")), (path, name)
            if name.startswith("app."):
                todo.append(ROOT / (name.replace(".", "/") + ".py"))
