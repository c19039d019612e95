"""The bilingual interface: every visible string of every view in Chinese, the switch back to
English, the translation files, the explanations, engine messages and `main.py --lang`."""
from __future__ import annotations

import html
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "assets" / "i18n" / "attention_lab_zh.ts"
QM = ROOT / "assets" / "i18n" / "attention_lab_zh.qm"
VENV_BIN = Path(sys.executable).parent

#: Latin words allowed in the Chinese interface: names (of the app, tools, people, file types,
#: devices), the metric BLEU and mathematical notation that Chinese courses write the same way.
#: Everything else with two or more Latin letters is an untranslated string.  (Symbols with a
#: digit, subscript or underscore — k1, log₂, d_model, M_5 — and token text in ⟨…⟩ or titles in
#: 《…》 are notation or names by their form and are not checked.)
ALLOWED_WORDS = {
    # names
    "Attention", "Lab", "BLEU", "PNG", "SVG", "CSV", "CPU", "CUDA", "MPS", "Apple", "GNMT", "WMT", "mteval",
    "sacrebleu", "Transformer", "Ctrl", "Shift", "English", "fairseq", "Whisper", "Marian", "TensorFlow",
    "PyTorch", "Vaswani", "Jensen", "Shannon", "Viridis", "Cividis", "Inferno",  # colour maps (View menu)
    "Home", "End",  # key names, as on the keyboard (the beam view's Start and End tooltips)
    # notation
    "n-best", "log", "exp", "ln", "softmax", "sin", "cos", "max", "min", "std", "PE", "pos", "KL", "JS", "QK", "BP",
    "base",
    # the language-model lesson: nltk.lm, estimators named after people, and its notation
    "nltk", "lm", "Lidstone", "Good-Turing", "Katz", "Kneser-Ney", "MLE", "EM", "PP", "MLP", "LSTM",
    # text files: their encodings' names and sizes
    "NUL", "MB",
    # the date model reads English month names: its example inputs show one
    "Nov",
    # word embeddings: tools and file formats (GloVe, fastText's .vec), the method names of the
    # literature (skip-gram, 3CosAdd / 3CosMul, t-SNE) as Chinese course notes write them; gensim (the
    # reference library whose rules the test set follows) and the Google analogy test set's format
    "GloVe", "fastText", "vec", "skip-gram", "CosAdd", "CosMul", "t-SNE", "gensim", "Google",
    # the decoding view: the sampling transforms go by these names in Chinese too (Hugging Face's)
    "top-k", "top-p", "min-p",
}
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_ᵀ₀-₉]*(?:-[A-Za-z0-9]+)*")
NOTATION = re.compile(r"[0-9_ᵀ₀-₉]")
TAG = re.compile(r"<[^>]+>")
NAMED = re.compile(r"⟨[^⟩]*⟩|《[^》]*》")


# ---- collecting what is on screen ---------------------------------------------------------------
def _plain(text: str) -> str:
    text = html.unescape(TAG.sub(" ", text or ""))
    return NAMED.sub(" ", text)


