"""How tests/data/v1/ was made, kept for the record: run once at commit ba01f57 (format 1, widgets
keyed by their path), before the view-state redesign; it uses that code's widget-path API and is
not meant to run on later versions.  Every control of every view gets a non-default value; the
session, a lecture with one scene per view, and each view's CSV export are saved."""
import json, os, sys, time
from pathlib import Path
os.environ["QT_QPA_PLATFORM"] = "offscreen"
sys.path.insert(0, ".")
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QLineEdit, QPlainTextEdit, QAbstractSpinBox,
                               QSpinBox, QDoubleSpinBox, QSlider, QTabWidget)
app = QApplication([])
from app.main_window import MainWindow
from app.session import input_widgets, _read, capture_view, Scene, save_lecture

OUT = Path(sys.argv[1])
OUT.mkdir(parents=True, exist_ok=True)

def pump(seconds=0.0, until=None, limit=60):
    t = time.time()
    while True:
        app.processEvents()
        if until is None and time.time() - t >= seconds:
            return
        if until is not None and until():
            return
        if time.time() - t > limit:
            raise SystemExit("timeout")

w = MainWindow(device="cpu")
w.resize(1600, 1000)
w.show()
views = {v.view_id: v for v in w.views}
def idle():
    pump(0.3)
    pump(until=lambda: not any(v.busy for v in w.views), limit=120)
    pump(0.3)
idle()

def find(view, suffix, kind=None):
    hits = [wd for k, wd in input_widgets(view).items() if k.endswith(suffix) and (kind is None or isinstance(wd, kind))]
    assert len(hits) == 1, (view.view_id, suffix, hits)
    return hits[0]

def combo(view, suffix, text):
    box = find(view, suffix, QComboBox)
    i = box.findText(text)
    assert i >= 0, (suffix, text, [box.itemText(j) for j in range(box.count())])
    box.setCurrentIndex(i)

# ---- attention: zh-en-toy, teacher forcing on, encoder self-attention, layer 1, head 2, row 3, tab 1
a = views["attention"]
combo(a, "AttentionControls0/QComboBox0", "zh-en-toy"); idle()
find(a, "AttentionControls0/QLineEdit0").setText("简九月要访问非洲")
find(a, "AttentionControls0/QWidget0/QWidget0/QCheckBox0").setChecked(True)
find(a, "AttentionControls0/QWidget0/QWidget0/QLineEdit0").setText("Jane is visiting Africa in September")
idle()
print("attention kinds", [find(a, "QWidget1/QComboBox0").itemText(j) for j in range(find(a, "QWidget1/QComboBox0").count())])
box = find(a, "QWidget1/QComboBox0"); box.setCurrentIndex(1); idle()
box = find(a, "QWidget2/QComboBox0"); box.setCurrentIndex(0); idle()
box = find(a, "QWidget3/QComboBox0"); box.setCurrentIndex(2); idle()
find(a, "WordPiecePanel0/QCheckBox0").setChecked(True)
find(a, "WordPiecePanel0/QCheckBox1").setChecked(True)
find(a, "QSplitter0/QWidget0/QTabWidget0").setCurrentIndex(1)
a.apply_extra_state({**a.extra_state(), "row": 3}); idle()
print("attention extra", a.extra_state())

# ---- beam: date-rnn-attention, "Sunday 4 July 1999", B=7, scoring choice 2, alpha 0.9, checks flipped, tab 1, y*
b = views["beam"]
combo(b, "SearchControls0/QComboBox0", "date-rnn-attention"); idle()
find(b, "SearchControls0/QLineEdit0").setText("Sunday 4 July 1999")
find(b, "QWidget0/QSpinBox0").setValue(7)
sc = find(b, "SearchControls0/QWidget0/QWidget1/QComboBox0"); print("beam scoring", [sc.itemText(j) for j in range(sc.count())]); sc.setCurrentIndex(1)
find(b, "QWidget2/QDoubleSpinBox0").setValue(0.9)
for suffix in ("SearchControls0/QWidget0/QCheckBox0", "SearchControls0/QWidget0/QCheckBox1"):
    c = find(b, suffix); c.setChecked(not c.isChecked())
idle()
find(b, "ErrorPanel0/QLineEdit0").setText("1999-07-04")
find(b, "QSplitter0/QWidget0/QTabWidget0").setCurrentIndex(1)
idle()
print("beam tabs", [find(b, "QSplitter0/QWidget0/QTabWidget0").tabText(j) for j in range(find(b, "QSplitter0/QWidget0/QTabWidget0").count())])
print("beam extra", b.extra_state())

# ---- positional: every spin box / slider / combo / the base
p = views["positional"]
for k, wd in input_widgets(p).items():
    if isinstance(wd, QSpinBox):
        wd.setValue(wd.value() + 2 if wd.value() + 2 <= wd.maximum() else wd.value() - 2)
find(p, "PositionalControls0/QLineEdit0").setText("500")
combo(p, "PositionalControls0/QComboBox0", find(p, "PositionalControls0/QComboBox0").itemText(1))
combo(p, "PositionalControls0/QComboBox1", find(p, "PositionalControls0/QComboBox1").itemText(1))
for k, wd in input_widgets(p).items():
    if isinstance(wd, QSlider):
        wd.setValue(wd.value() - 3)
find(p, "QTabWidget0").setCurrentIndex(2)
idle()

# ---- entropy
e = views["entropy"]
combo(e, "QComboBox0", find(e, "QComboBox0").itemText(1)) if find(e, "QComboBox0").count() > 1 else None
for suffix in ("QCheckBox0", "QCheckBox1"):
    c = find(e, suffix, QCheckBox); c.setChecked(not c.isChecked())
