"""Engine messages are translated by code and arguments (engine/messages.py, app/engine_text.py),
never by reading their English back: every code is raised, shown with the Chinese translator
loaded, and must leave no English word outside an explicit allow-list; the entropy view offers
its Normalise button in Chinese as it does in English."""
import re
import string

import numpy as np
import pytest

from engine.distribution_parser import MAX_OUTCOMES, DistributionError, SumError, parse_distribution
from engine.entropy_analysis import analyse
from engine.messages import MESSAGES, EngineError, Message

CJK = re.compile(r"[\u4e00-\u9fff]")
FILE_NAME = re.compile(r"\S*[/\\]\S*|\S+\.(?:json|safetensors|bin|h5|msgpack)\b")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
#: what Chinese messages keep in Latin letters: notation (P, Q, K, V, d_k, t, KL), units of the
#: API (bits, nats), names of models, tools, formats and programs, the API's own identifiers and
#: option values (row_entropies, smooth_value, char, word), and the outcome name of the format
#: examples ("rain: 0.25", input a user types as it is)
ALLOWED = {
    "P", "Q", "K", "V", "d_k", "t", "KL", "BLEU", "NaN", "JSON", "CPU", "CUDA", "MPS", "Apple", "GPU",
    "torch", "transformers", "tokenizers", "safetensors", "Hugging", "Face", "pip", "install", "e", "hf",
    "config", "json", "model", "model_type", "decoder_start_token_id", "save_pretrained", "safe_serialization",
    "True", "BERT", "GPT", "T5", "Marian", "Attention", "Lab", "pickle", "device", "cpu", "sin", "cos",
    "Vaswani", "The", "Annotated", "Transformer", "PyTorch", "tensor2tensor", "fairseq", "Whisper", "TensorFlow",
    "parse_distribution", "row_entropies", "why_scale", "smooth_value", "char", "word", "numbers", "bits",
    "nats", "hartleys", "rain", "unk", "GB18030", "MB",
    # word embeddings: file formats and the command line's --format value, byte and encoding names,
    # the Google analogy format's ": section" line, the API's restrict_vocab, k and methods add / mul
    "GloVe", "word2vec", "binary", "format", "NUL", "UTF", "section", "restrict_vocab", "k", "add", "mul", "SNE",
}


def sample_arguments(code: str) -> dict:
    """A value for each field of the code's template: digits, which any language keeps."""
    fields = {name for _, name, _, _ in string.Formatter().parse(MESSAGES[code]) if name}
    return {name: 7 for name in fields}


def english_words(text: str) -> set[str]:
    return set(LATIN_WORD.findall(FILE_NAME.sub(" ", text))) - ALLOWED


@pytest.fixture
def chinese(qapp):
    from app import i18n

    i18n.install("zh")
    yield
    i18n.install("en")


def test_the_app_has_one_template_per_engine_code_and_it_is_the_engine_english():
    """The app's marked templates are the engine's registry, code for code (the English lives
    in both places because lupdate reads only app/: this keeps them one)."""
    from app.engine_text import TEMPLATES

    assert TEMPLATES == MESSAGES


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_code_raised_reads_as_chinese(chinese, code):
    from app.engine_text import engine_message

    error = EngineError(code, **sample_arguments(code))
    english = str(error)
    shown = engine_message(error)
    assert error.code == code and english == MESSAGES[code].format(**sample_arguments(code))
    assert not english_words(shown), (code, shown)
    if english_words(english):  # words to translate ("Apple MPS", "{side}: {detail}" have none)
        assert CJK.search(shown) and shown != english, (code, shown)


def test_english_is_untouched_and_english_text_is_never_matched(qapp):
    from app.engine_text import engine_message

    with pytest.raises(DistributionError) as negative:
        parse_distribution("0.5 -0.2")
    assert engine_message(negative.value) == "“-0.2” is negative: probabilities and counts cannot be below 0."
    from app import i18n

    i18n.install("zh")
    try:
        assert engine_message(negative.value) == "“-0.2” 是负数：概率和计数不能小于 0。"
        # the same English as plain text is not an engine message: it is shown as it is
        assert engine_message(str(negative.value).strip()) == str(negative.value)
    finally:
        i18n.install("en")


def test_real_errors_read_as_chinese_with_their_nested_phrases(chinese):
    """Errors raised by the engine itself, including the ones the issue found half English."""
    from app.engine_text import engine_message
    from engine.tasks import TASKS
    from engine.tokenizer import InputError

    with pytest.raises(SumError) as in_p:
        analyse("0.5 0.4", "0.5 0.5", "bits", mode="numbers")
    assert in_p.value.code == "about_side" and in_p.value.total == pytest.approx(0.9)
    assert engine_message(in_p.value) == ("P：这些概率之和为 0.9，而不是 1。请改正它们，或将它们归一化"
                                          "（每个都除以 0.9）。")
    with pytest.raises(DistributionError) as too_many:
        parse_distribution(" ".join(["1"] * (MAX_OUTCOMES + 1)))
    assert engine_message(too_many.value) == "结果超过 10,000 个；本计算器最多处理 10,000 个结果。"
    with pytest.raises(DistributionError) as sizes:
        analyse("0.5 0.5", "0.2 0.3 0.5", "bits", mode="numbers")
    assert engine_message(sizes.value) == "P 有 2 个结果，而 Q 有 3 个：它们的结果数必须相同。"
    empty = InputError("input_empty", hint=TASKS["dates"].input_hint)
    assert engine_message(empty) == "输入为空：请输入一个日期，例如 26 March 2021"
    assert str(empty) == "the input is empty: type a date, for example 26 March 2021"