def shown_texts(root) -> list[tuple[str, str]]:
    """(where, text) for every string the user can read in `root` and its visible descendants:
    labels, buttons, check boxes, combo items, tab titles, group titles, tool tips, placeholders,
    table headers and cells, list items, and the text items of plots (axis labels, titles,
    legends, tree nodes).  The contents of editable inputs are the user's, not the interface's."""
    from PySide6.QtWidgets import (QAbstractButton, QComboBox, QGraphicsSimpleTextItem, QGraphicsTextItem,
                                   QGraphicsView, QGroupBox, QLabel, QLineEdit, QListWidget, QPlainTextEdit,
                                   QTableWidget, QTabWidget, QTextEdit, QWidget)

    found = []
    widgets = [root] + root.findChildren(QWidget)
    for w in widgets:
        if w is not root and not w.isVisibleTo(root):
            continue
        kind = type(w).__name__
        if w.toolTip():
            found.append((f"{kind} tooltip", w.toolTip()))
        if isinstance(w, QLabel):
            found.append((kind, w.text()))
        elif isinstance(w, QAbstractButton):
            found.append((kind, w.text()))
        elif isinstance(w, QGroupBox):
            found.append((kind, w.title()))
        elif isinstance(w, QComboBox) and not w.isEditable():
            found += [(f"{kind} item", w.itemText(i)) for i in range(w.count())]
            found += [(f"{kind} item tooltip", w.itemData(i, 3) or "") for i in range(w.count())]
        elif isinstance(w, QTabWidget):
            found += [(f"{kind} tab", w.tabText(i)) for i in range(w.count())]
        elif isinstance(w, (QLineEdit, QPlainTextEdit, QTextEdit)):
            found.append((f"{kind} placeholder", w.placeholderText()))
            if w.isReadOnly() and isinstance(w, (QPlainTextEdit, QTextEdit)):
                found.append((kind, w.toPlainText()))
        elif isinstance(w, QTableWidget):
            for column in range(w.columnCount()):
                item = w.horizontalHeaderItem(column)
                if item is not None:
                    found += [("table header", item.text()), ("table header tooltip", item.toolTip())]
            for row in range(w.rowCount()):
                item = w.verticalHeaderItem(row)
                if item is not None:
                    found.append(("table row header", item.text()))
                for column in range(w.columnCount()):
                    item = w.item(row, column)
                    if item is not None:
                        found += [("table cell", item.text()), ("table cell tooltip", item.toolTip())]
        elif isinstance(w, QListWidget):
            found += [("list item", w.item(i).text()) for i in range(w.count())]
        if isinstance(w, QGraphicsView) and w.scene() is not None:
            for item in w.scene().items():
                if not item.isVisible():
                    continue
                if isinstance(item, QGraphicsTextItem):
                    found.append(("plot text", item.toPlainText()))
                elif isinstance(item, QGraphicsSimpleTextItem):
                    found.append(("plot text", item.text()))
                if item.toolTip():
                    found.append(("plot tooltip", item.toolTip()))
    return [(where, text) for where, text in found if text]


def menu_texts(window) -> list[tuple[str, str]]:
    """The texts of the menus (the recent sessions and models menus list paths, not interface text)."""
    found = []
    path_menus = (window.recent_menu, window.model_folder_menu.recent_menu)

    def walk(actions):
        for action in actions:
            if action.menu() in path_menus:
                continue
            if action.text():
                found.append(("menu", action.text().replace("&", "")))
            if action.menu() is not None:
                walk(action.menu().actions())

    walk(window.menuBar().actions())
    return found


def input_words(view) -> set[str]:
    """Words the user typed or picked (inputs, model names, token text): allowed anywhere."""
    from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit

    from engine.models.registry import list_models

    words = set()
    texts = [w.text() for w in view.findChildren(QLineEdit)]
    texts += [w.toPlainText() for w in view.findChildren(QPlainTextEdit) if not w.isReadOnly()]
    texts += [w.currentText() for w in view.findChildren(QComboBox) if w.isEditable()]
    texts += [m.name for m in list_models()]
    texts += list(getattr(view, "data_words", lambda: ())())  # a corpus' tokens the view lists
    for box in view.findChildren(QComboBox):  # model choosers: item data are model names
        texts += [str(box.itemData(i)) for i in range(box.count()) if box.itemData(i) is not None]
    for text in texts:
        words.update(WORD.findall(text))
        words.update(WORD.findall(text.lower()))
        words.update(WORD.findall(text.title()))
    return words


def english_left(texts, allowed: set[str]) -> list[tuple[str, str, list[str]]]:
    bad = []
    for where, text in texts:
        words = [w for w in WORD.findall(_plain(text))
                 if len(w) > 1 and not NOTATION.search(w) and w not in allowed and w not in ALLOWED_WORDS
                 and w.lower() not in allowed]
        if words:
            bad.append((where, text, words))
    return bad


def _wait_ready(qtbot, view):
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=60000)


def _all_tabs_texts(qtbot, view) -> list[tuple[str, str]]:
    """The view's texts with every tab of every tab widget shown in turn (then put back)."""
    from PySide6.QtWidgets import QTabWidget

    texts = shown_texts(view)
    for tabs in view.findChildren(QTabWidget):
        original = tabs.currentIndex()
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            _wait_ready(qtbot, view)
            qtbot.wait(20)
            texts += shown_texts(tabs.widget(index))
        tabs.setCurrentIndex(original)
    return texts


