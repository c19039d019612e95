"""The training view: a model learns while the class watches (issue 28).

The trainers are processes (engine.live_training.control.TrainerProcess), not the inference
worker: the view sends them commands (Start, Pause, Resume, Step, Reset, the settings) and a
QTimer on the GUI thread takes the events they stream (never waiting for one), records them in
each run (run.py) and redraws the plots in place, at most every REDRAW_MS.  Run A is always
trained; run B, when chosen, beside it with the same seed and settings (its own label
smoothing), so the two curves differ only in what the lecturer changed."""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QTabWidget, QVBoxLayout, QWidget

from app import style
from app.binding import bind_tab
from app.export import ExportButton, write_csv
from app.views.base import View
from app.views.training.controls import TrainingControls, experiment_name
from app.views.training.curves import CurvePlot
from app.views.training.probe_panel import ProbePanel
from app.views.training.run import closing_threads, TrainingRun
from app.views.training.state import TABS, TrainingState
from app.widgets.corner_buttons import put_in_corner
from app.widgets.form import add_tab

# how often the trainers' queues are read (ms): small, so no queue backs up
POLL_MS = 50
# the plots are redrawn at most this often (ms): a redraw is the GUI thread's largest cost
REDRAW_MS = 200
SETTING_FIELDS = ("learning_rate", "batch_size", "label_smoothing", "label_smoothing_b", "clip_norm",
                  "teacher_forcing")


def _row(*widgets) -> QWidget:
    holder = QWidget()
    layout = QHBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(widget, 1)
    return holder


