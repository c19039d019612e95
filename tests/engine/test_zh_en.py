"""The toy Chinese -> English task: grammar, held-out split, word tokenizers, shipped model."""
import hashlib
import json
from collections import Counter

import pytest
import sacrebleu

from engine import InputError, load_model
from engine.data.zh_en import EXAMPLES, ZhEnStream, find_example
from engine.models.checkpoint import build_model, load_checkpoint, save_checkpoint
from engine.tasks import get_task
from engine.word_tokenizer import CHINESE_WORDS, ENGLISH_WORDS, WordTokenizer, join_english

FUTURE_JANE = (
    "Jane will visit Africa in September",
    "Jane is going to visit Africa in September",
    "Jane is visiting Africa in September",
    "Jane is going to be visiting Africa in September",
)

# Sentences with every valid rendering, written out by hand (the oracle for the grammar and
# for the shipped model).
CASES = {
    "简访问非洲": ("Jane visits Africa",),
    "简九月访问非洲": ("Jane visits Africa in September",),
    "简九月要访问非洲": FUTURE_JANE,
    "简九月会访问非洲": FUTURE_JANE,
    "简昨天访问了非洲": ("Jane visited Africa yesterday",),
    "简正在访问非洲": ("Jane is visiting Africa",),
    "我昨天去了巴黎": ("I went to Paris yesterday",),
    "我们上周参观了北京": ("We toured Beijing last week",),
    "他下个月要去巴黎": ("He will go to Paris next month", "He is going to go to Paris next month",
                     "He is going to Paris next month"),
    "她们每年学习法语": ("They study French every year",),
    "汤姆每天学习中文": ("Tom studies Chinese every day",),
    "我现在正在修一辆自行车": ("I am fixing a bicycle now",),
    "他们喜欢东京": ("They like Tokyo",),
    "玛丽会喜欢伦敦": ("Mary will like London", "Mary is going to like London"),
    "李雷今天买了一把伞。": ("Li Lei bought an umbrella today.",),
    "韩梅梅要教英语": ("Han Meimei will teach English", "Han Meimei is going to teach English"),
    "你明年要搬到纽约": ("You will move to New York next year", "You are going to move to New York next year",
                     "You are moving to New York next year",
                     "You are going to be moving to New York next year"),
    "简九月买了一本书": ("Jane bought a book in September",),
    "小明星期五离开了美国": ("Xiao Ming left the United States on Friday",),
}


def _heldout_by_hand(combination) -> bool:
    """The documented rule, computed here independently of the module."""
    if combination[:3] == ("简", "访问", "非洲"):
        return False
    digest = hashlib.sha256(("zh-en-heldout|" + "|".join(combination)).encode("utf-8")).hexdigest()
    return int(digest[:8], 16) % 40 == 0


@pytest.fixture(scope="module")
def tokenizers():
    return get_task("zh-en").build_tokenizers()


# ---- grammar --------------------------------------------------------------------------------
def test_streams_are_deterministic_per_seed_and_split():
    a, b = ZhEnStream(7, "train").take(300), ZhEnStream(7, "train").take(300)
    assert a == b
    assert [e.text for e in a] != [e.text for e in ZhEnStream(8, "train").take(300)]
    assert [e.text for e in a] != [e.text for e in ZhEnStream(7, "test").take(300)]


@pytest.mark.parametrize("text", sorted(CASES))
def test_hand_written_sentences_have_exactly_the_expected_renderings(text):
    example = find_example(text)
    assert example is not None
    assert set(example.renderings) == set(CASES[text])


def test_probabilities_are_stated_and_training_targets_follow_them():
    example = find_example("简九月要访问非洲")
    assert dict(zip(example.renderings, example.probabilities)) == pytest.approx(dict(zip(FUTURE_JANE, (.4, .3, .2, .1))))
    # Training draws of future sentences with a time: how often each verb phrase was drawn.
    phrases = Counter()
    for e in ZhEnStream(3, "train").take(20000):
        if e.tense == "future" and len(e.renderings) == 4:
            phrases[e.renderings.index(e.target)] += 1
    total = sum(phrases.values())
    assert total > 2000
    for index, expected in enumerate((0.4, 0.3, 0.2, 0.1)):
        assert abs(phrases[index] / total - expected) < 0.03


LAST_TIME_WORDS = {"January", "February", "March", "April", "May", "June", "July", "August", "September",
                   "October", "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                   "Saturday", "Sunday", "tomorrow", "week", "weekend", "month", "year", "tonight", "yesterday",
                   "night", "today", "now", "day"}


