"""The attention view's explanation (shown collapsible at the top of the view).

TEXT and FORMULA are what the view says before a result arrives; once one is drawn the view
says which attention is on screen and gives the formula the model's code computes
(``explanation_for``): checked against engine/models (rnn_attention.py: additive attention with
tanh and a bias; transformer.py through engine.attention: softmax(QKᵀ/√d_k)V) and, for Hugging
Face models, transformers' eager attention (T5 does not divide by √d_k and adds a relative-position
bias)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

#: the translation context of every text here (View.explanation translates TEXT and FORMULA)
CONTEXT = "AttentionExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "AttentionExplanation",
    "Each row of the heatmap is a query and each column a key: the query gives every key it may see "
    "a weight, and the weights of a row add up to 1. The query's result mixes the values with these "
    "weights. Sharp rows mean the query relies on one token; flat rows (high entropy) mean it spreads "
    "its attention.")
FORMULA = QT_TRANSLATE_NOOP(
    "AttentionExplanation",
    "Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V\n"
    "row i: αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k),  Σⱼ αᵢⱼ = 1")

#: what is on screen, by attention kind (named as the selector names it)
ON_SCREEN = {
    "encoder_self": QT_TRANSLATE_NOOP(
        "AttentionExplanation",
        "On screen: encoder self-attention. Every input token (a row) attends to every input token (a "
        "column), itself included: Q, K and V all come from the encoder's input."),
    "decoder_self": QT_TRANSLATE_NOOP(
        "AttentionExplanation",
        "On screen: decoder masked self-attention. The rows are the decoder's inputs ⟨s⟩ y₁ … y_{T−1} "
        "(each position reads the token written before it), and each attends only to itself and the "
        "positions before it: the cells above the diagonal are masked, because those tokens are not "
        "written yet."),
    "cross": QT_TRANSLATE_NOOP(
        "AttentionExplanation",
        "On screen: cross-attention (decoder → encoder). While it writes each output token (a row), the "
        "decoder's query attends to every input token (a column): Q comes from the decoder, K and V from "
        "the encoder."),
}
#: a Hugging Face model's decoder self-attention: its rows are the prompt's or the decoder's
#: tokens, not necessarily ⟨s⟩ y₁ … y_{T−1}
DECODER_SELF_PIECES = QT_TRANSLATE_NOOP(
    "AttentionExplanation",
    "On screen: decoder masked self-attention. Each token (a row) attends only to itself and the "
    "tokens before it (the columns): the cells above the diagonal are masked, because a decoder "
    "never sees the tokens after the one it reads.")
ADDITIVE = QT_TRANSLATE_NOOP(
    "AttentionExplanation",
    "On screen: the additive (Bahdanau) attention of an LSTM decoder. The query of output step t (a row) "
    "is the decoder's previous state s⟨t−1⟩, the keys are the encoder states a⟨t′⟩ (the columns), and a "
    "small network compares them instead of a dot product; there are no layers or heads. Why the tanh "
    "matters: without it, W[s⟨t−1⟩; a⟨t′⟩] = W_s s⟨t−1⟩ + W_a a⟨t′⟩, and the term vᵀW_s s⟨t−1⟩ is the "
    "same for every t′, so it cancels in the softmax: the weights could not depend on the decoder's "
    "state, only on the input. The tanh mixes the two before v reads them.")
#: the domain rule of the word model (engine.domain; docs/attention.md, "Domain honesty")
WORD_RULE = QT_TRANSLATE_NOOP(
    "AttentionExplanation",
    "For the word model the view also reads its cross-attention (the mean over layers and heads): a "
    "source word whose weights, summed over the output words, come to less than 0.3 is flagged as "
    "dropped, and an output word whose most-attended source word is one the model cannot read (⟨?⟩) "
    "as invented. Attention is not alignment: these are warnings, not proofs.")

SCALED_FORMULAS = {
    "encoder_self": QT_TRANSLATE_NOOP(
        "AttentionExplanation",
        "Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V,  Q, K, V from the input tokens\n"
        "row i: αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k),  Σⱼ αᵢⱼ = 1"),
    "decoder_self": QT_TRANSLATE_NOOP(
        "AttentionExplanation",
        "Attention(Q, K, V) = softmax(Q Kᵀ / √d_k + M) V,  Q, K, V from the decoder inputs\n"
        "M = 0 for j ≤ i and −∞ for j > i:  αᵢⱼ = 0 for j > i,  Σⱼ≤ᵢ αᵢⱼ = 1"),
    "cross": QT_TRANSLATE_NOOP(
        "AttentionExplanation",
        "Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V,  Q from the decoder, K and V from the encoder\n"
        "row i: αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k),  Σⱼ αᵢⱼ = 1"),
}
T5_FORMULA = QT_TRANSLATE_NOOP(
    "AttentionExplanation",
    "Attention(Q, K, V) = softmax(Q Kᵀ + B) V   (T5: no division by √d_k)\n"
    "B: a learnt relative-position bias in self-attention (and −∞ above the diagonal in the decoder's), "
    "0 in cross-attention")
ADDITIVE_FORMULA = QT_TRANSLATE_NOOP(
    "AttentionExplanation",
    "e⟨t,t′⟩ = vᵀ · tanh(W [s⟨t−1⟩; a⟨t′⟩] + b)\n"
    "α⟨t,t′⟩ = exp(e⟨t,t′⟩) / Σₜ″ exp(e⟨t,t″⟩)   (softmax over t′),  Σₜ′ α⟨t,t′⟩ = 1\n"
    "context⟨t⟩ = Σₜ′ α⟨t,t′⟩ a⟨t′⟩")

#: Hugging Face architectures whose attention is T5's (unscaled, with a position bias)
_T5_ARCHITECTURES = ("T5", "MT5", "UMT5", "LongT5")


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def explanation_for(architecture: str, kind: str, word_model: bool, hugging_face: bool = False) -> tuple[str, str]:
    """(text, formula) for the attention on screen: `architecture` as an AttentionResult names it
    ("rnn-attention", "transformer", or a Hugging Face class such as "BertModel"), `kind` the
    attention kind shown, `word_model` whether the domain rule of the word model applies,
    `hugging_face` whether the model is a Hugging Face folder's."""
    if architecture == "rnn-attention":
        return " ".join((_tr(TEXT), _tr(ADDITIVE))), _tr(ADDITIVE_FORMULA)
    on_screen = DECODER_SELF_PIECES if hugging_face and kind == "decoder_self" else ON_SCREEN[kind]
    text = " ".join((_tr(TEXT), _tr(on_screen)) + ((_tr(WORD_RULE),) if word_model else ()))
    if architecture.startswith(_T5_ARCHITECTURES):
        return text, _tr(T5_FORMULA)
    return text, _tr(SCALED_FORMULAS[kind])
