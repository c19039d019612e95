"""Messages that come from the engine (InputError, DistributionError, ModelLoadError …), in the
interface language.

The engine never imports Qt, so its messages are English.  Each one a user can meet in the app
is listed here as a template with the engine's wording and {0}, {1} … where the engine puts a
value; a message that fits a template is shown through Qt's translation of that template, with
the values (themselves translated when they are engine phrases, e.g. "a date, for example …"
or the "P: …" prefix around another message).  A message that fits no template is shown as the
engine wrote it.
"""
from __future__ import annotations

import re
from functools import lru_cache

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

CONTEXT = "EngineMessage"

TEMPLATES = (
    # models and their inputs (engine/inference.py, tokenizer.py, word_tokenizer.py, hf/model.py)
    QT_TRANSLATE_NOOP("EngineMessage", "the input is empty: type {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "a date, for example {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "a Chinese sentence, for example {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "an input"),
    QT_TRANSLATE_NOOP("EngineMessage", "some text"),
    QT_TRANSLATE_NOOP("EngineMessage", "the input has {0} characters; this model reads at most {1}"),
    QT_TRANSLATE_NOOP("EngineMessage", "the input has {0} words; this model reads at most {1}"),
    QT_TRANSLATE_NOOP("EngineMessage", "the input has {0} tokens; this model reads at most {1}"),
    QT_TRANSLATE_NOOP("EngineMessage", "the target has {0} characters; this model writes at most {1}"),
    QT_TRANSLATE_NOOP("EngineMessage", "the target has {0} words; this model writes at most {1}"),
    QT_TRANSLATE_NOOP("EngineMessage", "the target has characters this model never writes: {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is never generated: a what-if cannot force it"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is an encoder-only model: it does not generate text"),
    QT_TRANSLATE_NOOP("EngineMessage", "a target is only for encoder-decoder models; type the whole text instead"),
    QT_TRANSLATE_NOOP("EngineMessage", "cannot load model from {0}: {1}"),
    # session and lecture files (app/session.py, app/session_controller.py: the Open dialogs)
    QT_TRANSLATE_NOOP("EngineMessage", "a view's state must be an object"),
    QT_TRANSLATE_NOOP("EngineMessage", "a view's widgets must be an object"),
    QT_TRANSLATE_NOOP("EngineMessage", "a view's extra settings must be an object"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is larger than {1} MB: not a session file"),
    QT_TRANSLATE_NOOP("EngineMessage", "cannot read {0}: {1}"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is not valid JSON ({1})"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is not an Attention Lab {1} file"),
    QT_TRANSLATE_NOOP("EngineMessage", "session"),
    QT_TRANSLATE_NOOP("EngineMessage", "lecture"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} has no valid version number"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} was written by a newer Attention Lab (format version {1}; this one "
                                       "reads up to {2})"),
    QT_TRANSLATE_NOOP("EngineMessage", "the session's 'views' must map view ids to states"),
    QT_TRANSLATE_NOOP("EngineMessage", "the lecture's 'scenes' must be a list"),
    QT_TRANSLATE_NOOP("EngineMessage", "scene {0} needs a 'view' name and a 'state' object"),
    QT_TRANSLATE_NOOP("EngineMessage", "the state of view {0} is not an object"),
    # Hugging Face folders: install hint, load stages, refusals (engine/hf/folder.py, model.py)
    QT_TRANSLATE_NOOP("EngineMessage", "opening Hugging Face model folders needs the optional [hf] extra "
                                       '(transformers and tokenizers): pip install -e ".[hf]"'),
    QT_TRANSLATE_NOOP("EngineMessage", "encoder"),  # the kinds of model (engine/hf/model.py), in "Loaded …"
    QT_TRANSLATE_NOOP("EngineMessage", "decoder"),
    QT_TRANSLATE_NOOP("EngineMessage", "encoder-decoder"),
    QT_TRANSLATE_NOOP("EngineMessage", "checking the folder"),
    QT_TRANSLATE_NOOP("EngineMessage", "reading the tokenizer"),
    QT_TRANSLATE_NOOP("EngineMessage", "reading the weights ({0})"),
    QT_TRANSLATE_NOOP("EngineMessage", "moving to {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "checking that attention weights come back"),
    QT_TRANSLATE_NOOP("EngineMessage", "ready"),
    QT_TRANSLATE_NOOP("EngineMessage", "the folder does not exist"),
    QT_TRANSLATE_NOOP("EngineMessage", "this is a file; choose the folder that holds config.json and "
                                       "model.safetensors"),
    QT_TRANSLATE_NOOP("EngineMessage", "config.json is missing: this is not a Hugging Face model folder"),
    QT_TRANSLATE_NOOP("EngineMessage", "model.safetensors is missing: save the model with save_pretrained(..., "
                                       "safe_serialization=True) or convert it to safetensors"),
    QT_TRANSLATE_NOOP("EngineMessage", "model.safetensors is missing: it has only {0}, which Attention Lab does "
                                       "not load (pickled or non-torch weights); save the model with "
                                       "save_pretrained(..., safe_serialization=True) or convert it to safetensors"),
    QT_TRANSLATE_NOOP("EngineMessage", "no tokenizer files (one of {0})"),
    QT_TRANSLATE_NOOP("EngineMessage", "config.json has no model_type entry"),
    QT_TRANSLATE_NOOP("EngineMessage", "the shard index is unreadable ({0})"),
    QT_TRANSLATE_NOOP("EngineMessage", "weight shards missing: {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "not a readable safetensors file ({0})"),
    QT_TRANSLATE_NOOP("EngineMessage", "shorter than a safetensors header"),
    QT_TRANSLATE_NOOP("EngineMessage", "the header length is impossible"),
    QT_TRANSLATE_NOOP("EngineMessage", "the file is truncated ({0} bytes, the header describes {1})"),
    QT_TRANSLATE_NOOP("EngineMessage", "unsupported architecture {0}: Attention Lab opens text models that are "
                                       "encoder-only (BERT-like), decoder-only (GPT-2-like) or encoder-decoder "
                                       "(T5/Marian-like)"),
    QT_TRANSLATE_NOOP("EngineMessage", "transformers could not load it: {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} returns no attention weights"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} has no decoder_start_token_id in its config: it cannot generate"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} has no decoder_start_token_id in its config: it cannot decode"),
    # the device in the status bar (engine/device.py describe_device) and device errors
    QT_TRANSLATE_NOOP("EngineMessage", "CPU · {0} thread"),
    QT_TRANSLATE_NOOP("EngineMessage", "CPU · {0} threads"),
    QT_TRANSLATE_NOOP("EngineMessage", "CUDA was requested but torch sees no CUDA device here"),
    QT_TRANSLATE_NOOP("EngineMessage", "MPS was requested but this machine has no Apple GPU available to torch"),
    # positional encoding layouts (engine/positional.py VARIANT_USES)
    QT_TRANSLATE_NOOP("EngineMessage", "interleaved sin/cos — Vaswani et al. 2017, The Annotated Transformer, "
                                       "PyTorch tutorial"),
    QT_TRANSLATE_NOOP("EngineMessage", "sines then cosines, log-spaced — tensor2tensor, fairseq, Whisper"),
    QT_TRANSLATE_NOOP("EngineMessage", "sines then cosines, paper frequencies — Marian, TensorFlow tutorial"),
    # the playground's matrices (engine/playground.py MatrixInputError); before the distributions,
    # so "Q: row 2 has …" is read as a matrix message and not as "Q: {0}"
    QT_TRANSLATE_NOOP("EngineMessage", "row {0}, column {1} is empty"),
    QT_TRANSLATE_NOOP("EngineMessage", "row {0}, column {1}: {2} is not a number"),
    QT_TRANSLATE_NOOP("EngineMessage", "row {0}, column {1}: {2} is not a finite number"),
    QT_TRANSLATE_NOOP("EngineMessage", "row {0}, column {1}: expected a number, got {2}"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0}: row {1} has {2} numbers but row 1 has {3}"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is {1}x{2}; at most {3}x{4} fits the playground"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0}: a value is not finite"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} has shape {1}; at most {2} per side"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is empty"),
    QT_TRANSLATE_NOOP("EngineMessage", "the query has {0} numbers but each key has {1}"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} keys but {1} values"),
    QT_TRANSLATE_NOOP("EngineMessage", "Q has {0} columns but K has {1}: queries and keys need the same d_k"),
    QT_TRANSLATE_NOOP("EngineMessage", "K has {0} rows but V has {1}: one value per key"),
    QT_TRANSLATE_NOOP("EngineMessage", "the scale t must be between 0 and 1, got {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} must be between 1 and {1}, got {2}"),
    # distributions (engine/distribution_parser.py, infotheory.py, entropy_analysis.py)
    QT_TRANSLATE_NOOP("EngineMessage", "P: {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "Q: {0}"),
    QT_TRANSLATE_NOOP("EngineMessage", "Type the distribution as text, for example 0.5 0.5."),
    QT_TRANSLATE_NOOP("EngineMessage", "Nothing to read yet: type some probabilities, for example 0.5 0.5, "
                                       "or counts, for example 3 1."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0}'s probabilities add up to {1}, not 1."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} has a negative probability ({1})."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is empty: it needs at least one outcome."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} contains NaN or infinity: every probability must be a real number."),
    QT_TRANSLATE_NOOP("EngineMessage", "P has {0} but Q has {1}: they must be over the same outcomes."),
    QT_TRANSLATE_NOOP("EngineMessage", "P has {0} but Q has {1}: they must have the same number of outcomes."),
    QT_TRANSLATE_NOOP("EngineMessage", "P and Q must name the same outcomes: {0}."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} outcome"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} outcomes"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is not a number. Write decimals (0.25), percentages (25%), "
                                       "fractions (1/4) or counts (3); name an outcome with a colon (rain: 0.25)."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is not a finite number: every probability must be a real number "
                                       "between 0 and 1 (and every count a real number of at least 0)."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is too large to be a number this calculator can use."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is negative: probabilities and counts cannot be below 0."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is more than 100%: a probability is at most 100%. "
                                       "For counts, leave out the % sign."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} divides by zero: a fraction needs a denominator above 0."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is more than 1: a probability is at most 1. For counts, write whole "
                                       "numbers."),
    QT_TRANSLATE_NOOP("EngineMessage", "The quote {0} before {1} is never closed: end the label with {2}."),
    QT_TRANSLATE_NOOP("EngineMessage", "The label {0} has no value: write it as {1}: 0.5."),
    QT_TRANSLATE_NOOP("EngineMessage", "A colon has no label before it: write the outcome's name first, "
                                       "as in rain: 0.25."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} mixes a quoted label with other words: put the whole label "
                                       "inside the quotes."),
    QT_TRANSLATE_NOOP("EngineMessage", "An outcome has an empty label: write a name before the colon."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} has no value after the colon: write a number, as in {1}: 0.25."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} has no label, but other outcomes do: label every outcome or none."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} has no value: write it as {1}: 0.25, or remove it."),
    QT_TRANSLATE_NOOP("EngineMessage", "That is {0} {1}; the calculator handles at most {2} outcomes."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} must be a number, not {1}."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} must be a finite number, not {1}."),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is a standard deviation: it must be above 0, not {1}."),
)


@lru_cache(maxsize=None)
def _pattern(template: str) -> re.Pattern:
    """"the input has {0} words; …" → ^the input has (.+?) words; …$ (values match anything)."""
    parts = re.split(r"\{\d\}", template)
    return re.compile("(.+?)".join(re.escape(part) for part in parts), re.DOTALL)


def engine_message(text: str | None) -> str:
    """The engine's message `text` in the interface language (unchanged if it fits no template)."""
    if not text:
        return text or ""
    for template in TEMPLATES:
        match = _pattern(template).fullmatch(text)
        if match:
            values = [engine_message(value) for value in match.groups()]
            return QCoreApplication.translate(CONTEXT, template).format(*values)
    return text