@pytest.fixture
def chinese_window(main_window, qtbot):
    from app import i18n

    main_window.resize(1280, 720)
    main_window.set_language("zh")
    yield main_window
    # English again for the tests after this one; the window closes next, so its views are not
    # rebuilt in English (1.9 s of CPU each time).  Switching back is checked by
    # test_switching_keeps_inputs_and_switching_back_restores_english and the language menu's test.
    i18n.install("en")


# ---- the switch ---------------------------------------------------------------------------------
@pytest.mark.slow  # a Chinese window
def test_menus_and_window_are_chinese_after_the_switch(chinese_window):
    from app import i18n

    window = chinese_window
    assert i18n.current() == "zh"
    menus = menu_texts(window)
    assert ("menu", "文件(F)") in menus and ("menu", "语言") in menus
    bad = english_left(menus + shown_texts(window.statusBar()) + shown_texts(window.navigation)
                       + shown_texts(window.lecture_panel), input_words(window))
    assert not bad, bad
    assert window.language_actions["zh"].isChecked() and not window.language_actions["en"].isChecked()


@pytest.mark.slow  # every tab of a view, in a Chinese window
@pytest.mark.parametrize("view_id", [v for v, _ in __import__("app.views", fromlist=["VIEWS"]).VIEWS])
def test_every_visible_string_of_the_view_is_chinese(main_window, qtbot, view_id):
    from app import i18n

    window = main_window
    window.resize(1280, 720)
    window.show_view(view_id)
    view = window.current_view()
    _wait_ready(qtbot, view)
    # the check can fail: the same walk finds English in the English interface (walked first, in
    # the window's English views, so that no view is rebuilt in English afterwards: 1.9 s of CPU)
    assert english_left(shown_texts(view), input_words(view))
    window.set_language("zh")  # as chinese_window, with this view shown
    try:
        view = window.current_view()
        assert view.view_id == view_id
        _wait_ready(qtbot, view)
        view.explanation_box.set_expanded(True)
        texts = _all_tabs_texts(qtbot, view)
        # the walk reaches the view's widgets: the expanded explanation and, beside it, texts of the
        # view's own (a one-plot view has a few: a label, the Export button, the axis titles)
        explanation = {text for _, text in shown_texts(view.explanation_box)}
        assert len(explanation) >= 2 and len([text for _, text in texts if text not in explanation]) >= 3
        bad = english_left(texts, input_words(view))
        assert not bad, "\n".join(f"{', '.join(words)} in {where}: {text!r}" for where, text, words in bad)
    finally:
        i18n.install("en")  # the window closes next: no need to rebuild its views in English


@pytest.mark.slow  # switches every view twice
def test_switching_keeps_inputs_and_switching_back_restores_english(main_window, qtbot):
    from app.views import view_classes

    window = main_window
    window.show_view("beam")
    beam = window.current_view()
    beam.controls.input.setText("12 May 2001")
    beam.controls.beam_spin.setValue(3)
    english_titles = [cls.title() for cls in view_classes()]
    english_menus = menu_texts(window)

    window.set_language("zh")
    beam = window.current_view()
    assert beam.view_id == "beam"  # the view shown stays
    assert beam.controls.input.text() == "12 May 2001" and beam.controls.beam_spin.value() == 3
    chinese_titles = [window.navigation.item(i).text() for i in range(window.navigation.count())]
    assert chinese_titles[:2] == ["注意力", "束搜索"]

    window.set_language("en")
    beam = window.current_view()
    assert beam.controls.input.text() == "12 May 2001" and beam.controls.beam_spin.value() == 3
    assert [window.navigation.item(i).text() for i in range(window.navigation.count())] == english_titles
    assert menu_texts(window) == english_menus
    assert not [t for _, t in shown_texts(window) if re.search(r"[\u4e00-\u9fff]", t)
                and not re.search(r"[\u4e00-\u9fff]", beam.controls.input.text())
                and "简体中文" not in t and "2021年3月26日" not in t]
    _wait_ready(qtbot, beam)


