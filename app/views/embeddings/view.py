"""The Embeddings view: one request loop on the "embeddings" channel asks the open tab's question
of the chosen vectors (engine.embeddings.lesson, in the worker: a user's file is read there with
progress and Cancel, a t-SNE map computed there with progress); a second loop, on the
background worker, trains word2vec for "Watch it learn" and relays a snapshot every few hundred
steps.  Each tab keeps the Result it drew, so switching back to a tab whose question has not
changed asks nothing."""
from __future__ import annotations

import threading
from functools import partial

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QVBoxLayout

from app.binding import bind_tab
from app.export import ExportButton, write_csv
from app.views.base import InputProblem, View
from app.views.embeddings.analogy_tab import AnalogyTab
from app.views.embeddings.controls import EmbeddingsControls
from app.views.embeddings.learn_tab import LearnTab
from app.views.embeddings.map_tab import MapTab
from app.views.embeddings.matrix_tab import SimilarityMatrixTab
from app.views.embeddings.neighbours_tab import NeighboursTab
from app.views.embeddings.odd_tab import OddOneOutTab
from app.views.embeddings.one_hot_tab import OneHotTab
from app.views.embeddings.state import TABS, EmbeddingsState
from app.views.embeddings.tab_base import words_of
from app.views.embeddings.test_set_tab import AnalogyTestTab
from app.widgets.form import add_tab
from app.widgets.scrolling_page import ScrollingTabs
from engine.embeddings import lesson
from engine.embeddings.watch import watch_word2vec
from engine.jobs import CallRequest

# the fields each tab's question reads (besides the source)
READS = {"neighbours": ("word", "k", "restrict_vocab"),
         "analogy": ("analogy_a", "analogy_b", "analogy_c", "method", "k", "restrict_vocab"),
         "test": ("test_file", "test_method", "restrict_vocab"),
         "odd": ("odd_words",), "matrix": ("matrix_words",), "one_hot": ("one_hot_word",),
         "map": ("map_method", "map_count", "map_list"), "learn": ("learn_language", "learn_words")}


def _cancelled(event: threading.Event, bridge) -> bool:
    """Polled by a long computation in the worker: Cancel pressed, or the window closing."""
    return event.is_set() or bridge.closed


