"""The training view (issue 28): what it draws is what the trainer produced, compared with a
headless run of the same trainer and seed, and with an independent evaluation of the model it
saves.  The trainer runs in a thread of the test (engine.live_training.control.TrainerThread:
the same command loop as the process the app starts, without a child importing torch) except in
the one test that checks the process itself."""
import csv

import numpy as np
import pytest

from app import i18n
from engine import load_model
from engine.__main__ import main as engine_main
from engine.live_training.control import TrainerThread
from engine.live_training.experiments import get_experiment
from engine.live_training.trainer import Trainer
from engine.tasks import get_task

SEED = 3


@pytest.fixture
def in_thread(monkeypatch):
    from app.views.training.run import TrainingRun

    monkeypatch.setattr(TrainingRun, "front", TrainerThread)


@pytest.fixture
def view(make_view, in_thread):
    built = make_view("training", size=(1280, 680))
    built.view_state.preset = "tiny"
    built.view_state.seed = SEED
    yield built
    built.shut_down()


def steps_at_least(view, n, run="A"):
    return lambda: view.runs[run].steps >= n


@pytest.mark.slow  # two step-0 evaluations and a few steps each, on the loaded machine: 5-10 s
def test_a_new_view_starts_with_the_default_experiments_lecture_settings():
    """The view sends its boxes' settings to the trainer before the first step, so the boxes'
    defaults must be the preset's or Start would train something else than `train --preset`."""
    from app.views.training.state import TrainingState

    state = TrainingState()
    lecture = get_experiment(state.experiment, state.preset).preset.settings
    fields = ("learning_rate", "batch_size", "label_smoothing", "clip_norm", "teacher_forcing")
    assert {f: getattr(state, f) for f in fields} == {f: getattr(lecture, f) for f in fields}
    assert state.label_smoothing_b == lecture.label_smoothing


def test_the_loss_curve_shown_is_the_trainers_own(qtbot, view):
    view.command("start")
    qtbot.waitUntil(steps_at_least(view, 4), timeout=60000)
    view.command("pause")
    qtbot.waitUntil(lambda: view.runs["A"].status == "paused", timeout=30000)
    view.draw()
    steps, losses = view.loss_plot.data("A-train")

    headless = Trainer(get_experiment("date-rnn-attention", "tiny"), seed=SEED)
    for _ in range(len(steps)):
        headless.advance()
    assert list(steps) == [m.step for m in headless.metrics]
    np.testing.assert_array_equal(losses, [m.train_loss for m in headless.metrics])
    shown_steps, heldout = view.loss_plot.data("A-heldout")
    assert list(shown_steps) == [s.step for s in headless.snapshots]
    np.testing.assert_array_equal(heldout, [s.heldout_loss for s in headless.snapshots])
    # the gradient norms and the learning rate shown are the same steps' own
    np.testing.assert_array_equal(view.norm_plot.data("A-before")[1], [m.grad_norm for m in headless.metrics])
    np.testing.assert_array_equal(view.rate_plot.data("A")[1], [m.learning_rate for m in headless.metrics])


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_pause_stops_the_step_count_and_resume_goes_on(qtbot, view):
    view.command("start")
    qtbot.waitUntil(steps_at_least(view, 2), timeout=60000)
    view.command("pause")
    qtbot.waitUntil(lambda: view.runs["A"].status == "paused", timeout=30000)
    paused_at = view.runs["A"].steps
    qtbot.wait(400)  # nothing to await: the point is that nothing happens
    assert view.runs["A"].steps == paused_at
    assert view.loss_plot.data("A-train")[0][-1] == paused_at
    view.command("resume")
    qtbot.waitUntil(steps_at_least(view, paused_at + 2), timeout=30000)


def test_a_setting_changed_while_paused_applies_at_the_next_step(qtbot, view):
    view.command("step")
    qtbot.waitUntil(lambda: view.runs["A"].status == "paused" and view.runs["A"].steps == 1, timeout=60000)
    view.controls.batch_spin.setValue(5)
    view.controls.smoothing_spin.setValue(0.0)
    view.command("step")
    qtbot.waitUntil(steps_at_least(view, 2), timeout=30000)
    first, second = view.runs["A"].metrics
    assert (first.batch_size, second.batch_size) == (32, 5)


@pytest.mark.slow  # 20 steps, a save and an evaluation of every held-out input alone: about 10 s
def test_accuracy_against_length_equals_an_independent_evaluation_of_the_saved_model(qtbot, view, tmp_path):
    view.command("step", 20)  # the tiny preset's first snapshot after step 0
    qtbot.waitUntil(lambda: len(view.runs["A"].snapshots) == 2 and view.runs["A"].status == "paused",
                    timeout=120000)
    folder = tmp_path / "model"
    assert view.save_model(folder)
    qtbot.waitUntil(lambda: bool(view.runs["A"].saved), timeout=60000)
    view.draw()
    view.view_state.tab = "accuracy"
    view.export_csv(tmp_path / "accuracy.csv")

    model = load_model(folder, device="cpu")
    tally = {}
    for example in get_task("dates").stream(SEED, "validation").take(40):  # the tiny preset's held-out set
        low = 5 * ((len(example.text.strip()) - 1) // 5) + 1  # characters, in bins of 5
        correct, total = tally.get(low, (0, 0))
        tally[low] = (correct + (model.translate(example.text) == example.iso), total + 1)
    x, y = view.length_plot.data("A")
    assert list(x) == [low + 2 for low in sorted(tally)]  # the middle of each bin
    np.testing.assert_allclose(y, [tally[low][0] / tally[low][1] for low in sorted(tally)])
    with open(tmp_path / "accuracy.csv", encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle) if r["step"] == "20"]
    assert {int(r["length_low"]): (int(r["correct"]), int(r["total"])) for r in rows} == tally

    # the folder is what the command line evaluates
    assert engine_main(["evaluate", "--model-path", str(folder), "--n", "10", "--seed", "1"]) in (0, None)