@pytest.mark.slow  # two windows, one language switch each
def test_the_language_menu_switches_and_is_remembered(main_window):
    from app import i18n

    main_window.language_actions["zh"].trigger()
    assert i18n.current() == "zh" and i18n.remembered_language() == "zh"
    assert main_window.navigation.item(0).text() == "注意力"
    main_window.language_actions["en"].trigger()
    assert i18n.current() == "en" and i18n.remembered_language() == "en"
    assert main_window.navigation.item(0).text() == "Attention"


# ---- the choice at start ----------------------------------------------------------------------------
@pytest.mark.parametrize("locale, expected", [("zh_CN", "zh"), ("zh_TW", "zh"), ("zh", "zh"), ("en_US", "en"),
                                              ("de_DE", "en"), ("C", "en")])
def test_the_system_locale_decides_without_a_choice(locale, expected):
    from app import i18n

    assert i18n.system_language(locale) == expected


def test_an_explicit_language_is_remembered_and_an_unknown_one_refused(qtbot):
    from app import i18n

    assert i18n.startup_language("zh") == "zh" and i18n.remembered_language() == "zh"
    assert i18n.startup_language(None) == "zh"  # remembered
    assert i18n.startup_language("en") == "en" and i18n.startup_language(None) == "en"
    with pytest.raises(i18n.LanguageError, match="unknown language 'fr'"):
        i18n.startup_language("fr")