def test_every_example_is_consistent():
    for e in ZhEnStream(11, "train").take(3000):
        assert e.target in e.renderings and len(set(e.renderings)) == len(e.renderings)
        assert sum(e.probabilities) == pytest.approx(1.0)
        assert "".join(e.source_tokens) == e.text
        for r in e.renderings:
            assert r[0].isupper() and "  " not in r
            assert r.endswith(".") == e.text.endswith("。")
            assert "going to be going" not in r
            if e.combination[3]:  # English puts the time last (before a full stop)
                assert r.rstrip(".").split()[-1] in LAST_TIME_WORDS


def test_agreement_of_pronouns():
    be = {"I": "am", "We": "are", "You": "are", "They": "are", "He": "is", "She": "is"}
    checked = 0
    for e in ZhEnStream(5, "train").take(5000):
        subject, verb = e.renderings[0].split()[:2]
        if subject not in be:
            continue
        checked += 1
        if e.tense == "present":
            assert verb.endswith("s") == (subject in ("He", "She")) or verb == "miss", e.renderings[0]
        if e.tense == "progressive":
            assert verb == be[subject]
        if e.tense == "past":
            assert verb not in be.values()
    assert checked > 1000


def test_vocabularies_are_a_few_hundred_words(tokenizers):
    source, target = tokenizers
    assert len(source.words) >= 250 and len(target.words) >= 250


def test_heldout_split_is_separate_and_follows_the_documented_rule():
    train = ZhEnStream(0, "train").take(20000)
    heldout = ZhEnStream(0, "heldout").take(500)
    assert not any(_heldout_by_hand(e.combination) for e in train)
    assert all(_heldout_by_hand(e.combination) for e in heldout)
    assert not {e.combination for e in train} & {e.combination for e in heldout}
    for split in ("validation", "test"):
        assert not any(_heldout_by_hand(e.combination) for e in ZhEnStream(0, split).take(3000))
    # The rule holds out about 1 in 40 combinations (binomial: sd ~ 0.001 over 20000 combinations).
    import random

    rng = random.Random(1)
    parts = [(rng.choice("简王李刘"), rng.choice(("访问", "去")), rng.choice(("巴黎", "非洲", "北京")), str(i))
             for i in range(20000)]
    share = sum(_heldout_by_hand(p) for p in parts) / len(parts)
    assert 0.018 < share < 0.032


def test_lesson_examples_are_in_the_grammar_and_not_held_out():
    for text in EXAMPLES:
        example = find_example(text)
        assert example is not None, text
        assert not _heldout_by_hand(example.combination)


# ---- tokenizers -----------------------------------------------------------------------------
@pytest.mark.parametrize("typed,tokens,unknown", [
    ("简九月要访问非洲", ["简", "九月", "要", "访问", "非洲"], ()),
    ("简 九月 要访问 非洲", ["简", "九月", "要", "访问", "非洲"], ()),
    ("他们十一月去了西班牙", ["他们", "十一月", "去", "了", "西班牙"], ()),  # longest match: 他们, 十一月
    ("她学习西班牙语。", ["她", "学习", "西班牙语", "。"], ()),
    ("简访问火星", ["简", "访问", "<unk>"], ("火星",)),
    ("Jane访问非洲", ["<unk>", "访问", "非洲"], ("Jane",)),
    ("简喜欢猫咪狗", ["简", "喜欢", "猫", "<unk>", "狗"], ("咪",)),
    ("简X 访问Y非洲", ["简", "<unk>", "访问", "<unk>", "非洲"], ("X", "Y")),
])
def test_chinese_segmentation_of_typed_sentences(tokenizers, typed, tokens, unknown):
    source, _ = tokenizers
    encoded = source.encode(typed)
    assert encoded.tokens == tokens
    assert encoded.unknown == unknown
    assert encoded.ids == [source.stoi.get(t, source.unk_id) for t in tokens]


def test_segmentation_agrees_with_the_grammar_on_generated_sentences(tokenizers):
    source, _ = tokenizers
    for e in ZhEnStream(2, "train").take(5000):
        assert tuple(source.encode(e.text).tokens) == e.source_tokens


def test_english_words_punctuation_and_joining(tokenizers):
    _, target = tokenizers
    encoded = target.encode("jane is visiting Africa.")
    assert encoded.tokens == ["Jane", "is", "visiting", "Africa", "."]
    assert target.decode(encoded.ids + [target.eos_id, target.stoi["Paris"]]) == "Jane is visiting Africa."
    assert target.encode("Jane visits Atlantis").unknown == ("Atlantis",)
    assert join_english(["Rio", "de", "Janeiro", ".", "Yes", "?"]) == "Rio de Janeiro. Yes?"


