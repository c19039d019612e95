"""The two counter-experiments' models: the encoder-decoder without attention reads nothing of the
source but the encoder's final state; the Transformer without (encoder) positional encoding
cannot tell the order of its inputs."""
import torch
from torch import nn

from engine.models.rnn_attention import DateRNNAttention, RNNAttentionConfig, RNNConfig
from engine.models.rnn_plain import DateRNNNoAttention, final_state
from engine.models.transformer import DateTransformer, TransformerConfig

SIZES = dict(source_vocab_size=20, target_vocab_size=12, dropout=0.0, embedding_dim=8, encoder_hidden=6,
             decoder_hidden=10)


def _source():
    # two inputs of different lengths (the second padded), ids 4.. are real tokens
    return torch.tensor([[4, 9, 5, 13, 7, 6], [8, 15, 11, 0, 0, 0]])


def _prefixes():
    return torch.tensor([[1, 5, 6, 7], [1, 9, 4, 3]])


def _model(cls, config_cls, **extra):
    torch.manual_seed(0)
    return cls(config_cls(**SIZES, **extra)).eval()


def _with_annotations(model, change):
    """The model's outputs when the encoder states are replaced by change(states, mask)."""
    real = model.annotate

    def perturbed(source_ids):
        annotations, mask = real(source_ids)
        return change(annotations.clone(), mask), mask

    model.annotate = perturbed
    try:
        with torch.no_grad():
            return model(_source(), _prefixes())[0]
    finally:
        del model.annotate


def _final_halves(annotations, mask):
    """True where the encoder states hold the final state: the forward half after the last real
    character and the backward half after the first."""
    keep = torch.zeros_like(annotations, dtype=torch.bool)
    half = annotations.size(-1) // 2
    for row, length in enumerate(mask.sum(1).tolist()):
        keep[row, length - 1, :half] = True
        keep[row, 0, half:] = True
    return keep


def _away_from_final(annotations, mask):
    noise = torch.randn(annotations.shape, generator=torch.Generator().manual_seed(1)) * 5
    return torch.where(_final_halves(annotations, mask), annotations, annotations + noise)


def _on_final(annotations, mask):
    return annotations + 5 * _final_halves(annotations, mask)


def test_the_final_state_is_the_encoder_lstms_own_h_n():
    model = _model(DateRNNNoAttention, RNNConfig)
    src = _source()
    with torch.no_grad():
        annotations, mask = model.annotate(src)
        lengths = mask.sum(1)
        packed = nn.utils.rnn.pack_padded_sequence(model.source_embedding(src), lengths, batch_first=True,
                                                   enforce_sorted=False)
        _, (h_n, _) = model.encoder(packed)  # (directions, B, H)
    assert torch.allclose(final_state(annotations, mask), torch.cat([h_n[0], h_n[1]], dim=-1), atol=1e-6)


def test_the_no_attention_decoder_cannot_read_encoder_states_other_than_the_final_one():
    model = _model(DateRNNNoAttention, RNNConfig)
    with torch.no_grad():
        plain = model(_source(), _prefixes())[0]
    assert torch.equal(_with_annotations(model, _away_from_final), plain)
    # ...while changing the final state changes the outputs (the test can fail)
    assert not torch.allclose(_with_annotations(model, _on_final), plain, atol=1e-3)


def test_the_attention_decoder_does_read_the_other_states():
    model = _model(DateRNNAttention, RNNAttentionConfig, attention_hidden=7)
    with torch.no_grad():
        plain = model(_source(), _prefixes())[0]
    assert not torch.allclose(_with_annotations(model, _away_from_final), plain, atol=1e-3)


def test_the_no_attention_model_has_no_attention_parameters_and_the_same_rest():
    plain = _model(DateRNNNoAttention, RNNConfig)
    attending = _model(DateRNNAttention, RNNAttentionConfig, attention_hidden=7)
    names = {n for n, _ in plain.named_parameters()}
    assert names == {n for n, _ in attending.named_parameters() if not n.startswith("attention.")}
    assert model_shapes(plain) == {k: v for k, v in model_shapes(attending).items() if k in names}


def model_shapes(model):
    return {n: tuple(p.shape) for n, p in model.named_parameters()}


TRANSFORMER = dict(source_vocab_size=20, target_vocab_size=12, dropout=0.0, d_model=16, n_heads=2,
                   n_encoder_layers=2, n_decoder_layers=1, d_ff=32)


def _transformer(encoder_positions):
    torch.manual_seed(0)
    return DateTransformer(TransformerConfig(**TRANSFORMER, encoder_positions=encoder_positions)).eval()


PERMUTATION = torch.tensor([3, 0, 5, 1, 4, 2])


@torch.no_grad()
def test_without_positional_encoding_the_encoder_is_permutation_equivariant():
    model = _transformer(False)
    src = _source()[:1]  # no padding
    memory, _, weights = model.encode(src)
    memory_p, _, weights_p = model.encode(src[:, PERMUTATION])
    assert torch.allclose(memory_p, memory[:, PERMUTATION], atol=1e-5)
    # self-attention permutes along both axes: query i' = P(i), key j' = P(j)
    assert torch.allclose(weights_p[-1], weights[-1][:, :, PERMUTATION][:, :, :, PERMUTATION], atol=1e-6)
    logits, att = model(src, _prefixes()[:1])
    logits_p, att_p = model(src[:, PERMUTATION], _prefixes()[:1])
    assert torch.allclose(logits_p, logits, atol=1e-5)  # the decoder cannot tell
    assert torch.allclose(att_p["cross"][0], att["cross"][0][..., PERMUTATION], atol=1e-6)


@torch.no_grad()
def test_with_positional_encoding_the_order_matters():
    model = _transformer(True)
    src = _source()[:1]
    logits, _ = model(src, _prefixes()[:1])
    logits_p, _ = model(src[:, PERMUTATION], _prefixes()[:1])
    assert not torch.allclose(logits_p, logits, atol=1e-3)


def test_the_switch_keeps_old_configs_and_weights_loading():
    assert TransformerConfig(source_vocab_size=5, target_vocab_size=5).encoder_positions is True
    with_pe, without = _transformer(True), _transformer(False)
    without.load_state_dict(with_pe.state_dict(), strict=True)  # the same parameters: only the sum differs


def test_the_no_attention_model_reports_no_cross_attention():
    model = _model(DateRNNNoAttention, RNNConfig)
    with torch.no_grad():
        _, attention = model.decode_prefixes(model.prepare(_source()), _prefixes())
    assert attention == {"cross": []}
