"""⟨pad⟩, ⟨s⟩ and ⟨unk⟩ are never generated, even by a model that puts nearly all its mass on
them: greedy, batch greedy, beam search, the what-if search and the attention view's output.

Oracle: a decoder written here whose raw distribution prefers the special tokens, so an
unmasked search would write them.  (The step-function level, against exhaustive search over
the allowed tokens, is in test_decoding.py.)"""
import math

import numpy as np
import pytest
import torch

from engine import InputError
from engine.beam_analysis import analyse_beam, inspect_node
from engine.inference import Seq2SeqModel
from engine.models.protocol import DecoderModule, TranslationModel
from engine.tokenizer import CharTokenizer

PAD, BOS, EOS, UNK = 0, 1, 2, 3
SPECIALS = (PAD, BOS, UNK)


# ---- a whole model whose decoder prefers the specials ------------------------------------------

CHARS = "0123456789-"


class SpecialsLovingDecoder(torch.nn.Module):
    """Logit 12 for ⟨pad⟩, ⟨s⟩ and ⟨unk⟩ at every position (together ~99.99 % of the mass); among
    the other tokens a digit that depends on the position and the source, and ⟨/s⟩ after 4
    tokens.  Cross-attention: uniform over the source."""

    kind = "fake"

    def __init__(self, vocab: int):
        super().__init__()
        self.vocab = vocab

    def prepare(self, source_ids):
        return {"source_ids": source_ids, "length": (source_ids != PAD).sum(1, keepdim=True)}

    @staticmethod
    def expand_state(state, batch: int):
        return {k: v.expand(batch, *v.shape[1:]) for k, v in state.items()}

    def decode_prefixes(self, state, prefixes):
        b, t = prefixes.shape
        logits = torch.zeros(b, t, self.vocab)
        logits[:, :, list(SPECIALS)] = 12.0
        positions = torch.arange(t)[None, :]
        digit = 4 + (positions + state["length"]) % 10  # ids 4..13 are "0".."9"
        logits.scatter_(2, digit[:, :, None].expand(b, t, 1), 6.0)
        logits[:, 4:, EOS] = 9.0
        s = state["source_ids"].size(1)
        keys = (state["source_ids"] != PAD).float()[:, None, None, :].expand(b, 1, t, s)
        return logits, {"cross": [keys / keys.sum(-1, keepdim=True)]}


@pytest.fixture(scope="module")
def fake():
    tok = CharTokenizer(CHARS)
    config = {"hyperparameters": {"max_source_length": 12, "max_target_length": 8}, "architecture": "fake"}
    return Seq2SeqModel("fake", SpecialsLovingDecoder(len(tok)), config, CharTokenizer(CHARS), tok,
                        torch.device("cpu"))


def assert_no_specials(ids):
    assert not set(SPECIALS) & set(int(i) for i in ids), ids


def test_the_fake_satisfies_the_protocols(fake):
    assert isinstance(fake.module, DecoderModule)
    assert isinstance(fake, TranslationModel)
    assert fake.never_generated == SPECIALS
    raw = fake.next_token_distribution("123", [])
    assert raw[list(SPECIALS)].sum() > 0.99  # the unmasked model would write a special token


def test_greedy_and_batch_greedy_write_no_special_token(fake):
    texts = ["1", "12", "123", "12345678"]
    for text in texts:
        g = fake.greedy(text)
        assert_no_specials(g.tokens)
        assert g.finished and len(g.tokens) == 5  # four digits, then </s>
    assert fake.translate_batch(texts) == [fake.translate(t) for t in texts]
    assert all(len(out) == 4 and out.isdigit() for out in fake.translate_batch(texts))


@pytest.mark.parametrize("width", [1, 3, 8])
@pytest.mark.parametrize("penalty", ["none", "power", "gnmt"])
def test_beam_search_writes_no_special_token(fake, width, penalty):
    r = fake.beam("1234", beam_width=width, length_penalty=penalty)
    for h in r.hypotheses:
        assert_no_specials(h.tokens)
    for step in r.trace:
        assert_no_specials([c.token for c in step])


def test_analysis_what_if_and_node_inspection(fake):
    a = analyse_beam(fake, "1234", beam_width=3, expected="5678")
    for seq in (*a.hypotheses, a.greedy):
        assert_no_specials(seq.token_ids)
    # The expected output is scored by the model's own distribution, not the masked one.
    assert a.error.expected.logprob == pytest.approx(fake.score("1234", "5678"), abs=1e-5)
    forced = fake.target_ids("9", add_eos=False)
    w = analyse_beam(fake, "1234", beam_width=3, prefix=forced)
    for h in w.hypotheses:
        assert h.token_ids[:1] == tuple(forced)
        assert_no_specials(h.token_ids)
    with pytest.raises(InputError, match="never generated"):
        analyse_beam(fake, "1234", beam_width=3, prefix=(UNK,))
    n = inspect_node(fake, "1234", ())
    assert n.top(1)[0][0] in SPECIALS  # the raw distribution is listed as it is...
    assert n.never_allowed == SPECIALS  # ...with the tokens the search never writes marked
    assert [n.allowed(t) for t in range(5)] == [False, False, True, False, True]
    np.testing.assert_allclose(n.probabilities, fake.next_token_distribution("1234", []), atol=1e-6)


def test_the_attention_view_shows_an_output_without_special_tokens(fake):
    r = fake.attention("1234")
    assert not {"<pad>", "<s>", "<unk>"} & set(r.output_tokens)
    assert r.output_text == fake.translate("1234")
    # the most likely token it may write is what greedy wrote
    np.testing.assert_allclose(r.top_probabilities, r.output_probabilities, rtol=1e-6)
    # teacher forcing keeps the model's own probabilities: ⟨unk⟩ is scored, not refused
    forced = fake.attention("1234", target="12x")
    assert forced.output_tokens == ("1", "2", "<unk>", "</s>")
    assert math.isclose(float(np.log(forced.output_probabilities).sum()), fake.score("1234", "12x"), abs_tol=1e-5)