class TrainingView(View):
    TITLE = QT_TRANSLATE_NOOP("TrainingView", "Training")
    State = TrainingState

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.controls = TrainingControls(self.view_state)
        self.export_button = ExportButton(self)
        self.status_label = QLabel()
        self.status_label.setObjectName("run_status")
        self.tabs = QTabWidget()
        # What the runs are doing and Export in the tab bar's empty right end, Use and Save with
        # the other buttons: on lines of their own they left the plots too little of a 1280×680
        # window at 22 pt (the view needed 639 px of height where 595 were left)
        put_in_corner(self.tabs, self.status_label, self.export_button)
        self.loss_plot = CurvePlot(self.tr("loss (nats per token)"), "")
        self.exact_plot = CurvePlot(self.tr("held-out exact match"), "")
        self.length_plot = CurvePlot(self.tr("held-out exact match"), self.tr("input length (tokens)"))
        self.rate_plot = CurvePlot(self.tr("learning rate"), "")
        self.norm_plot = CurvePlot(self.tr("gradient norm"), "")
        self.probe_panel = ProbePanel()
        for plot in (self.exact_plot, self.length_plot):
            plot.setYRange(0, 1.02, padding=0)  # a share: the whole scale, so a rise is seen as it is
            plot.getPlotItem().enableAutoRange(y=False)
        add_tab(self.tabs, self.loss_plot, self.tr("Loss"))
        add_tab(self.tabs, _row(self.exact_plot, self.length_plot), self.tr("Accuracy"))
        add_tab(self.tabs, self.probe_panel, self.tr("Attention"))
        add_tab(self.tabs, _row(self.rate_plot, self.norm_plot), self.tr("Optimiser"))
        self.content = self.tabs
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)

        bind_tab(self.view_state, "tab", self.tabs, TABS)
        self.runs: dict[str, TrainingRun] = {}
        self._series_runs: tuple[str, ...] | None = None  # the run names the curves were made for
        self._use_folders: dict[str, str] = {}  # folder being written -> "use" or "save"
        self._last_draw = 0.0
        self._dirty = False
        self.poll_timer = QTimer(self)
        self.poll_timer.setInterval(POLL_MS)
        self.poll_timer.timeout.connect(self.poll)
        self.controls.command.connect(self.command)
        self.view_state.watch(self._choice_changed, "experiment", "preset")
        self.view_state.watch(self._runs_changed, "compare")
        self.view_state.watch(self._settings_changed, *SETTING_FIELDS)
        self.view_state.watch(self._seed_changed, "seed")
        self.view_state.watch(lambda *_: self.draw(), "x_axis")
        self._runs_changed()
        self.apply_zoom()

    # ---- the runs -----------------------------------------------------------------------------
    def _choice_changed(self, name: str) -> None:
        """A new experiment or preset: its own settings (the preset's; the learning rate is the
        architecture's), then its runs."""
        from engine.live_training.experiments import get_experiment

        settings = get_experiment(self.view_state.experiment, self.view_state.preset).preset.settings
        for field in ("learning_rate", "batch_size", "label_smoothing", "clip_norm", "teacher_forcing"):
            setattr(self.view_state, field, getattr(settings, field))
        self._runs_changed()

    def _runs_changed(self, *_) -> None:
        """Runs whose experiment or preset is no longer chosen end; the chosen ones are kept or
        made (their trainer starts with the first command)."""
        state = self.view_state
        wanted = state.experiments()
        for name in list(self.runs):
            if name not in wanted or not self.runs[name].matches(wanted[name], state.preset):
                self.runs.pop(name).close(wait=False)
        for name, experiment in wanted.items():
            if name not in self.runs:
                self.runs[name] = TrainingRun(name, experiment, state.preset, state.seed)
        self._build_series()
        self.draw()

    def _seed_changed(self, *_) -> None:
        """A run not started yet takes the seed now; a started one at Reset (its model and
        batches so far came from the old seed)."""
        for run in self.runs.values():
            if run.trainer is None:
                run.seed = self.view_state.seed

    def _settings_changed(self, *_) -> None:
        for name, run in self.runs.items():
            run.update_settings(self.view_state.settings(name))

    def command(self, name: str, steps: int = 1) -> None:
        """A button: start, pause, resume, step (`steps` of them, then paused), reset, use, save."""
        state = self.view_state
        self.message.clear_message()  # what the last button said is answered by this one
        if name == "save":
            folder = QFileDialog.getExistingDirectory(self, self.tr("Save run A's model in a folder"))
            if folder:
                self.save_model(folder)
            return
        if name == "use":
            self.use_model()
            return
        for run_name, run in self.runs.items():
            settings = state.settings(run_name)
            if name == "start":
                run.start(settings)
            elif name == "pause":
                run.pause()
            elif name == "resume":
                run.resume(settings)
            elif name == "step":
                run.step(settings, steps)
            elif name == "reset":
                run.reset(state.seed, settings)
        if name == "reset":
            self.draw()
        if any(run.trainer is not None for run in self.runs.values()):
            self.poll_timer.start()
        self._show_status()

    # ---- keeping the model ----------------------------------------------------------------------
    def save_model(self, folder) -> bool:
        """Write run A's model (as it is at its next step boundary) to `folder`: safetensors and
        config.json, what `python -m engine evaluate --model-path` reads."""
        run = self.runs["A"]
        if not run.metrics:
            self.message.show_message(self.tr("Train run A first (Start or Step)."), error=True)
            return False
        folder = str(Path(folder).resolve())
        self._use_folders[folder] = "save"
        return run.save(folder, "attention-lab training view")

    def use_model(self) -> bool:
        """Save run A's model to a temporary folder and, once written, offer it in every model
        selector (a new folder each time: the worker keeps a model it loaded by its folder)."""
        run = self.runs["A"]
        if not run.metrics:
            self.message.show_message(self.tr("Train run A first (Start or Step)."), error=True)
            return False
        folder = str(Path(self.state.model_folders.trained_root()) /
                     f"{run.experiment}-seed{run.seed}-step{run.steps}-{time.time_ns()}")
        self._use_folders[folder] = "use"
        return run.save(folder, "attention-lab training view")

    def _saved(self, run: TrainingRun, folder: str) -> None:
        how = self._use_folders.pop(folder, "save")
        step = run.steps
        if how == "use":
            label = self.tr("trained: {0}, step {1}").format(run.experiment, step)
            self.state.model_folders.add_trained(folder, label)
            self.message.show_message(self.tr("“{0}” is now in the model selectors of the other views.").format(label),
                                      error=False)
        else:
            self.message.show_message(self.tr("Saved run A's model at step {0} in {1}").format(step, folder), error=False)

    # ---- events -----------------------------------------------------------------------------
    def poll(self) -> None:
        """The events waiting in every run's queue (the timer; never waits)."""
        new = False
        for run in self.runs.values():
            saved_before = len(run.saved)
            if run.poll():
                new = True
            for folder in run.saved[saved_before:]:
                self._saved(run, folder)
            if run.status == "error":
                self.message.show_message(self.tr("Run {0} failed: {1}").format(run.name, run.error), error=True)
        if new:
            self._dirty = True
        if self._dirty and (time.monotonic() - self._last_draw) * 1000 >= REDRAW_MS:
            self.draw()
        if not any(run.trainer is not None for run in self.runs.values()):
            self.poll_timer.stop()

    # ---- drawing ----------------------------------------------------------------------------
    def _build_series(self) -> None:
        """A curve per run and quantity, with its legend entry.  The curves and their entries
        depend only on the runs' names (A, B): another experiment or preset keeps them (`draw`
        gives them the new runs' data), and adding or ending run B adds or removes only B's.
        Removing and making every curve and entry again, each legend laid out again, took
        50-120 ms of the GUI thread per choice."""
        names = sorted(self.runs)
        shown = self._series_runs or ()
        for name in shown:
            if name not in names:
                for plot in self._curve_plots():
                    plot.clear_series(name)
        for name in names:  # A before B in every legend: A is always there, B is added after it
            if name not in shown:
                self._add_series(name)
        self._series_runs = tuple(names)
        self.probe_panel.show_runs(self.runs)

    def _curve_plots(self) -> tuple:
        return (self.loss_plot, self.exact_plot, self.length_plot, self.rate_plot, self.norm_plot,
                self.probe_panel.entropy)

    def _add_series(self, name: str) -> None:
        b = name == "B"
        self.loss_plot.add_series(f"{name}-train", self.tr("{0} training loss").format(name), name, 1.5, b)
        self.loss_plot.add_series(f"{name}-heldout", self.tr("{0} held-out loss").format(name), name, 3, b, "o")
        self.exact_plot.add_series(name, self.tr("{0} exact match").format(name), name, 3, b, "o")
        self.length_plot.add_series(name, self.tr("{0} by input length").format(name), name, 3, b, "s")
        self.rate_plot.add_series(name, self.tr("{0} learning rate").format(name), name, 3, b)
        self.norm_plot.add_series(f"{name}-before", self.tr("{0} before clipping").format(name), name, 1.5, b)
        self.norm_plot.add_series(f"{name}-after", self.tr("{0} after clipping").format(name), name, 3, b)
        self.probe_panel.entropy.add_series(name, self.tr("{0} probe entropy").format(name), name, 3, b, "o")

    def draw(self) -> None:
        """Every plot from the runs' records (in place)."""
        self._last_draw, self._dirty = time.monotonic(), False
        by_time = self.view_state.x_axis == "time"
        x_name = "wall_s" if by_time else "step"
        for name, run in self.runs.items():
            columns = run.columns
            x = columns[x_name]
            self.loss_plot.set(f"{name}-train", x, columns["train_loss"])
            self.rate_plot.set(name, x, columns["learning_rate"])
            self.norm_plot.set(f"{name}-before", x, columns["grad_norm"])
            self.norm_plot.set(f"{name}-after", x, columns["grad_norm_clipped"])
            shots = run.snapshots
            sx = [getattr(s, x_name) for s in shots]
            self.loss_plot.set(f"{name}-heldout", sx, [s.heldout_loss for s in shots])
            self.exact_plot.set(name, sx, [s.heldout_exact_match for s in shots])
            entropy = [(x, s.probe.mean_entropy_bits) for x, s in zip(sx, shots) if s.probe.mean_entropy_bits is not None]
            self.probe_panel.entropy.set(name, [e[0] for e in entropy], [e[1] for e in entropy])
            points = shots[-1].length_points if shots else ()
            self.length_plot.set(name, [(p.low + p.high) / 2 for p in points], [p.accuracy for p in points])
            self.probe_panel.show_probe(name, shots[-1] if shots else None, experiment_name(run.experiment))
        bottom = self.tr("training time (s)") if by_time else self.tr("step")
        for plot in (self.loss_plot, self.exact_plot, self.rate_plot, self.norm_plot, self.probe_panel.entropy):
            if plot.titles["bottom"] != bottom:
                plot.set_bottom(bottom)
        self._show_status()

    def _show_status(self) -> None:
        words = {"idle": self.tr("not started"), "starting": self.tr("starting the trainer…"),
                 "ready": self.tr("ready"), "running": self.tr("training"), "paused": self.tr("paused"),
                 "finished": self.tr("finished"), "stopped": self.tr("stopped"), "error": self.tr("failed")}
        parts = []
        for name, run in sorted(self.runs.items()):
            speed = run.metrics[-1].steps_per_s if run.metrics else float("nan")
            part = self.tr("{0}: {1}, step {2}").format(name, words.get(run.status, run.status), run.steps)
            if np.isfinite(speed):
                part += self.tr(", {0} steps/s").format(style.format_number(speed, 3))
            parts.append(part)
        # one line per run: beside the tabs there is room for one run's words at 22 pt
        text = "\n".join(parts)
        lines_changed = text.count("\n") != self.status_label.text().count("\n")
        self.status_label.setText(text)
        if lines_changed:
            # the tabs are as tall as the status beside them (corner_buttons.TabBarAsTallAs), but
            # a tab bar measures its tabs again only when a tab changes: the second run's line was cut
            bar = self.tabs.tabBar()
            bar.setTabText(0, bar.tabText(0))

    # ---- the kit's hooks ---------------------------------------------------------------------
    def shut_down(self) -> None:
        """The trainers end (the window closes, or the views are rebuilt in another language)."""
        self.poll_timer.stop()
        for run in self.runs.values():
            run.close()
        for thread in list(closing_threads):  # trainers of experiments left earlier
            thread.join(timeout=15)

    def closeEvent(self, event):  # a view shown alone (tests)
        self.shut_down()
        super().closeEvent(event)

    def apply_zoom(self) -> None:
        super().apply_zoom()
        for plot in (self.loss_plot, self.exact_plot, self.length_plot, self.rate_plot, self.norm_plot):
            plot.apply_zoom()
        self.probe_panel.apply_zoom()
        self.controls.settings_button.fit_to_text()

    def main_plot(self):
        return self.tabs

    def secondary_panels(self):
        """Presentation mode keeps the run choice and its buttons; the settings row (changed
        between slides, not while the class watches) gives its room to the pictures."""
        return [self.controls.settings_row, self.controls.buttons["use"], self.controls.buttons["save"]]

    def set_presenting(self, on: bool) -> None:
        """The Settings button goes with the settings it opens, and comes back only where they
        are folded (large text)."""
        super().set_presenting(on)
        button = self.controls.settings_button
        button.setVisible(button.folded() and not on)

    def picture(self):
        runs = ", ".join(self.tr("{0} {1} (step {2})").format(name, experiment_name(run.experiment), run.steps)
                         for name, run in self.runs.items())
        return self.tabs.currentWidget(), self.tr("Training, seed {0}: {1}").format(self.view_state.seed, runs)

    def export_basename(self) -> str:
        return "training-" + self.view_state.tab

    def export_csv(self, path):
        """The open tab's numbers, every run: the steps (loss, optimiser), the snapshots with
        their accuracy by input length (accuracy), the probe's attention (attention).  A run
        with nothing yet gives one row naming it, its numbers empty."""
        tab = self.view_state.tab
        rows = []
        if tab == "accuracy":
            header = ["run", "experiment", "step", "wall_s", "heldout_loss", "heldout_exact_match",
                      "length_low", "length_high", "correct", "total"]
            for name, run in self.runs.items():
                rows += [(name, run.experiment, s.step, s.wall_s, s.heldout_loss, s.heldout_exact_match,
                          p.low, p.high, p.correct, p.total) for s in run.snapshots for p in s.length_points]
        elif tab == "attention":
            header = ["run", "experiment", "step", "probe_mean_entropy_bits", "output_index", "output_token",
                      "input_index", "input_token", "weight"]
            for name, run in self.runs.items():
                shot = run.snapshots[-1] if run.snapshots else None
                if shot is None or shot.probe.attention is None:
                    continue
                probe = shot.probe
                for i, row in enumerate(probe.attention):
                    rows += [(name, run.experiment, shot.step, probe.mean_entropy_bits, i, probe.output_tokens[i],
                              j, probe.source_tokens[j], float(w)) for j, w in enumerate(row)]
        else:
            header = ["run", "experiment", "step", "wall_s", "train_loss", "learning_rate", "grad_norm",
                      "grad_norm_clipped", "batch_size"]
            for name, run in self.runs.items():
                rows += [(name, run.experiment, m.step, m.wall_s, m.train_loss, m.learning_rate, m.grad_norm,
                          m.grad_norm_clipped, m.batch_size) for m in run.metrics]
        for name, run in self.runs.items():
            if not any(row[0] == name for row in rows):
                rows.append((name, run.experiment) + ("",) * (len(header) - 2))
        return write_csv(path, header, rows)