def test_too_many_words_is_refused_or_truncated(tokenizers):
    source, _ = tokenizers
    with pytest.raises(InputError, match="5 words; this model reads at most 3"):
        source.encode("简九月要访问非洲", max_length=3)
    encoded = source.encode("简九月要访问非洲", max_length=3, truncate=True)
    assert encoded.truncated and encoded.tokens == ["简", "九月", "要"]


def test_tokenizers_round_trip_through_config_json(tmp_path, tokenizers):
    source, target = tokenizers
    hp = dict(d_model=16, n_heads=2, n_encoder_layers=1, n_decoder_layers=1, d_ff=32, dropout=0.0,
              max_source_length=16, max_target_length=24, source_vocab_size=len(source),
              target_vocab_size=len(target), pad_id=0)
    config = {"name": "tiny", "architecture": "transformer", "task": "zh-en", "hyperparameters": hp,
              "source_vocab": source.words, "target_vocab": target.words,
              "source_tokenizer": CHINESE_WORDS, "target_tokenizer": ENGLISH_WORDS}
    save_checkpoint(tmp_path, build_model("transformer", hp), config)
    saved = json.loads((tmp_path / "config.json").read_text(encoding="utf-8"))
    assert saved["source_tokenizer"] == "zh-longest-match" and "非洲" in saved["source_vocab"]
    _, _, loaded_source, loaded_target = load_checkpoint(tmp_path)
    assert isinstance(loaded_source, WordTokenizer) and loaded_source.itos == source.itos
    assert isinstance(loaded_target, WordTokenizer) and loaded_target.itos == target.itos
    assert loaded_source.encode("简访问火星").tokens == ["简", "访问", "<unk>"]
    assert loaded_target.decode(loaded_target.encode("Jane visits Africa .").ids) == "Jane visits Africa."


# ---- the shipped model ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def model():
    return load_model("zh-en-toy", device="cpu")


@pytest.mark.parametrize("text", sorted(CASES))
def test_shipped_model_translates_fixed_sentences_to_valid_renderings(model, text):
    assert model.translate(text) in CASES[text]


def test_three_best_beam_of_the_lesson_sentence_holds_two_valid_renderings(model):
    result = model.beam("简九月要访问非洲", beam_width=3)
    texts = [model.target_tokenizer.decode(h.tokens) for h in result.hypotheses[:3]]
    assert sum(t in FUTURE_JANE for t in texts) >= 2, texts


@pytest.mark.slow  # evaluates the model on held-out sentences
def test_shipped_model_generalises_to_heldout_combinations(model):
    examples = ZhEnStream(99, "heldout").take(300)
    outputs = model.translate_batch([e.text for e in examples])
    assert sum(e.is_valid(o) for e, o in zip(examples, outputs)) / len(examples) >= 0.95


def test_cross_attention_is_word_by_word(model):
    result = model.attention("简九月要访问非洲")
    assert result.source_tokens == ("简", "九月", "要", "访问", "非洲")
    assert result.output_text in FUTURE_JANE
    layers, heads = model.config["hyperparameters"]["n_decoder_layers"], model.config["hyperparameters"]["n_heads"]
    assert result.cross.shape == (layers, heads, len(result.output_tokens), 5)
    assert result.output_tokens[-1] == "</s>"


def test_empty_input_asks_for_a_chinese_sentence(model):
    with pytest.raises(InputError, match="Chinese sentence"):
        model.translate("   ")


def test_config_lists_the_examples_and_tokenizers(model):
    assert model.config["examples"] == list(EXAMPLES)
    assert model.config["source_tokenizer"] == CHINESE_WORDS
    assert model.config["target_tokenizer"] == ENGLISH_WORDS


@pytest.mark.slow  # evaluates the model on generated sentences
def test_evaluation_bleu_matches_sacrebleu(model):
    from engine.evaluation import evaluate

    report = evaluate(model, n=60, seed=4)
    examples = ZhEnStream(4, "test").take(60)
    outputs = model.translate_batch([e.text for e in examples])
    depth = max(len(e.renderings) for e in examples)
    streams = [[e.renderings[k] if k < len(e.renderings) else None for e in examples] for k in range(depth)]
    assert report.bleu == pytest.approx(sacrebleu.corpus_bleu(outputs, streams).score, abs=1e-9)
    assert report.exact_match == sum(e.is_valid(o) for e, o in zip(examples, outputs)) / 60
    heldout = ZhEnStream(4, "heldout").take(60)
    heldout_outputs = model.translate_batch([e.text for e in heldout])
    assert report.heldout_exact == sum(e.is_valid(o) for e, o in zip(heldout, heldout_outputs)) / 60
