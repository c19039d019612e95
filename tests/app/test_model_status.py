"""The status bar's model states (loading, ready, error) for Hugging Face folders as for the
shipped models: every request type names its model (engine.jobs.Request.model_label), and a
view's loop reports the state of whatever model its request names."""
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QT_TRANSLATE_NOOP

from app.views.base import View
from engine.jobs import (AttentionRequest, BeamRequest, CallRequest, DeviceRequest, HFAttentionRequest, HFBeamRequest,
                         LoadModelPathRequest, NodeRequest, OverviewRequest)
from engine.hf.search import HFSearchRequest

pytestmark = pytest.mark.slow  # every test builds the whole window and loads a model folder


def test_every_request_type_names_its_model_or_none(tmp_path):
    folder = tmp_path / "opus-mt-en-de"
    generic = tmp_path / "marian" / "model"  # a folder called "model" is named by its parent
    assert AttentionRequest("date-transformer", "x").model_label == "date-transformer"
    assert BeamRequest("date-rnn", "x").model_label == "date-rnn"
    assert NodeRequest("date-rnn", "x").model_label == "date-rnn"
    for request in (HFAttentionRequest(str(folder), "x"), HFBeamRequest(str(folder), "x"),
                    HFSearchRequest(str(folder), "x"), LoadModelPathRequest(str(folder))):
        assert request.model_label == "opus-mt-en-de", type(request).__name__
    assert HFAttentionRequest(str(generic), "x").model_label == "marian"
    for request in (CallRequest(abs, (1,)), DeviceRequest(), OverviewRequest(None, "cross")):
        assert request.model_label is None, type(request).__name__


class FolderView(View):
    """A view whose one loop asks a Hugging Face folder for attention."""

    view_id = "folder-probe"
    TITLE = QT_TRANSLATE_NOOP("FolderView", "Folder probe")

    def __init__(self, bridge, state, folder):
        super().__init__(bridge, state)
        self.folder = folder
        self.drawn = []
        self.loop = self.request_loop("folder-probe", build=lambda: HFAttentionRequest(str(self.folder), "the cat"),
                                      render=self.drawn.append)


def record_states(window) -> dict:
    """{model name: [states in the order the status bar was told them]} from now on (the
    window's own views report the shipped models meanwhile)."""
    states = {}
    window.state.model_state_changed.connect(lambda name, state: states.setdefault(name, []).append(state))
    return states


@pytest.fixture
def probe(qtbot, main_window, tmp_path):
    view = FolderView(main_window.bridge, main_window.state, tmp_path / "gone-model")
    qtbot.addWidget(view)
    return view


def test_a_folder_that_fails_to_load_shows_loading_then_error_in_the_status_bar(qtbot, main_window, probe):
    states = record_states(main_window)
    probe.loop.submit()
    # the label may group the models of one state ("a, gone-model: loading…"); its tool tip
    # names each model with its state
    assert "gone-model: " + main_window.tr("loading…") in main_window.model_label.toolTip()
    assert "gone-model" in main_window.model_label.text() and main_window.tr("loading…") in main_window.model_label.text()
    qtbot.waitUntil(lambda: not probe.busy, timeout=60000)
    assert states["gone-model"] == ["loading", "error"]
    assert "gone-model: " + main_window.tr("error") in main_window.model_label.toolTip()
    assert "gone-model: " + main_window.tr("error") in main_window.model_label.text()  # alone in its state
    assert "gone-model" in probe.message.text()  # "Model gone-model could not be loaded: …"


def test_a_folder_a_view_loads_by_itself_shows_loading_then_ready(qtbot, main_window, probe, tmp_path):
    pytest.importorskip("transformers", reason="the optional [hf] extra (transformers) is not installed")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from hf_tiny import tiny_gpt2

    probe.folder = tiny_gpt2(tmp_path / "tiny-gpt2")
    states = record_states(main_window)
    probe.loop.submit()
    qtbot.waitUntil(lambda: bool(probe.drawn) or probe.loop.error is not None, timeout=60000)
    assert probe.loop.error is None and probe.drawn[0].value.model_kind == "decoder"
    assert states["tiny-gpt2"] == ["loading", "ready"]
    assert "tiny-gpt2: " + main_window.tr("ready") in main_window.model_label.toolTip()  # the label may group or count


def test_opening_a_folder_from_the_menu_shows_loading_then_ready(qtbot, main_window, tmp_path):
    pytest.importorskip("transformers", reason="the optional [hf] extra (transformers) is not installed")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from hf_tiny import tiny_gpt2

    folder = tiny_gpt2(tmp_path / "tiny-gpt2")
    states = record_states(main_window)
    main_window.model_folder_menu.open(str(folder))
    qtbot.waitUntil(lambda: not main_window.state.model_folders.loading, timeout=60000)
    assert states["tiny-gpt2"] == ["loading", "ready"]
    assert "tiny-gpt2: " + main_window.tr("ready") in main_window.model_label.toolTip()  # the label may group or count