combo(e, "QComboBox1", find(e, "QComboBox1").itemText(1))
find(e, "QSplitter0/QTabWidget0").setCurrentIndex(1)
texts = [wd for k, wd in input_widgets(e).items() if isinstance(wd, QPlainTextEdit)]
texts[0].setPlainText("a: 0.8, b: 0.1, c: 0.05, d: 0.05")
texts[1].setPlainText("a: 0.25, b: 0.25, c: 0.25, d: 0.25")
for i, wd in enumerate(wd for k, wd in input_widgets(e).items() if isinstance(wd, QDoubleSpinBox)):
    wd.setValue([0.5, 1.5, -1.0, 2.0][i])
idle()

# ---- bleu
bl = views["bleu"]
find(bl, "BleuControls0/QLineEdit0").setText("the cat sat on the mat")
find(bl, "BleuControls0/QPlainTextEdit0").setPlainText("the cat is on the mat\nthere is a cat on the mat\na cat sat on a mat")
combo(bl, "BleuControls0/QComboBox0", find(bl, "BleuControls0/QComboBox0").itemText(2))
combo(bl, "BleuControls0/QComboBox1", find(bl, "BleuControls0/QComboBox1").itemText(1))
find(bl, "BleuControls0/QSpinBox0").setValue(3)
for suffix in ("BleuControls0/QCheckBox0", "BleuControls0/QCheckBox1"):
    c = find(bl, suffix); c.setChecked(not c.isChecked())
find(bl, "NgramPanel0/QTabWidget0").setCurrentIndex(1)
idle()

# ---- playground
pg = views["playground"]
find(pg, "QTabWidget0", QTabWidget).setCurrentIndex(1)
spins = [wd for k, wd in input_widgets(pg).items() if isinstance(wd, QSpinBox)]
for wd in spins:
    print("pg spin", wd.value(), wd.minimum(), wd.maximum())
idle()
print("playground widgets", {k[-40:]: _read(wd) for k, wd in input_widgets(pg).items()})
print("playground extra", pg.extra_state())

state = w.sessions.capture()
json.dump(state, open(OUT / "captured.json", "w"), ensure_ascii=False, indent=1)

# playground: matrix tab sizes + seed, randomise, causal, scale; query tab keys/dim, query, scale, cells
mt = pg.matrix_tab
mt.size_spins["n"].setValue(2); mt.size_spins["m"].setValue(3); mt.size_spins["d_k"].setValue(3); mt.size_spins["d_v"].setValue(3)
mt.seed_spin.setValue(7); mt.randomise()
mt.causal_check.setChecked(True)
mt.scale.spin.setValue(0.5) if hasattr(mt.scale, "spin") else None
qt = pg.query_tab
qt.set_cells([["1", "0", "10"], ["0", "1", "20"], ["1", "1", "30"]])
qt.query_input.setText("1, 1")
qs = qt.scale if hasattr(qt, "scale") else None
if qs is not None and hasattr(qs, "spin"):
    qs.spin.setValue(2.0)
idle()
for k, wd in input_widgets(pg).items():
    if isinstance(wd, (QDoubleSpinBox,)) and abs(wd.value() - 1.0) < 1e-9:
        wd.setValue(0.5)
idle()
print("playground widgets", {k[-40:]: _read(wd) for k, wd in input_widgets(pg).items()})
print("playground extra", pg.extra_state())

# beam: select a node at step 2, reveal 3 steps, node panel combos, what-if tree check
w.show_view("beam"); idle()

search = b.shown.search if hasattr(b.shown, "search") else b.shown
print("beam shown", type(b.shown).__name__, [a for a in dir(b.shown) if not a.startswith("_")][:30])
res = b.shown.result
path = res.path(b.shown.best.node_id)
node_id = getattr(path[1], "node_id", None)
print("candidate fields", path[1])
b.select_node(node_id); idle()
b.set_revealed_steps(3); idle()
nb = find(b, "NodePanel0/QWidget1/QComboBox0"); nb.setCurrentIndex(1)
wi = find(b, "WhatIfPanel0/QWidget0/QComboBox0"); wi.setCurrentIndex(1)
idle()
print("beam extra", b.extra_state(), nb.currentText(), wi.currentText())
w.show_view("attention"); idle()

from app.session import save_session
views_state = w.sessions.capture()
save_session(OUT / "session-v1.json", views_state, "beam")
scenes = []
for v in w.views:
    w.show_view(v.view_id); idle()
    scenes.append(w.sessions.capture_scene())
save_lecture(OUT / "lecture-v1.json", scenes)

def export_all(window, tag):
    for v in window.views:
        window.show_view(v.view_id); idle()
        try:
            v.export_csv(str(OUT / f"{tag}-{v.view_id}.csv"))
        except Exception as exc:
            print("export", v.view_id, exc)
export_all(w, "before")
w.close(); idle()

# a fresh window opens the session: its CSVs are "the same pictures" after the change
w2 = MainWindow(device="cpu"); w2.resize(1600, 1000); w2.show(); w = w2; idle()
w2.sessions.open(OUT / "session-v1.json"); idle()
export_all(w2, "loaded")
recaptured = w2.sessions.capture()
diff = {vid: {k: (views_state[vid]["widgets"][k], recaptured[vid]["widgets"].get(k)) for k in views_state[vid]["widgets"]
              if views_state[vid]["widgets"][k] != recaptured[vid]["widgets"].get(k)} for vid in views_state}
print("round-trip diffs", json.dumps(diff, ensure_ascii=False)[:2000])
print("extras", {vid: (views_state[vid]["extra"], recaptured[vid]["extra"]) for vid in views_state})
w2.close(); idle()
