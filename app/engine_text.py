"""Messages that come from the engine (InputError, DistributionError, ModelLoadError …), in the
interface language.

The engine never imports Qt, so its messages are English; each also carries a stable code and
its arguments (engine/messages.py: an ``engine.messages.Message``, the ``code`` and
``arguments`` of an ``EngineError``, a Result's ``error_code`` and ``error_args``).  Here each
code has one template, marked for Qt's translation; a message is shown by translating its
code's template and filling in its arguments, an argument that is itself a Message translated
in turn.  Nothing is ever read back from the English text, so rewording a message in the engine
cannot break its translation (a test checks that these templates are the engine's).

App-side errors with a template of their own (app.session.SessionError: ``template`` and
``values``) are shown the same way.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from engine.messages import Message

CONTEXT = "EngineMessage"

# code -> the English template of engine.messages.MESSAGES, marked for translation
TEMPLATES = {
    "input_empty": QT_TRANSLATE_NOOP("EngineMessage", "the input is empty: type {hint}"),
    "hint_date": QT_TRANSLATE_NOOP("EngineMessage", "a date, for example {example}"),
    "hint_chinese_sentence": QT_TRANSLATE_NOOP("EngineMessage", "a Chinese sentence, for example {example}"),
    "hint_input": QT_TRANSLATE_NOOP("EngineMessage", "an input"),
    "hint_text": QT_TRANSLATE_NOOP("EngineMessage", "some text"),
    "input_too_long_characters": QT_TRANSLATE_NOOP("EngineMessage", "the input has {length} characters; this model "
                                       "reads at most {limit}"),
    "input_too_long_words": QT_TRANSLATE_NOOP("EngineMessage", "the input has {length} words; this model reads at "
                                       "most {limit}"),
    "input_too_long_tokens": QT_TRANSLATE_NOOP("EngineMessage", "the input has {length} tokens; this model reads at "
                                       "most {limit}"),
    "target_too_long_characters": QT_TRANSLATE_NOOP("EngineMessage", "the target has {length} characters; this model "
                                       "writes at most {limit}"),
    "target_too_long_words": QT_TRANSLATE_NOOP("EngineMessage", "the target has {length} words; this model writes at "
                                       "most {limit}"),
    "target_unknown_characters": QT_TRANSLATE_NOOP("EngineMessage", "the target has characters this model never "
                                       "writes: {characters}"),
    "target_unknown_words": QT_TRANSLATE_NOOP("EngineMessage", "the target has words this model never writes: "
                                       "{words}"),
    "expected_too_long": QT_TRANSLATE_NOOP("EngineMessage", "the expected output has {length} tokens; this model "
                                           "writes at most {limit} before </s>"),
    "hf_no_error_analysis": QT_TRANSLATE_NOOP("EngineMessage", "the error analysis compares with the shipped "
                                              "models' own scoring; it is not available for Hugging Face models"),
    "never_generated": QT_TRANSLATE_NOOP("EngineMessage", "{token} is never generated: a what-if cannot force it"),
    "encoder_only": QT_TRANSLATE_NOOP("EngineMessage", "{model} is an encoder-only model: it does not generate text"),
    "target_needs_encoder_decoder": QT_TRANSLATE_NOOP("EngineMessage", "a target is only for encoder-decoder models; "
                                       "type the whole text instead"),
    "no_decoder_start_generate": QT_TRANSLATE_NOOP("EngineMessage", "{model} has no decoder_start_token_id in its "
                                       "config: it cannot generate"),
    "no_decoder_start_decode": QT_TRANSLATE_NOOP("EngineMessage", "{model} has no decoder_start_token_id in its "
                                       "config: it cannot decode"),
    "out_of_memory": QT_TRANSLATE_NOOP("EngineMessage", "Out of memory on the {device} device while running this "
                                       "request. Try a shorter input or a smaller beam width, or start the app with "
                                       "--device cpu."),
    "domain_unknown": QT_TRANSLATE_NOOP("EngineMessage", "the model does not know {tokens}: it reads them as "
                                        "⟨unk⟩"),
    "domain_invalid_date": QT_TRANSLATE_NOOP("EngineMessage", "the output is not a real calendar date"),
    "domain_no_number": QT_TRANSLATE_NOOP("EngineMessage", "the input has no number: every date the model learnt "
                                          "writes its year in digits"),
    "domain_missing_numbers": QT_TRANSLATE_NOOP("EngineMessage", "the output date does not contain {numbers} from "
                                                "the input"),
    "domain_outside_grammar": QT_TRANSLATE_NOOP("EngineMessage", "this sentence is not one the toy grammar makes: "
                                                "the model never saw its like"),
    "domain_rejected_output": QT_TRANSLATE_NOOP("EngineMessage", "the output is none of the sentence's valid "
                                                "translations"),
    "domain_dropped": QT_TRANSLATE_NOOP("EngineMessage", "the output hardly attends to {words}: dropped"),
    "domain_invented": QT_TRANSLATE_NOOP("EngineMessage", "{words} rests on a word the model cannot read: invented"),
    "cannot_load_model": QT_TRANSLATE_NOOP("EngineMessage", "cannot load model from {path}: {reason}"),
    "json_invalid": QT_TRANSLATE_NOOP("EngineMessage", "{file} is not valid JSON ({detail})"),
    "json_not_object": QT_TRANSLATE_NOOP("EngineMessage", "{file} does not hold an object"),
    "config_missing": QT_TRANSLATE_NOOP("EngineMessage", "config.json is missing"),
    "config_entry_missing": QT_TRANSLATE_NOOP("EngineMessage", "config.json has no {key} entry"),
    "no_such_model": QT_TRANSLATE_NOOP("EngineMessage", "no model named {name} (available: {known})"),
    "weights_missing": QT_TRANSLATE_NOOP("EngineMessage", "the weight file is missing"),
    "hyperparameters_invalid": QT_TRANSLATE_NOOP("EngineMessage", "the hyper-parameters do not describe a model "
                                       "({detail})"),
    "weights_unreadable": QT_TRANSLATE_NOOP("EngineMessage", "the weight file is corrupt or not safetensors "
                                       "({detail})"),
    "weights_do_not_fit": QT_TRANSLATE_NOOP("EngineMessage", "the weights do not fit the model in config.json "
                                       "({detail})"),
    "weights_not_finite": QT_TRANSLATE_NOOP("EngineMessage", "tensor {tensor} holds NaN or infinite values"),
    "vocabulary_unreadable": QT_TRANSLATE_NOOP("EngineMessage", "the vocabulary cannot be read ({detail})"),
    "hf_install_hint": QT_TRANSLATE_NOOP("EngineMessage", 'opening Hugging Face model folders needs the optional '
                                       '[hf] extra (transformers and tokenizers): pip install -e ".[hf]"'),
    "kind_encoder": QT_TRANSLATE_NOOP("EngineMessage", "encoder"),
    "kind_decoder": QT_TRANSLATE_NOOP("EngineMessage", "decoder"),
    "kind_encoder_decoder": QT_TRANSLATE_NOOP("EngineMessage", "encoder-decoder"),
    "stage_checking_folder": QT_TRANSLATE_NOOP("EngineMessage", "checking the folder"),
    "stage_reading_tokenizer": QT_TRANSLATE_NOOP("EngineMessage", "reading the tokenizer"),
    "stage_reading_weights": QT_TRANSLATE_NOOP("EngineMessage", "reading the weights ({loader})"),
    "stage_moving": QT_TRANSLATE_NOOP("EngineMessage", "moving to {device}"),
    "stage_checking_attention": QT_TRANSLATE_NOOP("EngineMessage", "checking that attention weights come back"),
    "stage_ready": QT_TRANSLATE_NOOP("EngineMessage", "ready"),
    "folder_missing": QT_TRANSLATE_NOOP("EngineMessage", "the folder does not exist"),
    "folder_is_file": QT_TRANSLATE_NOOP("EngineMessage", "this is a file; choose the folder that holds config.json "
                                       "and model.safetensors"),
    "hf_config_missing": QT_TRANSLATE_NOOP("EngineMessage", "config.json is missing: this is not a Hugging Face "
                                       "model folder"),
    "safetensors_missing": QT_TRANSLATE_NOOP("EngineMessage", "model.safetensors is missing: save the model with "
                                       "save_pretrained(..., safe_serialization=True) or convert it to safetensors"),
    "safetensors_missing_others": QT_TRANSLATE_NOOP("EngineMessage", "model.safetensors is missing: it has only "
                                       "{files}, which Attention Lab does not load (pickled or non-torch weights); "
                                       "save the model with save_pretrained(..., safe_serialization=True) or convert "
                                       "it to safetensors"),
    "no_tokenizer_files": QT_TRANSLATE_NOOP("EngineMessage", "no tokenizer files (one of {files})"),
    "no_model_type": QT_TRANSLATE_NOOP("EngineMessage", "config.json has no model_type entry"),
    "shard_index_unreadable": QT_TRANSLATE_NOOP("EngineMessage", "the shard index is unreadable ({detail})"),
    "shards_missing": QT_TRANSLATE_NOOP("EngineMessage", "weight shards missing: {files}"),
    "safetensors_unreadable": QT_TRANSLATE_NOOP("EngineMessage", "not a readable safetensors file ({detail})"),
    "safetensors_too_short": QT_TRANSLATE_NOOP("EngineMessage", "shorter than a safetensors header"),
    "safetensors_bad_header": QT_TRANSLATE_NOOP("EngineMessage", "the header length is impossible"),
    "safetensors_truncated": QT_TRANSLATE_NOOP("EngineMessage", "the file is truncated ({size} bytes, the header "
                                       "describes {expected})"),
    "unsupported_architecture": QT_TRANSLATE_NOOP("EngineMessage", "unsupported architecture {architecture}: "
                                       "Attention Lab opens text models that are encoder-only (BERT-like), "
                                       "decoder-only (GPT-2-like) or encoder-decoder (T5/Marian-like)"),
    "transformers_failed": QT_TRANSLATE_NOOP("EngineMessage", "transformers could not load it: {detail}"),
    "no_attention_weights": QT_TRANSLATE_NOOP("EngineMessage", "{architecture} returns no attention weights"),
    "device_unknown": QT_TRANSLATE_NOOP("EngineMessage", "unknown device {device}; choose one of {choices}"),
    "device_no_cuda": QT_TRANSLATE_NOOP("EngineMessage", "CUDA was requested but torch sees no CUDA device here"),
    "device_no_mps": QT_TRANSLATE_NOOP("EngineMessage", "MPS was requested but this machine has no Apple GPU "
                                       "available to torch"),
    "device_cpu_one_thread": QT_TRANSLATE_NOOP("EngineMessage", "CPU · {threads} thread"),
    "device_cpu_threads": QT_TRANSLATE_NOOP("EngineMessage", "CPU · {threads} threads"),
    "device_cuda": QT_TRANSLATE_NOOP("EngineMessage", "CUDA · {name}"),
    "device_mps": QT_TRANSLATE_NOOP("EngineMessage", "Apple MPS"),
    "variant_paper": QT_TRANSLATE_NOOP("EngineMessage", "interleaved sin/cos — Vaswani et al. 2017, The Annotated "
                                       "Transformer, PyTorch tutorial"),
    "variant_tensor2tensor": QT_TRANSLATE_NOOP("EngineMessage", "sines then cosines, log-spaced — tensor2tensor, "
                                       "fairseq, Whisper"),
    "variant_concatenated": QT_TRANSLATE_NOOP("EngineMessage", "sines then cosines, paper frequencies — Marian, "
                                       "TensorFlow tutorial"),
    "cell_empty": QT_TRANSLATE_NOOP("EngineMessage", "row {row}, column {column} is empty"),
    "cell_not_number": QT_TRANSLATE_NOOP("EngineMessage", "row {row}, column {column}: {text} is not a number"),
    "cell_not_finite": QT_TRANSLATE_NOOP("EngineMessage", "row {row}, column {column}: {text} is not a finite number"),
    "cell_wrong_type": QT_TRANSLATE_NOOP("EngineMessage", "row {row}, column {column}: expected a number, got {type}"),
    "matrix_empty": QT_TRANSLATE_NOOP("EngineMessage", "{name} is empty"),
    "matrix_too_big": QT_TRANSLATE_NOOP("EngineMessage", "{name} is {rows}x{columns}; at most {limit}x{limit} fits "
                                       "the playground"),
    "matrix_ragged": QT_TRANSLATE_NOOP("EngineMessage", "{name}: row {row} has {length} numbers but row 1 has "
                                       "{width}"),
    "matrix_not_rectangular": QT_TRANSLATE_NOOP("EngineMessage", "{name} is not a rectangular array of numbers "
                                       "({detail})"),
    "matrix_dimensions": QT_TRANSLATE_NOOP("EngineMessage", "{name} must have {dimensions} dimension(s), got shape "
                                       "{shape}"),
    "matrix_shape_too_big": QT_TRANSLATE_NOOP("EngineMessage", "{name} has shape {shape}; at most {limit} per side"),
    "matrix_not_finite": QT_TRANSLATE_NOOP("EngineMessage", "{name}: a value is not finite"),
    "matrix_name_matrix": QT_TRANSLATE_NOOP("EngineMessage", "matrix"),
    "matrix_name_keys": QT_TRANSLATE_NOOP("EngineMessage", "keys"),
    "matrix_name_values": QT_TRANSLATE_NOOP("EngineMessage", "values"),
    "matrix_name_query": QT_TRANSLATE_NOOP("EngineMessage", "query"),
    "scale_out_of_range": QT_TRANSLATE_NOOP("EngineMessage", "the scale t must be between 0 and 1, got {t}"),
    "query_key_mismatch": QT_TRANSLATE_NOOP("EngineMessage", "the query has {query} numbers but each key has {key}"),
    "keys_values_mismatch": QT_TRANSLATE_NOOP("EngineMessage", "{keys} keys but {values} values"),
    "q_k_mismatch": QT_TRANSLATE_NOOP("EngineMessage", "Q has {q} columns but K has {k}: queries and keys need the "
                                       "same d_k"),
    "k_v_mismatch": QT_TRANSLATE_NOOP("EngineMessage", "K has {k} rows but V has {v}: one value per key"),
    "size_out_of_range": QT_TRANSLATE_NOOP("EngineMessage", "{name} must be between 1 and {limit}, got {size}"),
    "d_k_values_invalid": QT_TRANSLATE_NOOP("EngineMessage", "d_k values must be a non-empty list of integers in "
                                       "1..1024"),
    "why_scale_too_small": QT_TRANSLATE_NOOP("EngineMessage", "why_scale needs at least 2 keys and 2 samples"),
    "about_side": QT_TRANSLATE_NOOP("EngineMessage", "{side}: {detail}"),
    "quote_not_closed": QT_TRANSLATE_NOOP("EngineMessage", "The quote {quote} before {text} is never closed: end the "
                                       "label with {close}."),
    "label_without_value": QT_TRANSLATE_NOOP("EngineMessage", "The label {label} has no value: write it as "
                                       "{written}: 0.5."),
    "colon_without_label": QT_TRANSLATE_NOOP("EngineMessage", "A colon has no label before it: write the outcome's "
                                       "name first, as in rain: 0.25."),
    "mixed_quoted_label": QT_TRANSLATE_NOOP("EngineMessage", "{label} mixes a quoted label with other words: put the "
                                       "whole label inside the quotes."),
    "no_value_after_colon": QT_TRANSLATE_NOOP("EngineMessage", "{label} has no value after the colon: write a "
                                       "number, as in {name}: 0.25."),
    "unlabelled_among_labelled": QT_TRANSLATE_NOOP("EngineMessage", "{value} has no label, but other outcomes do: "
                                       "label every outcome or none."),
    "words_without_value": QT_TRANSLATE_NOOP("EngineMessage", "{words} has no value: write it as {name}: 0.25, or "
                                       "remove it."),
    "not_finite_number": QT_TRANSLATE_NOOP("EngineMessage", "{value} is not a finite number: every probability must "
                                       "be a real number between 0 and 1 (and every count a real number of at least "
                                       "0)."),
    "not_a_number": QT_TRANSLATE_NOOP("EngineMessage", "{value} is not a number. Write decimals (0.25), percentages "
                                       "(25%), fractions (1/4) or counts (3); name an outcome with a colon (rain: "
                                       "0.25)."),
    "number_too_large": QT_TRANSLATE_NOOP("EngineMessage", "{value} is too large to be a number this calculator can "
                                       "use."),
    "negative_value": QT_TRANSLATE_NOOP("EngineMessage", "{value} is negative: probabilities and counts cannot be "
                                       "below 0."),
    "over_100_percent": QT_TRANSLATE_NOOP("EngineMessage", "{value} is more than 100%: a probability is at most "
                                       "100%. For counts, leave out the % sign."),
    "divides_by_zero": QT_TRANSLATE_NOOP("EngineMessage", "{value} divides by zero: a fraction needs a denominator "
                                       "above 0."),
    "fraction_over_1": QT_TRANSLATE_NOOP("EngineMessage", "{value} is more than 1: a probability is at most 1. For "
                                       "counts, write whole numbers."),
    "too_many_outcomes": QT_TRANSLATE_NOOP("EngineMessage", "That is {count} {what}; the calculator handles at most "
                                       "{limit} outcomes."),
    "more_than_limit_outcomes": QT_TRANSLATE_NOOP("EngineMessage", "That is more than {limit} outcomes; the "
                                       "calculator handles at most {limit} outcomes."),
    "what_outcomes": QT_TRANSLATE_NOOP("EngineMessage", "outcomes"),
    "what_characters": QT_TRANSLATE_NOOP("EngineMessage", "different characters"),
    "what_words": QT_TRANSLATE_NOOP("EngineMessage", "different words"),
    "distribution_not_text": QT_TRANSLATE_NOOP("EngineMessage", "Type the distribution as text, for example 0.5 0.5."),
    "nothing_to_read": QT_TRANSLATE_NOOP("EngineMessage", "Nothing to read yet: type some probabilities, for example "
                                       "0.5 0.5, or counts, for example 3 1."),
    "outcome_twice": QT_TRANSLATE_NOOP("EngineMessage", "The outcome {label} appears twice: each outcome needs its "
                                       "own name."),
    "all_zero": QT_TRANSLATE_NOOP("EngineMessage", "All values are 0: at least one outcome must have a probability "
                                       "(or count) above 0."),
    "count_among_fractions": QT_TRANSLATE_NOOP("EngineMessage", "{value} looks like a count, but other values are "
                                       "percentages or fractions: use one kind of number for the whole distribution."),
    "sum_not_one": QT_TRANSLATE_NOOP("EngineMessage", "These probabilities add up to {total}, not 1. Correct them, "
                                       "or normalise them (divide each by {total})."),
    "percentages_not_100": QT_TRANSLATE_NOOP("EngineMessage", "These percentages add up to {total}, not 100%. "
                                       "Correct them, or normalise them (divide each by {total})."),
    "text_not_text": QT_TRANSLATE_NOOP("EngineMessage", "Type some text to count."),
    "unknown_text_unit": QT_TRANSLATE_NOOP("EngineMessage", "Unknown text unit {unit}: choose 'char' or 'word'."),
    "nothing_to_count": QT_TRANSLATE_NOOP("EngineMessage", "Nothing to count yet: type some text."),
    "no_words": QT_TRANSLATE_NOOP("EngineMessage", "No words found: a word is a run of letters or digits."),
    "labels_probabilities_mismatch": QT_TRANSLATE_NOOP("EngineMessage", "There are {labels} but {probabilities}."),
    "one_label": QT_TRANSLATE_NOOP("EngineMessage", "{n} label"),
    "n_labels": QT_TRANSLATE_NOOP("EngineMessage", "{n} labels"),
    "one_probability": QT_TRANSLATE_NOOP("EngineMessage", "{n} probability"),
    "n_probabilities": QT_TRANSLATE_NOOP("EngineMessage", "{n} probabilities"),
    "one_outcome": QT_TRANSLATE_NOOP("EngineMessage", "{n} outcome"),
    "n_outcomes": QT_TRANSLATE_NOOP("EngineMessage", "{n} outcomes"),
    "log_base_not_number": QT_TRANSLATE_NOOP("EngineMessage", "The logarithm base must be a number, not {base}."),
    "log_base_invalid": QT_TRANSLATE_NOOP("EngineMessage", "The logarithm base must be a positive number other than "
                                       "1 (2: bits, e: nats, 10: hartleys), not {base}."),
    "distribution_is_text": QT_TRANSLATE_NOOP("EngineMessage", "{name} is text: read it with parse_distribution "
                                       "first."),
    "distribution_not_numbers": QT_TRANSLATE_NOOP("EngineMessage", "{name} must be a list of numbers."),
    "distribution_not_flat": QT_TRANSLATE_NOOP("EngineMessage", "{name} must be a flat list of probabilities (got "
                                       "shape {shape})."),
    "distribution_empty": QT_TRANSLATE_NOOP("EngineMessage", "{name} is empty: it needs at least one outcome."),
    "distribution_not_finite": QT_TRANSLATE_NOOP("EngineMessage", "{name} contains NaN or infinity: every "
                                       "probability must be a real number."),
    "negative_probability": QT_TRANSLATE_NOOP("EngineMessage", "{name} has a negative probability ({value})."),
    "named_sum_not_one": QT_TRANSLATE_NOOP("EngineMessage", "{name}'s probabilities add up to {total}, not 1."),
    "sizes_differ_outcomes": QT_TRANSLATE_NOOP("EngineMessage", "P has {p} but Q has {q}: they must be over the same "
                                       "outcomes."),
    "sizes_differ": QT_TRANSLATE_NOOP("EngineMessage", "P has {p} but Q has {q}: they must have the same number of "
                                       "outcomes."),
    "q_lacks_outcomes": QT_TRANSLATE_NOOP("EngineMessage", "P and Q must name the same outcomes: Q has no {only_p}."),
    "p_lacks_outcomes": QT_TRANSLATE_NOOP("EngineMessage", "P and Q must name the same outcomes: P has no {only_q}."),
    "both_lack_outcomes": QT_TRANSLATE_NOOP("EngineMessage", "P and Q must name the same outcomes: Q has no "
                                       "{only_p}; P has no {only_q}."),
    "names_and_more": QT_TRANSLATE_NOOP("EngineMessage", "{names} and {more} more"),
    "matrix_not_numbers": QT_TRANSLATE_NOOP("EngineMessage", "The matrix must hold numbers."),
    "matrix_is_scalar": QT_TRANSLATE_NOOP("EngineMessage", "row_entropies needs at least one row of probabilities, "
                                       "not a single number."),
    "matrix_probabilities_not_finite": QT_TRANSLATE_NOOP("EngineMessage", "The matrix contains NaN or infinity: "
                                       "every probability must be a real number."),
    "matrix_negative": QT_TRANSLATE_NOOP("EngineMessage", "The matrix has a negative probability ({value})."),
    "parameter_not_number": QT_TRANSLATE_NOOP("EngineMessage", "{name} must be a number, not {value}."),
    "parameter_not_finite": QT_TRANSLATE_NOOP("EngineMessage", "{name} must be a finite number, not {value}."),
    "sigma_not_positive": QT_TRANSLATE_NOOP("EngineMessage", "{name} is a standard deviation: it must be above 0, "
                                       "not {value}."),
    "unknown_unit": QT_TRANSLATE_NOOP("EngineMessage", "Unknown unit {unit}: choose bits, nats or hartleys."),
    "unknown_mode": QT_TRANSLATE_NOOP("EngineMessage", "Unknown input mode {mode}: choose numbers, char or word."),
    "text_file_nul_bytes": QT_TRANSLATE_NOOP("EngineMessage", "the file is not UTF-8 text (it holds NUL bytes: "
                                             "UTF-16 or a binary file); save it as UTF-8"),
    "text_file_not_text": QT_TRANSLATE_NOOP("EngineMessage", "the file is neither UTF-8 nor GB18030 text (byte "
                                            "{byte} is not UTF-8); save it as UTF-8"),
    "text_file_stops_being_text": QT_TRANSLATE_NOOP("EngineMessage", "the file stops being {encoding} text near "
                                                    "byte {byte}"),
    "text_file_too_big": QT_TRANSLATE_NOOP("EngineMessage", "the file has {megabytes} MB; the app reads text files "
                                           "of at most {limit} MB"),
    "text_file_no_words": QT_TRANSLATE_NOOP("EngineMessage", "the file has no words: every line is blank"),
    "text_file_unreadable": QT_TRANSLATE_NOOP("EngineMessage", "the file cannot be read ({detail})"),
    "bleu_sentence_not_text": QT_TRANSLATE_NOOP("EngineMessage", "a sentence must be a string, not {type}"),
    "bleu_no_reference": QT_TRANSLATE_NOOP("EngineMessage", "at least one reference is needed"),
    "bleu_no_candidates": QT_TRANSLATE_NOOP("EngineMessage", "candidates must be a non-empty list of strings"),
    "bleu_no_reference_stream": QT_TRANSLATE_NOOP("EngineMessage", "at least one reference stream is needed"),
    "bleu_stream_length": QT_TRANSLATE_NOOP("EngineMessage", "reference stream {stream} must be a list of {count} "
                                       "strings (one per candidate), got {given}"),
    "bleu_a_string": QT_TRANSLATE_NOOP("EngineMessage", "a string"),
    "bleu_unknown_tokenize": QT_TRANSLATE_NOOP("EngineMessage", "unknown tokenize {tokenize}; choose one of "
                                       "{choices}"),
    "bleu_unknown_smoothing": QT_TRANSLATE_NOOP("EngineMessage", "unknown smoothing {smoothing}; choose one of "
                                       "{choices}"),
    "bleu_not_positive": QT_TRANSLATE_NOOP("EngineMessage", "{name} must be a positive integer, got {value}"),
    "bleu_no_smooth_value": QT_TRANSLATE_NOOP("EngineMessage", "smoothing {smoothing} takes no smooth_value"),
    "bleu_smooth_value_invalid": QT_TRANSLATE_NOOP("EngineMessage", "smooth_value must be a finite number >= 0, got "
                                       "{value}"),
    "bleu_references_single_string": QT_TRANSLATE_NOOP("EngineMessage", "references must be a list of strings, not a "
                                       "single string"),
    "bleu_no_reference_any": QT_TRANSLATE_NOOP("EngineMessage", "no reference: BLEU needs at least one"),
    "bleu_no_reference_sentence": QT_TRANSLATE_NOOP("EngineMessage", "no reference for sentence {sentence}: BLEU "
                                       "needs at least one"),
    # word embeddings (engine/embeddings/errors.py)
    "embedding_not_text": QT_TRANSLATE_NOOP("EngineMessage", "{path}: this is not a text file (it holds NUL bytes); "
                                     "use --format word2vec-binary for a binary word2vec file"),
    "embedding_bad_encoding": QT_TRANSLATE_NOOP("EngineMessage", "{path}, line {line}: the word is not UTF-8 text"),
    "embedding_malformed_line": QT_TRANSLATE_NOOP("EngineMessage", "{path}, line {line}: {reason}"),
    "embedding_mixed_dimensions": QT_TRANSLATE_NOOP("EngineMessage", "{path}, line {line}: {found} numbers after the "
                                     "word, but the file's vectors have {expected}"),
    "embedding_duplicate_word": QT_TRANSLATE_NOOP("EngineMessage", "{path}, line {line}: the word {word!r} was already "
                                     "given on line {first_line}"),
    "embedding_not_finite": QT_TRANSLATE_NOOP("EngineMessage", "{path}, line {line}: the vector holds a value that is "
                                     "not a finite number"),
    "embedding_bad_header": QT_TRANSLATE_NOOP("EngineMessage", "{path}, line 1: the header should be two whole numbers "
                                     "(words and dimensions), found {found!r}"),
    "embedding_header_in_glove": QT_TRANSLATE_NOOP("EngineMessage", "{path}, line 1: {found!r} looks like a word2vec "
                                     "header (words, dimensions); open the file as word2vec, or remove the line for "
                                     "GloVe"),
    "embedding_header_count": QT_TRANSLATE_NOOP("EngineMessage", "{path}: the header announces {expected} words, the "
                                     "file holds {found}"),
    "embedding_truncated": QT_TRANSLATE_NOOP("EngineMessage", "{path}: the file ends in the middle of word "
                                     "{word_number} of {expected}"),
    "embedding_empty": QT_TRANSLATE_NOOP("EngineMessage", "{path}: the file holds no vectors"),
    "embedding_unknown_format": QT_TRANSLATE_NOOP("EngineMessage", "unknown embedding file format {fmt!r} (known: "
                                     "{known})"),
    "embedding_unreadable": QT_TRANSLATE_NOOP("EngineMessage", "{path}: cannot be read ({reason})"),
    "embedding_load_cancelled": QT_TRANSLATE_NOOP("EngineMessage", "{path}: loading was cancelled"),
    "embedding_map_cancelled": QT_TRANSLATE_NOOP("EngineMessage", "the t-SNE map was cancelled"),
    "embedding_analogy_test_cancelled": QT_TRANSLATE_NOOP("EngineMessage", "scoring the analogy test set was "
                                     "cancelled"),
    "embedding_reason_empty_line": QT_TRANSLATE_NOOP("EngineMessage", "the line is empty"),
    "embedding_reason_leading_space": QT_TRANSLATE_NOOP("EngineMessage", "the line starts with a space instead of a "
                                     "word"),
    "embedding_reason_no_numbers": QT_TRANSLATE_NOOP("EngineMessage", "a word without numbers"),
    "embedding_reason_not_a_number": QT_TRANSLATE_NOOP("EngineMessage", "{token!r} is not a number"),
    "embedding_reason_bad_binary_word": QT_TRANSLATE_NOOP("EngineMessage", "word {number} is empty or holds a line "
                                     "break"),
    "embedding_unknown_word": QT_TRANSLATE_NOOP("EngineMessage", "{word!r} is not in the vocabulary of {source}"),
    "embedding_zero_vector": QT_TRANSLATE_NOOP("EngineMessage", "{word!r} has a zero vector in {source}: its cosine "
                                     "with any word is undefined"),
    "embedding_too_few_words": QT_TRANSLATE_NOOP("EngineMessage", "{what} needs at least {needed} words, got {got}"),
    "embedding_what_similarity_matrix": QT_TRANSLATE_NOOP("EngineMessage", "a similarity matrix"),
    "embedding_bad_k": QT_TRANSLATE_NOOP("EngineMessage", "k must be at least 1, got {k}"),
    "embedding_bad_restrict_vocab": QT_TRANSLATE_NOOP("EngineMessage", "restrict_vocab must be at least 1, got {value}"),
    "embedding_unknown_method": QT_TRANSLATE_NOOP("EngineMessage", "unknown analogy method {method!r} (add or mul)"),
    "embedding_analogy_no_section": QT_TRANSLATE_NOOP("EngineMessage", "{path}, line {line}: an analogy line before "
                                     "the first ': section' line"),
    "embedding_no_model_embedding": QT_TRANSLATE_NOOP("EngineMessage", "the model {model!r} has no {side} embedding"),
    "embedding_no_trained_embedding": QT_TRANSLATE_NOOP("EngineMessage", "no trained embedding named {name!r} "
                                     "(shipped: {known})"),
    "embedding_unknown_source": QT_TRANSLATE_NOOP("EngineMessage", "no embeddings named {source!r}"),
}

# session-file refusals raised with a fixed text (app/session.py apply_view): templates without values
SESSION_TEXTS = (
    QT_TRANSLATE_NOOP("EngineMessage", "a view's state must be an object"),
    QT_TRANSLATE_NOOP("EngineMessage", "a view's widgets must be an object"),
    QT_TRANSLATE_NOOP("EngineMessage", "a view's extra settings must be an object"),
)


class Phrase(str):
    """An app-side word used as a value of an app-side error (e.g. "session"), translated in
    CONTEXT when shown; other values (file names, numbers) are shown as they are."""


def translate_message(message: Message) -> str:
    """One engine Message in the interface language (its English when the app has no template for
    its code: a code added to the engine alone, which tests/app/test_engine_messages.py fails on)."""
    if message.code not in TEMPLATES:
        return str.__str__(message)
    return _fill(TEMPLATES[message.code], message.arguments)


def _fill(template: str, arguments: dict) -> str:
    values = {name: _shown(value) for name, value in arguments.items()}
    return QCoreApplication.translate(CONTEXT, template).format(**values)


def _shown(value):
    if isinstance(value, Message):
        return translate_message(value)
    if isinstance(value, Phrase):
        return QCoreApplication.translate(CONTEXT, value)
    return value


def engine_message(source) -> str:
    """What `source` says, in the interface language.  `source`: an engine Result (its error),
    an exception, an engine Message, or text already in the interface language (returned as it
    is: the app's own strings, and errors of the engine that carry no code, i.e. bugs)."""
    if source is None:
        return ""
    error_code = getattr(source, "error_code", None)
    if error_code is not None:  # a Result
        if error_code not in TEMPLATES:  # see translate_message
            return source.error
        return _fill(TEMPLATES[error_code], source.error_args or {})
    if hasattr(source, "ok") and hasattr(source, "error"):  # a Result without a code
        return source.error or ""
    message = getattr(source, "message", source)  # an EngineError carries its Message
    if isinstance(message, Message):
        return translate_message(message)
    template = getattr(source, "template", None)  # an app-side error (SessionError)
    if isinstance(template, str):
        return QCoreApplication.translate(CONTEXT, template).format(*map(_shown, source.values))
    return str(source)
