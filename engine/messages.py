"""Every sentence the engine can say to a user, by a stable code.

The engine never imports Qt, so it writes English; the app translates by *code and arguments*
(app/engine_text.py), never by reading the English back.  ``MESSAGES`` maps each code to its
English template ({name} fields); a template changes freely, a code never does.

``Message(code, **arguments)`` is the English sentence (a ``str``, so the CLI, notebooks and
f-strings use it as text) that also carries ``.code`` and ``.arguments``.  An argument may itself
be a Message (a phrase such as "a date, for example …" or "3 outcomes"), translated in turn.
``EngineError(code, **arguments)`` is the base of the engine's user-facing errors: ``str(exc)``
is the English sentence, ``exc.code`` / ``exc.arguments`` what the app translates.
"""
from __future__ import annotations

from typing import Any

MESSAGES: dict[str, str] = {
    # models and their inputs (inference.py, tokenizer.py, word_tokenizer.py, jobs.py, hf/model.py)
    "input_empty": "the input is empty: type {hint}",
    "hint_date": "a date, for example {example}",
    "hint_chinese_sentence": "a Chinese sentence, for example {example}",
    "hint_input": "an input",
    "hint_text": "some text",
    "input_too_long_characters": "the input has {length} characters; this model reads at most {limit}",
    "input_too_long_words": "the input has {length} words; this model reads at most {limit}",
    "input_too_long_tokens": "the input has {length} tokens; this model reads at most {limit}",
    "target_too_long_characters": "the target has {length} characters; this model writes at most {limit}",
    "target_too_long_words": "the target has {length} words; this model writes at most {limit}",
    "target_unknown_characters": "the target has characters this model never writes: {characters}",
    "target_unknown_words": "the target has words this model never writes: {words}",
    "expected_too_long": "the expected output has {length} tokens; this model writes at most {limit} before </s>",
    "hf_no_error_analysis": "the error analysis compares with the shipped models' own scoring; it is not "
                            "available for Hugging Face models",
    "never_generated": "{token} is never generated: a what-if cannot force it",
    "encoder_only": "{model} is an encoder-only model: it does not generate text",
    "target_needs_encoder_decoder": "a target is only for encoder-decoder models; type the whole text instead",
    "no_decoder_start_generate": "{model} has no decoder_start_token_id in its config: it cannot generate",
    "no_decoder_start_decode": "{model} has no decoder_start_token_id in its config: it cannot decode",
    "out_of_memory": "Out of memory on the {device} device while running this request. Try a shorter input or "
                     "a smaller beam width, or start the app with --device cpu.",
    # domain honesty (domain.py DomainReport.reasons)
    "domain_unknown": "the model does not know {tokens}: it reads them as ⟨unk⟩",
    "domain_invalid_date": "the output is not a real calendar date",
    "domain_no_number": "the input has no number: every date the model learnt writes its year in digits",
    "domain_missing_numbers": "the output date does not contain {numbers} from the input",
    "domain_outside_grammar": "this sentence is not one the toy grammar makes: the model never saw its like",
    "domain_rejected_output": "the output is none of the sentence's valid translations",
    "domain_dropped": "the output hardly attends to {words}: dropped",
    "domain_invented": "{words} rests on a word the model cannot read: invented",
    # loading models (models/files.py, checkpoint.py, registry.py, hf/folder.py, hf/model.py)
    "cannot_load_model": "cannot load model from {path}: {reason}",
    "json_invalid": "{file} is not valid JSON ({detail})",
    "json_not_object": "{file} does not hold an object",
    "config_missing": "config.json is missing",
    "config_entry_missing": "config.json has no {key} entry",
    "no_such_model": "no model named {name} (available: {known})",
    "weights_missing": "the weight file is missing",
    "hyperparameters_invalid": "the hyper-parameters do not describe a model ({detail})",
    "weights_unreadable": "the weight file is corrupt or not safetensors ({detail})",
    "weights_do_not_fit": "the weights do not fit the model in config.json ({detail})",
    "weights_not_finite": "tensor {tensor} holds NaN or infinite values",
    "vocabulary_unreadable": "the vocabulary cannot be read ({detail})",
    "hf_install_hint": "opening Hugging Face model folders needs the optional [hf] extra "
                       '(transformers and tokenizers): pip install -e ".[hf]"',
    "kind_encoder": "encoder",
    "kind_decoder": "decoder",
    "kind_encoder_decoder": "encoder-decoder",
    "stage_checking_folder": "checking the folder",
    "stage_reading_tokenizer": "reading the tokenizer",
    "stage_reading_weights": "reading the weights ({loader})",
    "stage_moving": "moving to {device}",
    "stage_checking_attention": "checking that attention weights come back",
    "stage_ready": "ready",
    "folder_missing": "the folder does not exist",
    "folder_is_file": "this is a file; choose the folder that holds config.json and model.safetensors",
    "hf_config_missing": "config.json is missing: this is not a Hugging Face model folder",
    "safetensors_missing": "model.safetensors is missing: save the model with save_pretrained(..., "
                           "safe_serialization=True) or convert it to safetensors",
    "safetensors_missing_others": "model.safetensors is missing: it has only {files}, which Attention Lab does "
                                  "not load (pickled or non-torch weights); save the model with "
                                  "save_pretrained(..., safe_serialization=True) or convert it to safetensors",
    "no_tokenizer_files": "no tokenizer files (one of {files})",
    "no_model_type": "config.json has no model_type entry",
    "shard_index_unreadable": "the shard index is unreadable ({detail})",
    "shards_missing": "weight shards missing: {files}",
    "safetensors_unreadable": "not a readable safetensors file ({detail})",
    "safetensors_too_short": "shorter than a safetensors header",
    "safetensors_bad_header": "the header length is impossible",
    "safetensors_truncated": "the file is truncated ({size} bytes, the header describes {expected})",
    "unsupported_architecture": "unsupported architecture {architecture}: Attention Lab opens text models that "
                                "are encoder-only (BERT-like), decoder-only (GPT-2-like) or encoder-decoder "
                                "(T5/Marian-like)",
    "transformers_failed": "transformers could not load it: {detail}",
    "no_attention_weights": "{architecture} returns no attention weights",
    # the device (device.py)
    "device_unknown": "unknown device {device}; choose one of {choices}",
    "device_no_cuda": "CUDA was requested but torch sees no CUDA device here",
    "device_no_mps": "MPS was requested but this machine has no Apple GPU available to torch",
    "device_cpu_one_thread": "CPU · {threads} thread",
    "device_cpu_threads": "CPU · {threads} threads",
    "device_cuda": "CUDA · {name}",
    "device_mps": "Apple MPS",
    # positional encoding layouts (positional.py VARIANT_USES)
    "variant_paper": "interleaved sin/cos — Vaswani et al. 2017, The Annotated Transformer, PyTorch tutorial",
    "variant_tensor2tensor": "sines then cosines, log-spaced — tensor2tensor, fairseq, Whisper",
    "variant_concatenated": "sines then cosines, paper frequencies — Marian, TensorFlow tutorial",
    # the playground's matrices (playground.py MatrixInputError)
    "cell_empty": "row {row}, column {column} is empty",
    "cell_not_number": "row {row}, column {column}: {text} is not a number",
    "cell_not_finite": "row {row}, column {column}: {text} is not a finite number",
    "cell_wrong_type": "row {row}, column {column}: expected a number, got {type}",
    "matrix_empty": "{name} is empty",
    "matrix_too_big": "{name} is {rows}x{columns}; at most {limit}x{limit} fits the playground",
    "matrix_ragged": "{name}: row {row} has {length} numbers but row 1 has {width}",
    "matrix_not_rectangular": "{name} is not a rectangular array of numbers ({detail})",
    "matrix_dimensions": "{name} must have {dimensions} dimension(s), got shape {shape}",
    "matrix_shape_too_big": "{name} has shape {shape}; at most {limit} per side",
    "matrix_not_finite": "{name}: a value is not finite",
    "matrix_name_matrix": "matrix",
    "matrix_name_keys": "keys",
    "matrix_name_values": "values",
    "matrix_name_query": "query",
    "scale_out_of_range": "the scale t must be between 0 and 1, got {t}",
    "query_key_mismatch": "the query has {query} numbers but each key has {key}",
    "keys_values_mismatch": "{keys} keys but {values} values",
    "q_k_mismatch": "Q has {q} columns but K has {k}: queries and keys need the same d_k",
    "k_v_mismatch": "K has {k} rows but V has {v}: one value per key",
    "size_out_of_range": "{name} must be between 1 and {limit}, got {size}",
    "d_k_values_invalid": "d_k values must be a non-empty list of integers in 1..1024",
    "why_scale_too_small": "why_scale needs at least 2 keys and 2 samples",
    # distributions (distribution_parser.py, infotheory.py, entropy_analysis.py)
    "about_side": "{side}: {detail}",
    "quote_not_closed": "The quote {quote} before {text} is never closed: end the label with {close}.",
    "label_without_value": "The label {label} has no value: write it as {written}: 0.5.",
    "colon_without_label": "A colon has no label before it: write the outcome's name first, as in rain: 0.25.",
    "mixed_quoted_label": "{label} mixes a quoted label with other words: put the whole label inside the quotes.",
    "no_value_after_colon": "{label} has no value after the colon: write a number, as in {name}: 0.25.",
    "unlabelled_among_labelled": "{value} has no label, but other outcomes do: label every outcome or none.",
    "words_without_value": "{words} has no value: write it as {name}: 0.25, or remove it.",
    "not_finite_number": "{value} is not a finite number: every probability must be a real number between 0 "
                         "and 1 (and every count a real number of at least 0).",
    "not_a_number": "{value} is not a number. Write decimals (0.25), percentages (25%), fractions (1/4) or "
                    "counts (3); name an outcome with a colon (rain: 0.25).",
    "number_too_large": "{value} is too large to be a number this calculator can use.",
    "negative_value": "{value} is negative: probabilities and counts cannot be below 0.",
    "over_100_percent": "{value} is more than 100%: a probability is at most 100%. For counts, leave out the "
                        "% sign.",
    "divides_by_zero": "{value} divides by zero: a fraction needs a denominator above 0.",
    "fraction_over_1": "{value} is more than 1: a probability is at most 1. For counts, write whole numbers.",
    "too_many_outcomes": "That is {count} {what}; the calculator handles at most {limit} outcomes.",
    "more_than_limit_outcomes": "That is more than {limit} outcomes; the calculator handles at most {limit} "
                                "outcomes.",
    "what_outcomes": "outcomes",
    "what_characters": "different characters",
    "what_words": "different words",
    "distribution_not_text": "Type the distribution as text, for example 0.5 0.5.",
    "nothing_to_read": "Nothing to read yet: type some probabilities, for example 0.5 0.5, or counts, for "
                       "example 3 1.",
    "outcome_twice": "The outcome {label} appears twice: each outcome needs its own name.",
    "all_zero": "All values are 0: at least one outcome must have a probability (or count) above 0.",
    "count_among_fractions": "{value} looks like a count, but other values are percentages or fractions: use "
                             "one kind of number for the whole distribution.",
    "sum_not_one": "These probabilities add up to {total}, not 1. Correct them, or normalise them (divide each "
                   "by {total}).",
    "percentages_not_100": "These percentages add up to {total}, not 100%. Correct them, or normalise them "
                           "(divide each by {total}).",
    "text_not_text": "Type some text to count.",
    "unknown_text_unit": "Unknown text unit {unit}: choose 'char' or 'word'.",
    "nothing_to_count": "Nothing to count yet: type some text.",
    "no_words": "No words found: a word is a run of letters or digits.",
    "labels_probabilities_mismatch": "There are {labels} but {probabilities}.",
    "one_label": "{n} label",
    "n_labels": "{n} labels",
    "one_probability": "{n} probability",
    "n_probabilities": "{n} probabilities",
    "one_outcome": "{n} outcome",
    "n_outcomes": "{n} outcomes",
    "log_base_not_number": "The logarithm base must be a number, not {base}.",
    "log_base_invalid": "The logarithm base must be a positive number other than 1 (2: bits, e: nats, "
                        "10: hartleys), not {base}.",
    "distribution_is_text": "{name} is text: read it with parse_distribution first.",
    "distribution_not_numbers": "{name} must be a list of numbers.",
    "distribution_not_flat": "{name} must be a flat list of probabilities (got shape {shape}).",
    "distribution_empty": "{name} is empty: it needs at least one outcome.",
    "distribution_not_finite": "{name} contains NaN or infinity: every probability must be a real number.",
    "negative_probability": "{name} has a negative probability ({value}).",
    "named_sum_not_one": "{name}'s probabilities add up to {total}, not 1.",
    "sizes_differ_outcomes": "P has {p} but Q has {q}: they must be over the same outcomes.",
    "sizes_differ": "P has {p} but Q has {q}: they must have the same number of outcomes.",
    "q_lacks_outcomes": "P and Q must name the same outcomes: Q has no {only_p}.",
    "p_lacks_outcomes": "P and Q must name the same outcomes: P has no {only_q}.",
    "both_lack_outcomes": "P and Q must name the same outcomes: Q has no {only_p}; P has no {only_q}.",
    "names_and_more": "{names} and {more} more",
    "matrix_not_numbers": "The matrix must hold numbers.",
    "matrix_is_scalar": "row_entropies needs at least one row of probabilities, not a single number.",
    "matrix_probabilities_not_finite": "The matrix contains NaN or infinity: every probability must be a real "
                                       "number.",
    "matrix_negative": "The matrix has a negative probability ({value}).",
    "parameter_not_number": "{name} must be a number, not {value}.",
    "parameter_not_finite": "{name} must be a finite number, not {value}.",
    "sigma_not_positive": "{name} is a standard deviation: it must be above 0, not {value}.",
    "unknown_unit": "Unknown unit {unit}: choose bits, nats or hartleys.",
    "unknown_mode": "Unknown input mode {mode}: choose numbers, char or word.",
    # text files for the n-gram models (ngram/corpora.py, ngram/lesson.py)
    "text_file_nul_bytes": "the file is not UTF-8 text (it holds NUL bytes: UTF-16 or a binary file); save it "
                           "as UTF-8",
    "text_file_not_text": "the file is neither UTF-8 nor GB18030 text (byte {byte} is not UTF-8); save it as UTF-8",
    "text_file_stops_being_text": "the file stops being {encoding} text near byte {byte}",
    "text_file_too_big": "the file has {megabytes} MB; the app reads text files of at most {limit} MB",
    "text_file_no_words": "the file has no words: every line is blank",
    "text_file_unreadable": "the file cannot be read ({detail})",
    # BLEU (bleu.py, bleu_report.py)
    "bleu_sentence_not_text": "a sentence must be a string, not {type}",
    "bleu_no_reference": "at least one reference is needed",
    "bleu_no_candidates": "candidates must be a non-empty list of strings",
    "bleu_no_reference_stream": "at least one reference stream is needed",
    "bleu_stream_length": "reference stream {stream} must be a list of {count} strings (one per candidate), "
                          "got {given}",
    "bleu_a_string": "a string",
    "bleu_unknown_tokenize": "unknown tokenize {tokenize}; choose one of {choices}",
    "bleu_unknown_smoothing": "unknown smoothing {smoothing}; choose one of {choices}",
    "bleu_not_positive": "{name} must be a positive integer, got {value}",
    "bleu_no_smooth_value": "smoothing {smoothing} takes no smooth_value",
    "bleu_smooth_value_invalid": "smooth_value must be a finite number >= 0, got {value}",
    "bleu_references_single_string": "references must be a list of strings, not a single string",
    "bleu_no_reference_any": "no reference: BLEU needs at least one",
    "bleu_no_reference_sentence": "no reference for sentence {sentence}: BLEU needs at least one",
    # word embeddings (embeddings/errors.py: EmbeddingFileError, EmbeddingQueryError; the code there
    # is this one without "embedding_")
    "embedding_not_text": "{path}: this is not a text file (it holds NUL bytes); use --format word2vec-binary "
                          "for a binary word2vec file",
    "embedding_bad_encoding": "{path}, line {line}: the word is not UTF-8 text",
    "embedding_malformed_line": "{path}, line {line}: {reason}",
    "embedding_mixed_dimensions": "{path}, line {line}: {found} numbers after the word, but the file's vectors "
                                  "have {expected}",
    "embedding_duplicate_word": "{path}, line {line}: the word {word!r} was already given on line {first_line}",
    "embedding_not_finite": "{path}, line {line}: the vector holds a value that is not a finite number",
    "embedding_bad_header": "{path}, line 1: the header should be two whole numbers (words and dimensions), "
                            "found {found!r}",
    "embedding_header_in_glove": "{path}, line 1: {found!r} looks like a word2vec header (words, dimensions); "
                                 "open the file as word2vec, or remove the line for GloVe",
    "embedding_header_count": "{path}: the header announces {expected} words, the file holds {found}",
    "embedding_truncated": "{path}: the file ends in the middle of word {word_number} of {expected}",
    "embedding_empty": "{path}: the file holds no vectors",
    "embedding_unknown_format": "unknown embedding file format {fmt!r} (known: {known})",
    "embedding_unreadable": "{path}: cannot be read ({reason})",
    "embedding_load_cancelled": "{path}: loading was cancelled",
    "embedding_map_cancelled": "the t-SNE map was cancelled",
    "embedding_analogy_test_cancelled": "scoring the analogy test set was cancelled",
    "embedding_reason_empty_line": "the line is empty",
    "embedding_reason_leading_space": "the line starts with a space instead of a word",
    "embedding_reason_no_numbers": "a word without numbers",
    "embedding_reason_not_a_number": "{token!r} is not a number",
    "embedding_reason_bad_binary_word": "word {number} is empty or holds a line break",
    "embedding_unknown_word": "{word!r} is not in the vocabulary of {source}",
    "embedding_zero_vector": "{word!r} has a zero vector in {source}: its cosine with any word is undefined",
    "embedding_too_few_words": "{what} needs at least {needed} words, got {got}",
    "embedding_what_similarity_matrix": "a similarity matrix",
    "embedding_bad_k": "k must be at least 1, got {k}",
    "embedding_bad_restrict_vocab": "restrict_vocab must be at least 1, got {value}",
    "embedding_unknown_method": "unknown analogy method {method!r} (add or mul)",
    "embedding_analogy_no_section": "{path}, line {line}: an analogy line before the first ': section' line",
    "embedding_no_model_embedding": "the model {model!r} has no {side} embedding",
    "embedding_no_trained_embedding": "no trained embedding named {name!r} (shipped: {known})",
    "embedding_unknown_source": "no embeddings named {source!r}",
}