@pytest.mark.slow  # starts the app in a subprocess
def test_main_lang_zh_screenshot(tmp_path):
    """`main.py --view beam --lang zh --screenshot` renders the Chinese window, and --lang is remembered."""
    png = tmp_path / "beam.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "config"))
    proc = subprocess.run([sys.executable, "main.py", "--view", "beam", "--lang", "zh", "--size", "1280x720",
                           "--screenshot", str(png)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    from PySide6.QtGui import QImage

    image = QImage(str(png))
    assert image.width() == 1280 and image.height() >= 720  # at least the size asked for
    colours = {image.pixel(x, y) for x in range(0, 1280, 37) for y in range(0, 720, 23)}
    assert len(colours) > 10  # not blank
    settings_text = "\n".join(p.read_text() for p in (tmp_path / "config").rglob("*.conf"))
    assert "language=zh" in settings_text
    bad = subprocess.run([sys.executable, "main.py", "--lang", "fr"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "--lang" in bad.stderr


# ---- the translation files ------------------------------------------------------------------------------
def _messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(path).getroot()
    return {(ctx.findtext("name"), m.findtext("source")): m.find("translation")
            for ctx in root.findall("context") for m in ctx.findall("message")}


def test_the_ts_file_has_a_finished_translation_for_every_string_in_the_code(tmp_path):
    """lupdate, run on app/ now, finds no string the committed .ts lacks; none is unfinished."""
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "app").rglob("*.py"))
    subprocess.run([str(VENV_BIN / "pyside6-lupdate"), *sources, "-ts", str(fresh), "-locations", "none"],
                   cwd=ROOT, check=True, capture_output=True, timeout=120)
    in_code = set(_messages(fresh))
    committed = _messages(TS)
    assert len(in_code) > 500
    missing = in_code - set(committed)
    assert not missing, f"strings not in {TS.name} (run `make translations` and translate them): {sorted(missing)[:10]}"
    unfinished = [key for key, t in committed.items() if t.get("type") == "unfinished" or not (t.text or "").strip()]
    assert not unfinished, unfinished[:10]
    for (context, source), translation in committed.items():
        placeholders = sorted(set(re.findall(r"\{\d[^}]*\}", source)))
        assert sorted(set(re.findall(r"\{\d[^}]*\}", translation.text))) == placeholders, (context, source)


def test_the_qm_file_is_compiled_from_the_ts(tmp_path):
    compiled = tmp_path / "zh.qm"
    subprocess.run([str(VENV_BIN / "pyside6-lrelease"), str(TS), "-qm", str(compiled)], check=True,
                   capture_output=True, timeout=60)
    assert compiled.read_bytes() == QM.read_bytes(), "run `make translations`"


# ---- explanations ------------------------------------------------------------------------------------------
@pytest.mark.slow  # every view of a window
def test_every_view_has_a_collapsible_translated_explanation(main_window, qtbot):
    from app import i18n
    from app.views import view_classes

    english = {cls.view_id: cls.explanation() for cls in view_classes()}
    for view in main_window.views:
        text, formula = english[view.view_id]
        assert len(text.split()) >= 25 and "=" in formula
        box = view.explanation_box
        assert box is not None and view.layout().indexOf(box) == 0
        assert not box.expanded  # collapsed: one line, the pictures keep their room
        box.toggle.click()
        assert box.expanded and box.body.isVisible() == view.isVisible()
        box.toggle.click()
        assert not box.expanded
    main_window.set_language("zh")
    try:
        for view in main_window.views:
            text, formula = view.explanation()
            assert text != english[view.view_id][0]
            assert len(re.findall(r"[\u4e00-\u9fff]", text)) > 40
            assert "=" in formula
            assert _plain(view.explanation_box.body.text()).split()[0] in _plain(text)
    finally:
        i18n.install("en")  # the window closes next: no need to rebuild its views in English


# ---- engine messages ----------------------------------------------------------------------------------------
def test_engine_errors_are_shown_in_chinese(qtbot):
    from app import i18n
    from app.engine_text import engine_message
    from engine.distribution_parser import DistributionError, parse_distribution
    from engine.entropy_analysis import analyse

    with pytest.raises(DistributionError) as negative:
        parse_distribution("0.5 -0.2")
    with pytest.raises(DistributionError) as labelled:
        analyse("0.5 0.5", "0.2 0.3 0.5", "bits", mode="numbers")
    i18n.install("zh")
    try:
        assert engine_message(negative.value) == "“-0.2” 是负数：概率和计数不能小于 0。"
        assert engine_message(labelled.value) == "P 有 2 个结果，而 Q 有 3 个：它们的结果数必须相同。"
        assert engine_message("something new") == "something new"
    finally:
        i18n.install("en")
    assert engine_message(negative.value) == str(negative.value)


# ---- messages that come from files, folders and matrices (the real error, read where it is shown) ----
CJK = re.compile(r"[\u4e00-\u9fff]")
#: file names and paths (config.json, model.safetensors, /tmp/…/x.json) are names, not interface text
FILE_NAME = re.compile(r"\S*[/\\]\S*|\S+\.(?:json|safetensors|bin|h5|msgpack)\b")
#: names of tools and formats the Chinese messages keep (as Chinese courses write them)
MESSAGE_NAMES = {"JSON", "Hugging", "Face", "safetensors", "transformers", "tokenizers", "pip", "install", "hf",
                 "torch", "pickle", "BERT", "Marian", "True", "ViTModel", "vit", "AutoModelForCausalLM", "cpu"}


def assert_chinese(shown: str, english: str, allowed: set[str] = frozenset()) -> None:
    """`shown` is Chinese: not the English text, has Chinese characters and no English words
    (names, file names, notation and `allowed` — the user's own input — excepted)."""
    assert shown and shown != english, (shown, english)
    assert CJK.search(shown), shown
    bad = english_left([("message", FILE_NAME.sub(" ", shown))], MESSAGE_NAMES | set(allowed))
    assert not bad, bad


def _warnings(monkeypatch) -> list[str]:
    from PySide6.QtWidgets import QMessageBox

    texts = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text, *a: texts.append(text)))
    return texts


