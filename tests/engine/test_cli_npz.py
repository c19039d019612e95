"""python -m engine attention --npz / --layers / --heads: the arrays a notebook reads with
numpy.load equal what the engine returns directly, a subset is that subset (indexed here with
plain numpy), and writing keeps one layer in memory at a time."""
import json
import sys
import tracemalloc
import zipfile
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from engine import load_model
from engine.__main__ import main
from engine.attention_export import write_npz
from engine.npz_writer import DEFAULT_WORKERS

TEXT = "4 Nov 1988"


def load_npz(path):
    with np.load(path) as data:  # no allow_pickle: strings are plain unicode arrays
        return {name: data[name] for name in data.files}


def assert_npz_is(arrays, result, model_name, layers=None, heads=None):
    """Every kind the result has, layer by layer, heads in order; tokens and name; nothing else."""
    expected_names = {"heads", "tokens_source", "tokens_target", "tokens_output", "model"}
    for kind in ("encoder_self", "decoder_self", "cross"):
        stack = getattr(result, kind)
        if stack is None:
            continue
        kept_layers = range(stack.shape[0]) if layers is None else layers
        kept_heads = list(range(stack.shape[1])) if heads is None else list(heads)
        for layer in kept_layers:
            name = f"{kind}/layer{layer}"
            expected_names.add(name)
            assert arrays[name].dtype == np.float32
            np.testing.assert_array_equal(arrays[name], stack[layer, kept_heads])
        np.testing.assert_array_equal(arrays["heads"], kept_heads)
    assert set(arrays) == expected_names
    assert list(arrays["tokens_source"]) == list(result.source_tokens)
    assert list(arrays["tokens_target"]) == list(result.target_tokens)
    assert list(arrays["tokens_output"]) == list(result.output_tokens)
    assert str(arrays["model"]) == model_name


@pytest.mark.parametrize("model_name", ["date-transformer", "date-rnn-attention"])
def test_npz_of_a_shipped_model_equals_the_engine(tmp_path, capsys, model_name):
    path = tmp_path / "a.npz"
    assert main(["attention", "--model", model_name, "--device", "cpu", "--npz", str(path), TEXT]) == 0
    assert capsys.readouterr().out == ""  # --npz without --json prints no JSON
    result = load_model(model_name, device="cpu").attention(TEXT)
    assert_npz_is(load_npz(path), result, model_name)


def test_layers_and_heads_select_the_subset_in_npz_and_json(tmp_path, capsys):
    path = tmp_path / "sub.npz"
    assert main(["attention", "--model", "date-transformer", "--device", "cpu", "--npz", str(path),
                 "--json", "--layers", "1", "--heads", "3,0-1", TEXT]) == 0
    data = json.loads(capsys.readouterr().out)
    result = load_model("date-transformer", device="cpu").attention(TEXT)
    assert_npz_is(load_npz(path), result, "date-transformer", layers=[1], heads=[3, 0, 1])
    assert data["layers"] == [1] and data["heads"] == [3, 0, 1]
    for kind in ("encoder_self", "decoder_self", "cross"):
        expected = getattr(result, kind)[[1]][:, [3, 0, 1]]
        np.testing.assert_allclose(np.array(data[kind]), expected, atol=1e-6)


@pytest.mark.parametrize("selection,layers,heads", [([], None, None),
                                                     (["--layers", "1,0", "--heads", "2-3,0"], [1, 0], [2, 3, 0])])