def test_a_worker_result_carries_code_and_arguments(chinese):
    from app.engine_text import engine_message
    from engine.jobs import CallRequest
    from engine.worker import InferenceWorker

    worker = InferenceWorker(device="cpu")
    try:
        result = worker.submit("c", CallRequest(parse_distribution, ("0.5 0.4",))).result(timeout=60)
    finally:
        worker.shutdown()
    assert result.error_type == "SumError" and result.error_code == "sum_not_one"
    assert result.error_args == {"total": "0.9"}
    assert result.error == "These probabilities add up to 0.9, not 1. Correct them, or normalise them (divide each by 0.9)."
    assert engine_message(result) == "这些概率之和为 0.9，而不是 1。请改正它们，或将它们归一化（每个都除以 0.9）。"


def test_a_message_survives_copying_and_pickling():
    import copy
    import pickle

    message = Message("about_side", side="P", detail=Message("negative_value", value="“-1”"))
    for twin in (copy.deepcopy(message), pickle.loads(pickle.dumps(message))):
        assert twin == message and twin.code == "about_side" and twin.arguments["detail"].code == "negative_value"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_entropy_view_offers_normalise_in_both_languages(qtbot, bridge, shared_state, language):
    """P = 0.5 0.4 adds up to 0.9: the message goes under P's box with its Normalise button, in
    English and in Chinese (the Chinese UI once showed neither: the side was found by matching the
    English "P: " prefix of the text)."""
    from app import i18n
    from app.views.entropy import EntropyView

    i18n.install(language)
    try:
        view = EntropyView(bridge, shared_state)
        qtbot.addWidget(view)
        view.resize(1400, 900)
        view.show()
        qtbot.waitUntil(view.ready, timeout=5000)
        view.inputs.p_edit.setPlainText("0.5 0.4")
        qtbot.waitUntil(lambda: view.inputs.p_normalise.isVisible(), timeout=5000)
        shown = view.inputs.p_message.text()
        assert "0.9" in shown and not view.inputs.q_normalise.isVisible()
        assert view.inputs.message.side == "P" and not view.inputs.message.text()
        if language == "zh":
            assert CJK.search(shown) and not english_words(shown), shown
            assert CJK.search(view.inputs.p_normalise.text()), view.inputs.p_normalise.text()
        with qtbot.waitSignal(view.updated, timeout=5000):
            view.inputs.p_normalise.click()
        qtbot.waitUntil(lambda: not view.loop.busy, timeout=5000)
        assert not view.inputs.p_normalise.isVisible(), (view.loop.error, view.inputs.p_edit.toPlainText())
    finally:
        i18n.install("en")


def test_entropy_presets_name_their_outcomes_in_chinese(chinese, qtbot, bridge, shared_state):
    """The lesson's weather preset in the Chinese UI: Chinese outcome names, P and Q still over the
    same outcomes, and the same entropies as the English numbers (scipy)."""
    import scipy.stats

    from app.views.entropy import EntropyView

    view = EntropyView(bridge, shared_state)
    qtbot.addWidget(view)
    view.show()
    view.load_preset("rainy")
    qtbot.waitUntil(lambda: view.loop.value is not None and not view.loop.busy and view.loop.error is None,
                    timeout=10000)
    p_text, q_text = view.inputs.texts()
    assert CJK.search(p_text) and not english_words(p_text) and not english_words(q_text)
    analysis = view.loop.value
    assert all(CJK.search(label) for label in analysis.labels)
    p = np.array([1, 1, 4, 4, 10, 10, 35, 35]) / 100
    assert analysis.entropy_p == pytest.approx(scipy.stats.entropy(p, base=2), abs=1e-12)
    assert analysis.kl_pq == pytest.approx(scipy.stats.entropy(p, np.full(8, 1 / 8), base=2), abs=1e-12)


def test_every_raise_of_an_engine_error_in_the_engine_names_a_registered_code():
    """Read engine/ with ast: the first argument of InputError(...), DistributionError(...) … is a
    registered code (or a name or an f-string that builds one: no spaces, no English)."""
    import ast
    from pathlib import Path

    errors = {"InputError", "DistributionError", "SumError", "MatrixInputError", "BLEUError", "DeviceError",
              "EngineError"}
    root = Path(__file__).resolve().parents[2] / "engine"
    bad = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in errors or not node.exc.args:
                continue
            first = node.exc.args[0]
            if isinstance(first, ast.Constant):
                ok = first.value in MESSAGES
            elif isinstance(first, ast.JoinedStr):
                ok = all(" " not in part.value for part in first.values if isinstance(part, ast.Constant))
            else:
                ok = isinstance(first, (ast.Name, ast.IfExp))
            if not ok:
                bad.append(f"{path.relative_to(root.parent)}:{node.lineno}")
    assert not bad, bad