@pytest.mark.slow  # a Chinese window
def test_session_and_lecture_file_errors_are_chinese_in_the_open_dialogs(chinese_window, monkeypatch, tmp_path):
    import json

    from PySide6.QtWidgets import QFileDialog

    from app.session import SessionError, load_lecture, load_session

    files = {"lecture.json": {"format": "attention-lab-lecture", "version": 1, "scenes": []},
             "newer.json": {"format": "attention-lab-session", "version": 99, "views": {}},
             "noversion.json": {"format": "attention-lab-lecture", "views": {}}}
    for name, data in files.items():
        (tmp_path / name).write_text(json.dumps(data))
    shown = _warnings(monkeypatch)
    chosen = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (chosen[-1], "")))
    cases = [("lecture.json", chinese_window.sessions.open_dialog, load_session),  # a lecture is no session
             ("newer.json", chinese_window.sessions.open_dialog, load_session),
             ("newer.json", chinese_window.sessions.open_lecture_dialog, load_lecture),
             ("noversion.json", chinese_window.sessions.open_lecture_dialog, load_lecture)]
    for name, open_dialog, load in cases:
        chosen.append(str(tmp_path / name))
        with pytest.raises(SessionError) as english:
            load(tmp_path / name)
        open_dialog()
        assert_chinese(shown[-1], str(english.value))
        assert name in shown[-1]
    assert len(shown) == len(cases)
    assert shown[0] == "lecture.json 不是 Attention Lab 的会话文件"


@pytest.mark.slow  # a Chinese window
def test_playground_matrix_errors_are_chinese_in_the_message_line(chinese_window, qtbot):
    from PySide6.QtWidgets import QLineEdit

    from engine.playground import MatrixInputError, matrix_attention, parse_cell, parse_matrix

    chinese_window.show_view("playground")
    view = chinese_window.current_view()
    _wait_ready(qtbot, view)
    view.tabs.setCurrentIndex(1)
    tab = view.matrix_tab

    def typed(name, text):
        editor = tab.editors[name]
        editor.clear()
        qtbot.keyClicks(editor, text)
        qtbot.waitUntil(lambda: not view.busy, timeout=10000)
        return tab.message.text()

    with pytest.raises(MatrixInputError) as bad_cell:
        parse_matrix("1 2 3 4; 1 x 0 0", "K")
    assert_chinese(typed("K", "1 2 3 4; 1 x 0 0"), str(bad_cell.value))
    assert tab.message.text().startswith("K：第 2 行第 2 列：")
    with pytest.raises(MatrixInputError) as ragged:
        parse_matrix("1 2; 3", "Q")
    assert_chinese(typed("Q", "1 2; 3"), str(ragged.value))
    assert tab.message.text().startswith("Q：第 2 行有 1 个数，而第 1 行有 2 个")
    assert typed("Q", "1 0; 0 1").startswith("K：")  # Q is fine now; K still has its bad cell
    values = parse_matrix(tab.editors["V"].toPlainText(), "V")
    assert values.shape[0] != 2
    with pytest.raises(MatrixInputError) as mismatch:  # found by the engine in the worker
        matrix_attention([[1, 0], [0, 1]], [[1, 0], [0, 1]], values)
    assert_chinese(typed("K", "1 0; 0 1"), str(mismatch.value))
    assert tab.message.text().startswith(f"K 有 2 行，而 V 有 {values.shape[0]} 行：每个键对应一个值")

    view.tabs.setCurrentIndex(0)
    query = view.query_tab
    query.keys_table.item(1, 0).setText("abc")
    qtbot.waitUntil(lambda: "abc" in query.message.text(), timeout=5000)
    with pytest.raises(MatrixInputError) as not_number:
        parse_cell("abc", 1, 0)
    assert_chinese(query.message.text(), f"Keys table: {not_number.value}", {"abc"})
    assert isinstance(query.query_input, QLineEdit)


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_hugging_face_hint_and_folder_refusals_are_chinese(chinese_window, monkeypatch, tmp_path):
    import app.model_folder_menu as menu_module
    from engine.hf.folder import HF_INSTALL_HINT, check_model_folder
    from engine.models.files import ModelLoadError
    from PySide6.QtWidgets import QFileDialog

    menu = chinese_window.model_folder_menu
    with monkeypatch.context() as patch:
        patch.setattr(menu_module, "hf_available", lambda: False)
        assert menu.open_dialog() is None
    assert_chinese(menu.error_box.text(), HF_INSTALL_HINT)
    assert 'pip install -e ".[hf]"' in menu.error_box.text()
    menu.error_box.close()

    (tmp_path / "config.json").write_text('{"model_type": "bert"}')
    (tmp_path / "pytorch_model.bin").write_bytes(b"pickle")
    with pytest.raises(ModelLoadError) as english:
        check_model_folder(tmp_path)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(tmp_path)))
    menu.open_action.trigger()
    assert_chinese(menu.error_box.text(), str(english.value))
    assert "pytorch_model.bin" in menu.error_box.text() and "缺少 model.safetensors" in menu.error_box.text()
    assert menu.last_error == menu.error_box.text()
    menu.error_box.close()