def test_use_this_model_offers_it_in_the_attention_view(qtbot, view, make_view):
    attention = make_view("attention", size=None)
    view.command("step")
    qtbot.waitUntil(lambda: view.runs["A"].status == "paused" and view.runs["A"].steps == 1, timeout=60000)
    assert view.use_model()
    box = attention.controls.model_box
    qtbot.waitUntil(lambda: box.count() and box.itemText(box.count() - 1).endswith("step 1"), timeout=60000)
    folder = box.itemData(box.count() - 1)
    assert load_model(folder, device="cpu").config["training"]["steps"] == 1
    box.setCurrentIndex(box.count() - 1)
    attention.view_state.text = "4 Nov 1988"
    qtbot.waitUntil(lambda: attention.result is not None and attention.loop.request.model == folder, timeout=60000)
    assert attention.result.output_text == load_model(folder, device="cpu").translate("4 Nov 1988")


def test_run_b_is_drawn_beside_run_a_and_the_csv_names_both(qtbot, view, tmp_path):
    view.view_state.compare = "date-rnn"
    view.command("step")
    qtbot.waitUntil(lambda: all(r.steps == 1 and r.status == "paused" for r in view.runs.values()), timeout=60000)
    view.draw()
    assert set(view.runs) == {"A", "B"}
    assert len(view.loss_plot.data("B-train")[0]) == 1
    assert view.probe_panel.heatmaps["B"].isHidden()  # no attention to show
    assert not view.probe_panel.heatmaps["A"].isHidden()
    np.testing.assert_allclose(view.probe_panel.heatmaps["A"].matrix, view.runs["A"].snapshots[-1].probe.attention)
    view.export_csv(tmp_path / "loss.csv")
    with open(tmp_path / "loss.csv", encoding="utf-8") as handle:
        assert {r["run"] for r in csv.DictReader(handle)} == {"A", "B"}


@pytest.mark.slow  # a whole window, rebuilt in Chinese: about 10 s
def test_a_language_switch_ends_the_old_views_trainer(qtbot, main_window, in_thread):
    main_window.show_view("training")
    old = main_window.current_view()
    old.view_state.preset = "tiny"
    old.command("step")
    qtbot.waitUntil(lambda: old.runs["A"].steps == 1, timeout=60000)
    trainer = old.runs["A"].trainer
    main_window.set_language("zh")
    try:
        assert old.runs["A"].trainer is None and not trainer.thread.is_alive()
        assert main_window.current_view() is not old and main_window.current_view().view_state.preset == "tiny"
    finally:
        i18n.install("en")  # the window closes next: no need to rebuild its views in English


def test_another_experiment_for_the_same_runs_keeps_the_curves_and_shows_only_its_own_data(qtbot, view):
    """The curves depend only on the runs' names: another experiment keeps them (no curve or
    legend entry made again), and they show the new run's records (none yet), not the old run's;
    run B's curves come and go with it, after A's in every legend, A's kept."""
    view.command("step")
    qtbot.waitUntil(lambda: view.runs["A"].steps == 1 and view.runs["A"].status == "paused", timeout=60000)
    view.draw()
    assert len(view.loss_plot.data("A-train")[0]) == 1
    curve = view.loss_plot.series["A-train"]
    view.view_state.experiment = "date-rnn"
    assert view.runs["A"].experiment == "date-rnn" and view.runs["A"].steps == 0
    assert view.loss_plot.series["A-train"] is curve
    for plot in (view.loss_plot, view.exact_plot, view.length_plot, view.rate_plot, view.norm_plot):
        assert all(len(plot.data(key)[0]) == 0 for key in plot.series)
        assert len(plot.getPlotItem().legend.items) == len(plot.series)  # one entry per curve
    view.view_state.compare = "date-transformer"  # a second run: its curves and entries are added after A's
    assert set(view.loss_plot.series) == {"A-train", "A-heldout", "B-train", "B-heldout"}
    legend = view.loss_plot.getPlotItem().legend
    assert [label.text for _, label in legend.items] == ["A training loss", "A held-out loss",
                                                         "B training loss", "B held-out loss"]
    assert view.loss_plot.series["A-train"] is curve
    view.view_state.compare = ""
    assert set(view.loss_plot.series) == {"A-train", "A-heldout"}
    assert [label.text for _, label in legend.items] == ["A training loss", "A held-out loss"]
    assert view.loss_plot.series["A-train"] is curve