def test_npz_reads_as_numpys_own_savez_compressed_of_the_arrays(tmp_path, selection, layers, heads):
    """The file numpy.load reads equals what numpy.savez_compressed writes for the same arrays,
    picked here from the engine's result with plain numpy indexing: the same names in the same
    order, dtypes, shapes and values, and the same .npy bytes inside."""
    path, reference = tmp_path / "cli.npz", tmp_path / "numpy.npz"
    assert main(["attention", "--model", "date-transformer", "--device", "cpu", "--npz", str(path),
                 *selection, TEXT]) == 0
    result = load_model("date-transformer", device="cpu").attention(TEXT)
    expected = {}
    for kind in ("encoder_self", "decoder_self", "cross"):
        stack = getattr(result, kind)
        for layer in range(stack.shape[0]) if layers is None else layers:
            expected[f"{kind}/layer{layer}"] = stack[layer] if heads is None else stack[layer][heads]
    expected["heads"] = np.arange(result.encoder_self.shape[1]) if heads is None else np.array(heads)
    expected["tokens_source"] = np.array(result.source_tokens)
    expected["tokens_target"] = np.array(result.target_tokens)
    expected["tokens_output"] = np.array(result.output_tokens)
    expected["model"] = np.array("date-transformer")
    np.savez_compressed(reference, **expected)

    with np.load(path) as ours, np.load(reference) as numpys:
        assert ours.files == numpys.files == list(expected)
        for name in numpys.files:
            assert (ours[name].dtype, ours[name].shape) == (numpys[name].dtype, numpys[name].shape), name
            np.testing.assert_array_equal(ours[name], numpys[name], err_msg=name)
    with zipfile.ZipFile(path) as ours, zipfile.ZipFile(reference) as numpys:
        assert ours.testzip() is None  # every member's CRC-32 matches its bytes
        for info in numpys.infolist():
            assert ours.read(info.filename) == numpys.read(info), info.filename
            assert ours.getinfo(info.filename).compress_type == zipfile.ZIP_DEFLATED


@pytest.mark.parametrize("option,value", [("--layers", "7"), ("--heads", "0,9"), ("--layers", "a-b")])
def test_a_selection_outside_the_model_is_refused_before_writing(tmp_path, capsys, option, value):
    path = tmp_path / "bad.npz"
    code = main(["attention", "--model", "date-transformer", "--device", "cpu", "--npz", str(path),
                 option, value, TEXT])
    assert code == 2
    assert capsys.readouterr().err.startswith("error: ")
    assert not path.exists()


def peak_bytes_writing(path, layers, heads=12, tokens=96):
    stack = np.random.default_rng(0).random((layers, heads, tokens, tokens), dtype=np.float32)
    result = SimpleNamespace(encoder_self=stack, decoder_self=None, cross=None,
                             source_tokens=tuple("x" * tokens), target_tokens=(), output_tokens=())
    tracemalloc.start()
    try:
        write_npz(path, result, "synthetic", heads=tuple(range(1, heads)))  # a copy per layer
        return tracemalloc.get_traced_memory()[1], stack
    finally:
        tracemalloc.stop()


def test_writing_holds_a_few_layers_at_a_time(tmp_path):
    """The peak does not grow with the number of layers, and stays far below the whole stack:
    it is what the layers in flight need (one per compressing thread and the next one copied:
    each its copy of the selected heads, its compressed bytes and zlib's buffers)."""
    few, _ = peak_bytes_writing(tmp_path / "few.npz", layers=4)
    many, stack = peak_bytes_writing(tmp_path / "many.npz", layers=48)
    layer_copy = stack[0, 1:].nbytes
    assert many < 1.2 * few, (few, many)
    assert many < 4 * (DEFAULT_WORKERS + 1) * layer_copy, (many, layer_copy)
    assert many < stack.nbytes / 4, (many, stack.nbytes)
    arrays = load_npz(tmp_path / "many.npz")
    np.testing.assert_array_equal(arrays["encoder_self/layer37"], stack[37, 1:])


# ---- Hugging Face folders (tiny, built here) -------------------------------------------------

@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    pytest.importorskip("transformers", reason="the optional [hf] extra is not installed")
    sys.path.insert(0, str(Path(__file__).parent))
    from hf_tiny import tiny_gpt2, tiny_t5

    root = tmp_path_factory.mktemp("tiny_npz")
    return {"gpt2": tiny_gpt2(root / "gpt2"), "t5": tiny_t5(root / "t5")}


@pytest.mark.parametrize("name,heads", [("gpt2", None), ("t5", (2,))])
def test_npz_of_a_hugging_face_folder_equals_the_engine(tmp_path, capsys, tiny, name, heads):
    from engine.hf.model import load_hf_model

    path = tmp_path / f"{name}.npz"
    args = ["attention", "--model-path", str(tiny[name]), "--device", "cpu", "--npz", str(path),
            "--max-new-tokens", "5", "the cat sat"]
    if heads:
        args[-1:-1] = ["--heads", ",".join(map(str, heads))]
    assert main(args) == 0
    model = load_hf_model(tiny[name], device="cpu")
    result = model.attention("the cat sat", max_new_tokens=5)
    assert_npz_is(load_npz(path), result, model.name, heads=heads)