@pytest.mark.slow  # loads Hugging Face folders
def test_hugging_face_load_stages_and_worker_refusals_are_chinese(chinese_window, qtbot, tmp_path):
    """A real load of a tiny GPT-2 folder: every stage in the status bar is Chinese; then an image
    model, refused by the worker when it classifies it."""
    import json

    pytest.importorskip("transformers")
    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    from hf_tiny import tiny_gpt2

    menu = chinese_window.model_folder_menu
    folders = chinese_window.state.model_folders
    stages, messages = [], []
    folders.progress.connect(lambda path, fraction, message: (messages.append(message),
                                                              stages.append(menu.progress_label.text())))
    assert menu.open(tiny_gpt2(tmp_path / "gpt2")) is not None
    qtbot.waitUntil(lambda: not folders.loading, timeout=60000)
    # the stages arrive translated from their codes (engine.messages "stage_…"), never as English
    assert {"检查文件夹", "读取分词器", "检查模型能否返回注意力权重"} <= set(messages)
    for stage in stages:
        assert_chinese(stage, "", {"gpt2"})
    loaded = chinese_window.statusBar().currentMessage()
    assert loaded.startswith("已加载") and "gpt2 解码器" in loaded and "decoder" not in loaded

    failures = []
    folders.failed.connect(lambda path, message: failures.append(message))
    vit = tmp_path / "vit"
    vit.mkdir()
    header = b"{}"
    (vit / "model.safetensors").write_bytes(len(header).to_bytes(8, "little") + header)
    (vit / "config.json").write_text(json.dumps({"model_type": "vit", "architectures": ["ViTModel"]}))
    (vit / "vocab.txt").write_text("[PAD]\n")
    assert menu.open(vit) is not None
    qtbot.waitUntil(lambda: bool(failures), timeout=60000)
    assert "不支持的架构 ViTModel" in failures[0]  # the signal carries it translated from its code
    assert_chinese(menu.error_box.text(), "")
    assert "不支持的架构 ViTModel" in menu.error_box.text()
    menu.error_box.close()


@pytest.mark.slow  # a Chinese window and a model
def test_a_forced_target_the_model_cannot_write_is_refused_in_chinese(chinese_window, qtbot):
    from engine.jobs import AttentionRequest, EngineContext
    from engine.tokenizer import InputError

    chinese_window.show_view("attention")
    view = chinese_window.current_view()
    _wait_ready(qtbot, view)
    view.controls.teacher_check.setChecked(True)
    view.controls.teacher_input.setText("hello world")
    qtbot.waitUntil(lambda: view.message.isVisible() and view.message.is_error and not view.busy, timeout=20000)
    with pytest.raises(InputError) as english:  # the same refusal, straight from the engine
        AttentionRequest(view.model_name, view.controls.input.text(), "hello world").run(EngineContext("cpu"))
    assert "never writes" in str(english.value)
    assert_chinese(view.message.text(), str(english.value))
    assert view.message.text().startswith("目标中有此模型从不输出的字符：'")


def test_qt_own_dialog_buttons_follow_the_language(qtbot):
    """Qt's own strings (a message box's buttons) are Chinese in Chinese and English again after
    switching back: the app installs Qt's qtbase translation with its own."""
    from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

    from app import i18n

    def button_texts():
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        message = QMessageBox(QMessageBox.Icon.Information, "", "", QMessageBox.StandardButton.Ok)
        texts = {button.text() for button in box.buttons()} | {button.text() for button in message.buttons()}
        box.deleteLater(), message.deleteLater()
        return texts

    try:
        i18n.install("zh")
        assert button_texts() == {"确定", "取消"}
    finally:
        i18n.install("en")
    assert button_texts() == {"OK", "Cancel"}
