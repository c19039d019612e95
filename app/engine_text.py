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
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is never generated: a what-if cannot force it"),
    QT_TRANSLATE_NOOP("EngineMessage", "{0} is an encoder-only model: it does not generate text"),
    QT_TRANSLATE_NOOP("EngineMessage", "a target is only for encoder-decoder models; type the whole text instead"),
    QT_TRANSLATE_NOOP("EngineMessage", "cannot load model from {0}: {1}"),
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
