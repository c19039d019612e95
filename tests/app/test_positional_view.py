"""The positional-encoding view: what it draws equals closed forms computed here with `math`,
after the controls move as a user moves them; bad input shows a message and never raises."""
from __future__ import annotations

import csv
import math
import re

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt

from engine.positional import VARIANT_USES, VARIANTS


# ---- independent closed forms ---------------------------------------------------------------

def ref_table(n: int, d_model: int, base: float = 10000.0, variant: str = "paper", start: int = 0) -> np.ndarray:
    rows = []
    for pos in range(start, start + n):
        row = [0.0] * d_model
        for i in range(d_model // 2):
            if variant == "tensor2tensor":
                w = math.exp(-i * math.log(base) / max(d_model / 2 - 1, 1))
            else:
                w = 1.0 / base ** (2 * i / d_model)
            s, c = (2 * i, 2 * i + 1) if variant == "paper" else (i, d_model // 2 + i)
            row[s], row[c] = math.sin(pos * w), math.cos(pos * w)
        rows.append(row)
    return np.array(rows)


def ref_wavelengths(d_model, base, variant):
    if variant == "tensor2tensor":
        return np.array([2 * math.pi / math.exp(-i * math.log(base) / max(d_model / 2 - 1, 1))
                         for i in range(d_model // 2)])
    return np.array([2 * math.pi * base ** (2 * i / d_model) for i in range(d_model // 2)])


def ref_decimal(n):
    width = len(str(n - 1))
    return np.array([[float(ch) for ch in str(p).zfill(width)] for p in range(n)])


def read_csv(path):
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


def image_of(panel) -> np.ndarray:
    return np.asarray(panel.image.image)


def data_of(item) -> tuple[np.ndarray, np.ndarray]:
    x, y = item.getOriginalDataset()
    return np.asarray(x), np.asarray(y)


# ---- fixtures --------------------------------------------------------------------------------

@pytest.fixture
def view(make_view):
    return make_view("positional")


def change(qtbot, view, action):
    """Do what a user does and wait until the view has drawn the result (or its message)."""
    with qtbot.waitSignal(view.updated, timeout=5000):
        action()
    assert not view.busy


def set_base(qtbot, view, text):
    edit = view.controls.base_edit

    def type_it():
        edit.selectAll()
        qtbot.keyClick(edit, Qt.Key.Key_Backspace)
        qtbot.keyClicks(edit, text)

    change(qtbot, view, type_it)


def assert_everything_matches(view, n, d_model, base, variant, pos, k, similarity="dot"):
    pe = ref_table(n, d_model, base, variant)
    a = view.analysis
    assert (a.n_positions, a.d_model, a.base, a.variant, a.pos, a.k, a.similarity) == (
        n, d_model, base, variant, pos, k, similarity)
    # heatmap (float32 on screen) and curves (float64)
    img = image_of(view.encoding_tab.heatmap)
    assert img.dtype == np.float32 and img.flags.c_contiguous and img.shape == (n, d_model)
    np.testing.assert_allclose(img, pe, rtol=0, atol=1e-6)
    curves = view.encoding_tab.visible_curves()
    assert curves
    for column, item in curves:
        x, y = data_of(item)
        assert np.array_equal(x, np.arange(n))
        assert np.max(np.abs(y - pe[:, column])) <= 1e-12
    # similarity
    gram = pe @ pe.T
    if similarity == "cosine":
        norms = np.sqrt(np.sum(pe * pe, axis=1))
        gram = gram / np.outer(norms, norms)
    np.testing.assert_allclose(image_of(view.similarity_tab.matrix), gram, rtol=1e-6, atol=1e-5)
    x, y = data_of(view.similarity_tab.row_curve)
    assert np.max(np.abs(y - gram[pos])) <= 1e-10
    # relative shift
    target = ref_table(1, d_model, base, variant, start=pos + k)[0]
    assert np.max(np.abs(data_of(view.shift_tab.target_curve)[1] - target)) <= 1e-12
    assert np.max(np.abs(data_of(view.shift_tab.rotated_curve)[1] - target)) <= 1e-9
    source = ref_table(1, d_model, base, variant, start=pos)[0]
    assert np.max(np.abs(data_of(view.shift_tab.source_curve)[1] - source)) <= 1e-12
    assert f"{a.max_abs_diff:.3g}".replace("-", "−") in view.shift_tab.difference.text()
    assert a.max_abs_diff <= 1e-9
    # wavelengths
    x, y = data_of(view.wavelength_tab.curve)
    assert np.array_equal(x, np.arange(d_model // 2))
    np.testing.assert_allclose(y, ref_wavelengths(d_model, base, variant), rtol=1e-12, atol=0)
    # naive codes beside the sinusoidal one
    assert np.array_equal(image_of(view.naive_tab.decimal), ref_decimal(n).astype(np.float32))
    np.testing.assert_allclose(image_of(view.naive_tab.sinusoidal), pe, rtol=0, atol=1e-6)
    assert np.allclose(data_of(view.naive_tab.linear_curve)[1], [p / 1000 for p in range(n)], rtol=0, atol=1e-15)
    assert not view.message.isVisible()


# ---- tests -------------------------------------------------------------------------------------

def test_title_id_and_registration():
    from app.views import view_classes
    from app.views.positional import PositionalView

    assert PositionalView.view_id == "positional"
    assert PositionalView.title() == "Positional encoding"
    assert PositionalView in view_classes()


def test_initial_plots_match_the_closed_form(view):
    c = view.controls
    assert (c.positions_spin.value(), c.d_model_spin.value(), c.base_edit.text()) == (100, 32, "10000")
    assert_everything_matches(view, 100, 32, 10000.0, "paper", 10, 5)
    # the Annotated Transformer's picture: dims 4-7
    assert [column for column, _ in view.encoding_tab.visible_curves()] == [4, 5, 6, 7]
    assert "base" in view.formula.text()


@pytest.mark.parametrize("variant", VARIANTS)
def test_plots_follow_sliders_and_spin_boxes(qtbot, view, variant):
    c = view.controls
    if c.variant() != variant:
        change(qtbot, view, lambda: c.variant_combo.setCurrentIndex(c.variant_combo.findData(variant)))
    assert c.variant_uses.text() == VARIANT_USES[variant]
    change(qtbot, view, lambda: c.d_model_slider.setValue(10))  # 10 pairs
    assert c.d_model_spin.value() == 20
    change(qtbot, view, lambda: c.positions_slider.setValue(57))
    assert c.positions_spin.value() == 57 and c.pos_spin.maximum() == 56
    change(qtbot, view, lambda: c.base_slider.setValue(50))  # 10^(50/20)
    base = float(c.base_edit.text())
    assert base == pytest.approx(10 ** 2.5, rel=1e-5)
    change(qtbot, view, lambda: c.pos_spin.setValue(33))
    change(qtbot, view, lambda: c.k_spin.setValue(41))  # pos + k beyond the table
    assert_everything_matches(view, 57, 20, base, variant, 33, 41)
    set_base(qtbot, view, "1e3")
    assert c.base_slider.value() == 60
    change(qtbot, view, lambda: c.d_model_spin.setValue(6))
    change(qtbot, view, lambda: c.similarity_combo.setCurrentIndex(c.similarity_combo.findData("cosine")))
    assert_everything_matches(view, 57, 6, 1000.0, variant, 33, 41, similarity="cosine")


def test_typing_in_spin_boxes(qtbot, view):
    c = view.controls

    def retype(box, text):
        def act():
            box.selectAll()
            qtbot.keyClicks(box, text)
            qtbot.keyClick(box, Qt.Key.Key_Return)
        return act

    change(qtbot, view, retype(c.d_model_spin, "12"))
    change(qtbot, view, retype(c.positions_spin, "30"))
    assert c.d_model_slider.value() == 6 and c.positions_slider.value() == 30
    assert_everything_matches(view, 30, 12, 10000.0, "paper", 10, 5)


def test_negative_k_and_the_smallest_table(qtbot, view):
    c = view.controls
    change(qtbot, view, lambda: c.k_spin.setValue(-10))
    assert c.k_spin.minimum() == -10  # pos + k cannot go below 0
    assert_everything_matches(view, 100, 32, 10000.0, "paper", 10, -10)
    change(qtbot, view, lambda: c.positions_spin.setValue(1))
    assert c.pos_spin.value() == 0 and c.k_spin.minimum() == 0
    change(qtbot, view, lambda: c.d_model_spin.setValue(2))
    assert_everything_matches(view, 1, 2, 10000.0, "paper", 0, c.k_spin.value())


def test_a_burst_of_changes_sends_one_request(qtbot, view, monkeypatch):
    sent = []
    original = view.bridge.submit
    monkeypatch.setattr(view.bridge, "submit",
                        lambda channel, request: sent.append(request) or original(channel, request))
    c = view.controls

    def burst():
        for value in range(40, 80, 2):
            c.positions_slider.setValue(value)

    change(qtbot, view, burst)
    assert len(sent) == 1 and sent[0].kwargs["n_positions"] == 78
    assert view.analysis.n_positions == 78


@pytest.mark.parametrize("action, expected", [
    (lambda c: c.d_model_spin.setValue(7), "even"),
    (lambda c: c.d_model_spin.setValue(0), "positive"),
    (lambda c: c.d_model_spin.setValue(4000), "1024"),
    (lambda c: c.positions_spin.setValue(0), "at least one"),
    (lambda c: c.positions_spin.setValue(5000), "2048"),
])
def test_bad_numbers_show_a_message_and_keep_the_plots(qtbot, view, action, expected):
    before = image_of(view.encoding_tab.heatmap).copy()
    change(qtbot, view, lambda: action(view.controls))
    assert view.message.isVisible() and expected in view.message.text()
    assert "last valid input" in view.message.text()
    assert np.array_equal(image_of(view.encoding_tab.heatmap), before)
    assert view.analysis.d_model == 32
    change(qtbot, view, lambda: (view.controls.d_model_spin.setValue(8), view.controls.positions_spin.setValue(20)))
    assert not view.message.isVisible()
    assert_everything_matches(view, 20, 8, 10000.0, "paper", 10, 5)


@pytest.mark.parametrize("text, expected", [("abc", "number"), ("0", "greater than 0"), ("-5", "greater than 0"),
                                            ("inf", "number"), ("", "number")])
def test_bad_base_shows_a_message(qtbot, view, text, expected):
    set_base(qtbot, view, text)
    assert view.message.isVisible() and expected in view.message.text()
    assert view.analysis.base == 10000.0
    set_base(qtbot, view, "10 000")
    assert not view.message.isVisible()


def test_engine_errors_are_shown_not_raised(qtbot, view, monkeypatch):
    import app.views.positional.view as module

    def broken(**kwargs):
        raise ValueError("the engine refused")

    monkeypatch.setattr(module, "analyse", broken)
    before = image_of(view.similarity_tab.matrix).copy()
    change(qtbot, view, lambda: view.controls.k_spin.setValue(3))
    assert view.message.isVisible() and "the engine refused" in view.message.text()
    assert np.array_equal(image_of(view.similarity_tab.matrix), before)
    monkeypatch.undo()
    change(qtbot, view, lambda: view.controls.k_spin.setValue(4))
    assert not view.message.isVisible() and view.analysis.k == 4


def _scene_pos(plot, x, y):
    return plot.vb.mapViewToScene(QPointF(x, y))


NUMBER = r"(−?[0-9.]+(?:e[−+][0-9]+)?)"


def shown_numbers(text: str, pattern: str) -> list[float]:
    """The numbers a readout writes where `pattern` (a regex with {N} for each number) has {N},
    read back as floats; the text must match the whole pattern."""
    match = re.fullmatch(pattern.replace("{N}", NUMBER), text)
    assert match, f"{text!r} does not read {pattern!r}"
    return [float(group.replace("−", "-")) for group in match.groups()]


def test_hover_readouts_show_exact_values(qtbot, view):
    a = view.analysis
    tab = view.encoding_tab
    view.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.graphics.isVisible())
    tab.graphics.scene().sigMouseMoved.emit(_scene_pos(tab.heatmap.plot, 5, 12))
    pattern = re.escape(f"pos 12, dim 5 (cos of pair 2, wavelength {a.wavelengths[2]:.4g}): ") + "{N}"
    assert shown_numbers(view.readout.text(), pattern) == [float(ref_table(1, 32, start=12)[0][5])]
    tab.graphics.scene().sigMouseMoved.emit(_scene_pos(tab.curve_plot, 40.2, 0.0))
    values = shown_numbers(view.readout.text(), "pos 40: dim 4 = {N}, dim 5 = {N}, dim 6 = {N}, dim 7 = {N}")
    assert values == [float(v) for v in a.encoding[40, 4:8]]

    view.tabs.setCurrentWidget(view.similarity_tab)
    sim = view.similarity_tab
    sim.graphics.scene().sigMouseMoved.emit(_scene_pos(sim.matrix.plot, 30, 20))
    assert shown_numbers(view.readout.text(), re.escape("PE(i) · PE(j) for i = 20, j = 30 (distance 10): ") + "{N}"
                         ) == [float(a.similarity_matrix[20, 30])]

    view.tabs.setCurrentWidget(view.shift_tab)
    shift = view.shift_tab
    shift.graphics.scene().sigMouseMoved.emit(_scene_pos(shift.plot, 3, 0.0))
    numbers = shown_numbers(view.readout.text(),
                            re.escape("dim 3: PE(15) = ") + "{N}" + re.escape(", M_k·PE(10) = ") + "{N}.*")
    assert numbers == [float(a.target[3]), float(a.rotated[3])]

    view.tabs.setCurrentWidget(view.wavelength_tab)
    wave = view.wavelength_tab
    wave.graphics.scene().sigMouseMoved.emit(_scene_pos(wave.plot, 7, 1.0))
    assert shown_numbers(view.readout.text(), re.escape("pair 7 (dims 14 and 15): wavelength ") + "{N} positions.*"
                         ) == [float(a.wavelengths[7])]

    view.tabs.setCurrentWidget(view.naive_tab)
    naive = view.naive_tab
    naive.graphics.scene().sigMouseMoved.emit(_scene_pos(naive.decimal.plot, 0, 47))
    assert view.readout.text() == "pos 47: digit of 10¹ = 4   (code 4 7)"
    naive.graphics.scene().sigMouseMoved.emit(_scene_pos(naive.steps_plot, 9, 0.0))
    steps = shown_numbers(view.readout.text(), "pos 9 → 10: sinusoidal {N}, decimal digits {N}, pos/1000 {N}")
    assert steps[:2] == [float(a.sinusoidal_steps[9]), math.sqrt(82)]


def test_clicking_a_heatmap_column_plots_it(qtbot, view):
    tab = view.encoding_tab
    view.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.graphics.isVisible())
    point = tab.graphics.mapFromScene(_scene_pos(tab.heatmap.plot, 20, 50))
    with qtbot.waitSignal(view.updated, timeout=5000):
        qtbot.mouseClick(tab.graphics.viewport(), Qt.MouseButton.LeftButton, pos=point)
    columns = [column for column, _ in tab.visible_curves()]
    assert columns == [4, 5, 6, 7, 20]
    x, y = data_of(tab.visible_curves()[-1][1])
    assert np.max(np.abs(y - ref_table(100, 32)[:, 20])) <= 1e-12
    item = tab.dimension_list.item(20)
    assert item.checkState() == Qt.CheckState.Checked
    # unticking in the list removes the curve again
    with qtbot.waitSignal(view.updated, timeout=5000):
        item.setCheckState(Qt.CheckState.Unchecked)
    assert [column for column, _ in tab.visible_curves()] == [4, 5, 6, 7]
    # a user's choice survives a change of d_model where it still fits
    with qtbot.waitSignal(view.updated, timeout=5000):
        tab.dimension_list.item(0).setCheckState(Qt.CheckState.Checked)
    change(qtbot, view, lambda: view.controls.d_model_spin.setValue(6))
    assert [column for column, _ in tab.visible_curves()] == [4, 5, 0]


@pytest.mark.slow  # every tab in three formats
def test_exports(qtbot, view, tmp_path):
    for index in range(view.tabs.count()):
        view.tabs.setCurrentIndex(index)
        png, svg, table = tmp_path / f"{index}.png", tmp_path / f"{index}.svg", tmp_path / f"{index}.csv"
        view.export_png(png)
        view.export_svg(svg)
        view.export_csv(table)
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
        assert "<svg" in svg.read_text(encoding="utf-8")
        rows = read_csv(table)
        assert len(rows) > 2
    view.tabs.setCurrentWidget(view.encoding_tab)
    view.export_csv(tmp_path / "pe.csv")
    rows = read_csv(tmp_path / "pe.csv")
    assert rows[0][0] == "position" and len(rows) == 101 and len(rows[1]) == 33
    values = np.array([[float(v) for v in row[1:]] for row in rows[1:]])
    assert np.max(np.abs(values - ref_table(100, 32))) <= 1e-12


def test_at_most_eight_curves_the_oldest_choice_makes_room(qtbot, view):
    tab = view.encoding_tab
    for column in (10, 11, 12, 13, 14):
        with qtbot.waitSignal(view.updated, timeout=5000):
            tab.toggle(column)
    assert [column for column, _ in tab.visible_curves()] == [5, 6, 7, 10, 11, 12, 13, 14]
    assert sum(curve.isVisible() for curve in tab.curves) == 8
    assert tab.dimension_list.item(4).checkState() == Qt.CheckState.Unchecked


def test_variant_tooltips_say_where_each_layout_is_used(view):
    combo = view.controls.variant_combo
    assert [combo.itemData(i) for i in range(combo.count())] == list(VARIANTS)
    for i, variant in enumerate(VARIANTS):
        assert combo.itemData(i, Qt.ItemDataRole.ToolTipRole) == VARIANT_USES[variant]


def test_exported_picture_says_what_is_shown(qtbot, view):
    change(qtbot, view, lambda: view.controls.d_model_spin.setValue(16))
    view.tabs.setCurrentWidget(view.wavelength_tab)
    widget, caption = view.picture()
    assert widget is view.wavelength_tab.graphics
    for part in ("Positional encoding", "Wavelengths", "paper", "d_model 16", "base 10000", "100 positions"):
        assert part in caption


def test_zoom_grows_the_plot_text(qtbot, view):
    from PySide6.QtGui import QFont, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    tab = view.encoding_tab
    axis = tab.curve_plot.getAxis("bottom")
    bar_axis = tab.heatmap.colorbar.axis
    legend_text = tab.legend.items[0][1].item
    wave_label = view.wavelength_tab.length_line.label

    def sizes():
        return (axis.style["tickFont"].pointSizeF(), tab.heatmap.plot.getAxis("left").style["tickFont"].pointSizeF(),
                bar_axis.style["tickFont"].pointSizeF(), axis.label.boundingRect().height(),
                legend_text.boundingRect().height(), tab.curve_plot.titleLabel.item.boundingRect().height(),
                wave_label.textItem.boundingRect().height())

    def bar_labels():  # the colour bar's tick labels pyqtgraph draws
        image = QImage(10, 10, QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        try:
            return [text for _, _, text in bar_axis.generateDrawSpecs(painter)[2]]
        finally:
            painter.end()

    original = QFont(app.font())
    before = sizes()
    labels_before = bar_labels()
    bigger = QFont(original)
    bigger.setPointSizeF(2 * max(original.pointSizeF(), 11.0))
    try:
        app.setFont(bigger)
        qtbot.waitUntil(lambda: axis.style["tickFont"].pointSizeF() > before[0], timeout=2000)
        after = sizes()
        labels_after = bar_labels()
    finally:
        app.setFont(original)
    assert labels_before == ["-1.0", "-0.5", "0", "0.5", "1.0"] and labels_after == labels_before
    assert after[0] == pytest.approx(bigger.pointSizeF())  # the ticks take the application's size
    for grown, old in zip(after, before):
        assert grown > 1.5 * old


def test_curves_stay_readable_at_2048_positions(qtbot, view):
    tab = view.encoding_tab
    view.tabs.setCurrentWidget(tab)
    change(qtbot, view, lambda: view.controls.positions_spin.setValue(2048))
    qtbot.wait(50)
    for column, item in tab.visible_curves():
        x, y = data_of(item)  # every position is still drawn: the plot shows a window onto them
        assert np.array_equal(x, np.arange(2048))
    fastest = min(ref_wavelengths(32, 10000.0, "paper")[column // 2] for column, _ in tab.visible_curves())
    low, high = tab.curve_plot.vb.viewRange()[0]
    periods = (high - low) / fastest
    assert 5 <= periods <= 11  # enough waves to see the pattern, not a solid block
    assert tab.curve_plot.vb.width() / periods >= 25  # each period at least 25 pixels wide
    assert "of 2048" in tab.curve_plot.titleLabel.text
    # slow dimensions alone: the whole length
    for column in (4, 5, 6, 7, 30, 31):
        with qtbot.waitSignal(view.updated, timeout=5000):
            tab.toggle(column)
    assert [column for column, _ in tab.visible_curves()] == [30, 31]
    low, high = tab.curve_plot.vb.viewRange()[0]
    assert low <= 0 and high >= 2047


@pytest.mark.parametrize("base, n", [("1", 100), ("1.0001", 6), ("1e6", 6), ("1e6", 2048), ("1000000", 100),
                                     ("3", 7)])
def test_wavelength_labels_never_overlap(qtbot, view, base, n):
    wave = view.wavelength_tab
    view.tabs.setCurrentWidget(wave)
    qtbot.waitUntil(wave.graphics.isVisible)

    def label_rects():
        qtbot.wait(50)  # the view range settles on the next paint
        return [label.mapRectToScene(label.boundingRect()) for label in wave.visible_labels()]

    assert len(label_rects()) == 3  # at the paper's settings every line is labelled
    if view.controls.positions_spin.value() != n:
        change(qtbot, view, lambda: view.controls.positions_spin.setValue(n))
    set_base(qtbot, view, base)
    rects = label_rects()
    area = wave.plot.vb.mapRectToScene(wave.plot.vb.boundingRect())
    assert rects
    for i, rect in enumerate(rects):
        assert area.contains(rect)
        for other in rects[i + 1:]:
            assert not rect.intersects(other)
    if base == "1":  # 2π and 2π·base are one line: both labels still fit, in different slots
        assert wave.low_line.label in wave.visible_labels() and wave.high_line.label in wave.visible_labels()