class EmbeddingsView(View):
    TITLE = QT_TRANSLATE_NOOP("EmbeddingsView", "Embeddings")
    State = EmbeddingsState
    # sentences of the grammar corpus word2vec learns from (as `python -m engine train word2vec`)
    LEARN_SENTENCES = 20000
    # steps between two snapshots of the learning
    LEARN_EVERY = 200
    # neighbours shown of each watched word
    LEARN_NEIGHBOURS = 5

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        vs = self.view_state
        self.controls = EmbeddingsControls(vs, lesson.source_keys())
        self.export_button = ExportButton(self)
        # each tab's page scrolls on its own: as a plain QTabWidget the tallest tab (Analogy, its
        # inputs and five lines of arithmetic) set the view's least height, and at 22 pt the view
        # needed 626 px of the 595 a 1280×680 window leaves it (671 of 580 in Chinese)
        self.tabs = ScrollingTabs()
        self.neighbours_tab = add_tab(self.tabs, NeighboursTab(vs), self.tr("Neighbours"))
        self.analogy_tab = add_tab(self.tabs, AnalogyTab(vs), self.tr("Analogy"))
        self.test_tab = add_tab(self.tabs, AnalogyTestTab(vs), self.tr("Test set"))
        self.odd_tab = add_tab(self.tabs, OddOneOutTab(vs), self.tr("Odd one out"))
        self.matrix_tab = add_tab(self.tabs, SimilarityMatrixTab(vs), self.tr("Similarity matrix"))
        self.one_hot_tab = add_tab(self.tabs, OneHotTab(vs), self.tr("E·oⱼ"))
        self.map_tab = add_tab(self.tabs, MapTab(vs), self.tr("2-D map"))
        self.learn_tab = add_tab(self.tabs, LearnTab(vs), self.tr("Watch it learn"))
        self.panels = dict(zip(TABS, (self.neighbours_tab, self.analogy_tab, self.test_tab, self.odd_tab,
                                      self.matrix_tab, self.one_hot_tab, self.map_tab, self.learn_tab)))
        self.content = self.tabs
        self.controls.add_to_row(self.export_button)  # beside the inputs: a line less above the tabs
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)

        self._asked: dict[str, tuple] = {}  # tab -> the question its picture answers
        self._in_flight: dict[str, tuple] = {}  # tab -> (the request sent, its question)
        self._cancel = threading.Event()  # of the long computation in flight (a file read, a t-SNE map)
        self._previous_source = vs.source if not vs.source.startswith("file:") else "trained:word2vec-en"
        self._training_stop: threading.Event | None = None
        bind_tab(vs, "tab", self.tabs, TABS)
        # No debounce: a query over a 400,000-word file takes 20-30 ms, the whole budget per
        # keystroke, and the worker keeps only the latest request waiting (latest wins), so a burst
        # of keys costs no queue; the timer's 0 ms still merges the edits of one event batch.
        self.loop = self.request_loop("embeddings", build=self.build_request, render=self.render_answer,
                                      debounce_ms=0)
        self.learn_loop = self.request_loop("embeddings-learn", build=self.build_training,
                                            render=self.render_training, background=True, greys=())
        vs.watch(self._changed)
        self.controls.file_chosen.connect(self.open_file)
        self.controls.cancel_requested.connect(self.cancel)
        self.test_tab.file_chosen.connect(self.open_test_set)
        self.learn_tab.start_requested.connect(self.start_training)
        self.learn_tab.stop_requested.connect(self.stop_training)
        self.updated.connect(self._after_update)
        self.loop.schedule()

    # ---- what to ask -------------------------------------------------------------------------
    def _changed(self, name: str) -> None:
        tab = self.view_state.tab
        if name in ("learn_language", "learn_words"):
            self.stop_training()
        if name == "tab" and self._asked.get(tab) == self._question(tab):
            return  # the tab already shows the answer to its question
        if name in ("source", "tab") or name in READS[tab]:
            self.loop.schedule()

    def _question(self, tab: str) -> tuple:
        state = self.view_state
        return (state.source if tab != "learn" else None,) + tuple(getattr(state, f) for f in READS[tab])

    def build_request(self) -> CallRequest:
        state = self.view_state
        tab = state.tab
        source = state.source
        if self._cancel.is_set() or tab in ("map", "test"):
            # a Cancel pressed, or a map (t-SNE) or a test set in flight that this request supersedes
            self._cancel.set()
            self._cancel = threading.Event()
        hooks = {"cancelled": partial(_cancelled, self._cancel, self.bridge)}
        if source.startswith("file:") or (tab == "map" and state.map_method == "tsne"):
            what = self.tr("Computing t-SNE…") if tab == "map" and state.map_method == "tsne" else \
                self.tr("Reading the file…")
            hooks["progress"] = partial(self.bridge.relay(self._on_progress), what)
        request = self._ask(tab, state, source, hooks)
        self._in_flight[tab] = (request, self._question(tab))
        return request

    def _ask(self, tab, state, source, hooks) -> CallRequest:
        restrict_vocab = state.restrict_vocab or None  # 0: every word
        if tab == "neighbours":
            word = self._word(state.word, self.tr("Type a word to see its nearest neighbours."))
            return CallRequest(lesson.neighbours_answer, (source, word, state.k, restrict_vocab), hooks)
        if tab == "analogy":
            words = [w.strip() for w in (state.analogy_a, state.analogy_b, state.analogy_c)]
            if not all(words):
                raise InputProblem(self.tr("Type three words: a is to b as c is to ?"), error=False)
            return CallRequest(lesson.analogy_answer, (source, *words, state.k, state.method, restrict_vocab), hooks)
        if tab == "test":  # no file: the built-in set of the grammar's verb forms
            hooks["scoring"] = partial(self.bridge.relay(self._on_progress), self.tr("Scoring the test set…"))
            return CallRequest(lesson.analogy_test_answer, (source, state.test_file, state.test_method,
                                                            restrict_vocab), hooks)
        if tab == "odd":
            words = words_of(state.odd_words)
            if len(words) < 3:
                raise InputProblem(self.tr("Type at least three words: which one doesn't belong?"), error=False)
            return CallRequest(lesson.odd_one_out_answer, (source, words), hooks)
        if tab == "matrix":
            words = words_of(state.matrix_words)
            if len(words) < 2:
                raise InputProblem(self.tr("Type at least two words to compare."), error=False)
            return CallRequest(lesson.similarity_answer, (source, words), hooks)
        if tab == "one_hot":
            word = self._word(state.one_hot_word, self.tr("Type a word to see its column of E."))
            return CallRequest(lesson.one_hot_answer, (source, word), hooks)
        if tab == "map":
            return CallRequest(lesson.map_answer, (source, state.map_method, state.map_count,
                                                   words_of(state.map_list)), hooks)
        watched = words_of(state.learn_words)
        if not watched:
            raise InputProblem(self.tr("Type the words whose neighbours to watch."), error=False)
        return CallRequest(watch_word2vec, (), {"language": state.learn_language, "sentences": self.LEARN_SENTENCES,
                                                "watched": watched, "k": self.LEARN_NEIGHBOURS, "max_steps": 0})

    @staticmethod
    def _word(text: str, prompt: str) -> str:
        if not text.strip():
            raise InputProblem(prompt, error=False)
        return text.strip()

    def render_answer(self, result) -> None:
        tab = self._tab_of(result.request)
        panel = self.panels[tab]
        panel.show_result(result)
        request, question = self._in_flight.get(tab, (None, None))
        if request is result.request:
            self._asked[tab] = question
        if tab != "learn":
            self.controls.show_size(result.value.source.size, result.value.source.dimension)
        if tab == "map" and result.value.value.method == "tsne":
            self.message.show_message(self.tr("t-SNE keeps neighbourhoods, not distances: far apart on this map "
                                              "says little."), error=False)

    @staticmethod
    def _tab_of(request) -> str:
        fn = request.fn
        return {lesson.neighbours_answer: "neighbours", lesson.analogy_answer: "analogy",
                lesson.analogy_test_answer: "test",
                lesson.odd_one_out_answer: "odd", lesson.similarity_answer: "matrix",
                lesson.one_hot_answer: "one_hot", lesson.map_answer: "map"}.get(fn, "learn")

    # ---- long computations: progress, Cancel, the user's file ---------------------------------------
    def _on_progress(self, what: str, fraction: float) -> None:
        if self.loop.waiting:
            self.controls.show_progress(what, fraction)

    def _after_update(self) -> None:
        if not self.loop.waiting:
            self.controls.hide_progress()
        if not self.learn_loop.waiting:
            self.learn_tab.set_training(False)

    def cancel(self) -> None:
        """Cancel pressed: stop the file being read or the map being computed.  A file that was
        being opened gives way to the vectors shown before it."""
        self._cancel.set()
        self.controls.hide_progress()
        if self.view_state.source.startswith("file:") and self._asked_source_loading():
            self.view_state.source = self._previous_source
        elif self.view_state.tab == "map" and self.view_state.map_method == "tsne":
            self.view_state.map_method = "pca"
        elif self.view_state.tab == "test":
            self.view_state.test_file = ""  # back to the built-in set: a half-scored one is not shown

    def _asked_source_loading(self) -> bool:
        answer = self.panels[self.view_state.tab].answer
        return answer is None or getattr(answer, "source", None) is None or \
            answer.source.key != self.view_state.source

    def open_file(self, path: str, fmt: str) -> None:
        key = lesson.file_key(path, fmt)
        self.controls.add_source(key)
        if not self.view_state.source.startswith("file:"):
            self._previous_source = self.view_state.source
        self.view_state.source = key

    def open_test_set(self, path: str) -> None:
        self.view_state.test_file = path

    def apply_state(self, state) -> None:
        self.controls.add_source(state.source)  # a user's file named in a session
        super().apply_state(state)

    # ---- watch it learn -------------------------------------------------------------------------
    def start_training(self) -> None:
        if self.learn_loop.waiting:
            return
        if self.learn_loop.submit() is not None:
            self.learn_tab.set_training(True)

    def stop_training(self) -> None:
        if self._training_stop is not None:
            self._training_stop.set()

    def build_training(self) -> CallRequest:
        state = self.view_state
        watched = words_of(state.learn_words)
        if not watched:
            raise InputProblem(self.tr("Type the words whose neighbours to watch."), error=False)
        self._training_stop = threading.Event()
        return CallRequest(watch_word2vec, (), {
            "language": state.learn_language, "sentences": self.LEARN_SENTENCES, "watched": watched,
            "k": self.LEARN_NEIGHBOURS, "every": self.LEARN_EVERY, "report": self.bridge.relay(self._on_snapshot),
            "stopped": partial(_cancelled, self._training_stop, self.bridge)})

    def _on_snapshot(self, snapshot) -> None:
        if self.learn_loop.waiting:
            self.learn_tab.show_snapshot(snapshot)

    def render_training(self, result) -> None:
        self.learn_tab.show_result(result)
        self.learn_tab.set_training(False)

    # ---- the kit's hooks -----------------------------------------------------------------------
    def apply_zoom(self) -> None:
        super().apply_zoom()
        for panel in self.panels.values():
            panel.apply_zoom()
            panel.keep_picture_height()

    def apply_theme(self) -> None:
        super().apply_theme()
        for panel in self.panels.values():
            panel.redraw()

    def main_input(self):
        return self.neighbours_tab.word

    def secondary_panels(self):
        """Presentation mode keeps the tabs and their inputs; the choice of vectors is made before."""
        return [self.controls]

    def main_plot(self):
        return self.tabs

    def data_words(self) -> tuple[str, ...]:
        """The vocabulary on screen (tables, map labels, tick labels): data, not interface text."""
        words = []
        for tab, panel in self.panels.items():
            if tab == "learn":
                snapshot = panel.snapshot
                if snapshot is not None:
                    words += [w for word, pairs in snapshot.neighbours for w in (word, *(p[0] for p in pairs))]
                continue
            answer = panel.answer
            if answer is None:
                continue
            value = answer.value
            words.append(answer.source.name)
            for name in ("words", "window_words"):
                words += list(getattr(value, name, ()))
            for name in ("word",):
                if hasattr(value, name):
                    words.append(getattr(value, name))
            candidates = getattr(value, "candidates", None) or getattr(getattr(value, "analogy", None),
                                                                       "candidates", ())
            words += [c.word for c in candidates]
            analogy = getattr(value, "analogy", None)
            if analogy is not None:
                words += list(analogy.words)
            score = getattr(value, "score", None)
            if score is not None:  # a test set's section names (its total is interface text)
                words += [s.name for s in score.sections[:-1]]
        return tuple(words)

    def _shown_panel(self):
        panel = self.panels[self.view_state.tab]
        shown = panel.snapshot if panel is self.learn_tab else panel.result
        return panel if shown is not None else None

    def picture(self):
        panel = self._shown_panel()
        if panel is None:
            return self.tabs, self.title()
        return panel.picture(), panel.caption()

    def export_basename(self) -> str:
        return "embeddings-" + self.view_state.tab

    def export_csv(self, path):
        panel = self._shown_panel()
        if panel is None:
            raise ValueError(self.tr("Nothing to export yet."))
        header, rows = panel.csv()
        return write_csv(path, header, rows)