class Message(str):
    """An English sentence of the engine that also carries its ``code`` and ``arguments``."""

    code: str
    arguments: dict[str, Any]

    def __new__(cls, code: str, /, **arguments):
        if code not in MESSAGES:
            raise KeyError(f"no engine message has the code {code!r}")
        self = super().__new__(cls, MESSAGES[code].format(**arguments))
        self.code, self.arguments = code, dict(arguments)
        return self

    def __str__(self):  # str(message) keeps the code, for whoever translates it later
        return self

    def __reduce__(self):  # pickling and copying rebuild it from its code, not from its text
        return _rebuild, (self.code, self.arguments)


def _rebuild(code: str, arguments: dict) -> Message:
    return Message(code, **arguments)


def counted(n: int, noun: str) -> Message:
    """"1 outcome", "3 outcomes": ``noun`` is outcome, label or probability."""
    plural = {"outcome": "outcomes", "label": "labels", "probability": "probabilities"}[noun]
    return Message(f"one_{noun}" if n == 1 else f"n_{plural}", n=n)


class EngineError(Exception):
    """Base of the engine's errors a user can meet: a Message with a code and its arguments.
    Subclasses also derive from the built-in type callers catch (ValueError, RuntimeError).

    An English sentence in place of a code is still accepted (code None: shown in English in
    every language), so code written before the registry keeps running; a test
    (tests/app/test_engine_messages.py) finds every such raise in engine/ and fails on it."""

    def __init__(self, code: str, /, **arguments):
        self.message = Message(code, **arguments) if code in MESSAGES else code
        super().__init__(self.message)

    @property
    def code(self) -> str | None:
        return getattr(self.message, "code", None)

    @property
    def arguments(self) -> dict[str, Any]:
        return getattr(self.message, "arguments", {})
