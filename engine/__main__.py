"""Command line: python -m engine {train,evaluate,translate,attention,models,lm,sample,embeddings} ...

Every command takes --device auto|cpu|cuda|mps.  Errors are printed as one line on stderr
with a non-zero exit status.  `translate` and `attention` take either --model (a shipped
model) or --model-path DIR (a Hugging Face model folder, with the optional [hf] extra).
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys

from engine.device import DEVICE_CHOICES
from engine.sampling_cli import add_sample_parser, cmd_sample
from engine.live_training import cli as live_cli
from engine.domain import is_calendar_date


def _add_device(p):
    p.add_argument("--device", default="auto", choices=DEVICE_CHOICES,
                   help="where the model runs (auto: CUDA, then MPS, else CPU)")


def _add_model(p):
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--model", help="a shipped model's name, or its folder")
    which.add_argument("--model-path", metavar="DIR",
                       help="a Hugging Face model folder (safetensors; needs the [hf] extra)")


def build_parser() -> argparse.ArgumentParser:
    from engine.version import version

    parser = argparse.ArgumentParser(prog="python -m engine", description="Attention Lab engine")
    parser.add_argument("--version", action="version", version=f"attention-lab {version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("train", help="train a model from scratch")
    p.add_argument("model", help="date-transformer, date-rnn-attention or zh-en-toy; word2vec or glove "
                                 "(embeddings of the zh-en grammar's English and Chinese); mlp-lm or lstm-lm "
                                 "(neural language models of its English)")
    _add_device(p)
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--samples", type=int, default=20000, help="training examples per epoch (fresh each epoch)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-minutes", type=float, default=None, help="stop (annealed) after this wall time")
    p.add_argument("--out", default=None, help="output folder (default runs/MODEL)")
    p.add_argument("--batch-size", type=int, default=None)
    p.add_argument("--lr", type=float, default=None, help="peak learning rate of the one-cycle schedule")
    p.add_argument("--threads", type=int, default=None, help="CPU threads for torch")
    p.add_argument("--no-progress", action="store_true", help="no progress bar (log lines only)")
    live_cli.add_options(p)

    p = sub.add_parser("evaluate", help="exact match on fresh generated examples (zh-en: also BLEU and "
                                        "held-out combinations)")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--model", help="a shipped model's name, or its folder")
    which.add_argument("--model-path", metavar="DIR", help="a model folder written by `train` (--out)")
    _add_device(p)
    p.add_argument("--n", type=int, default=5000)
    p.add_argument("--seed", type=int, default=123)
    p.add_argument("--record", action="store_true",
                   help="write the result into the model's config.json (metrics)")

    p = sub.add_parser("translate", help="translate inputs (greedy, or beam search with --beam); "
                                         "with --model-path, continue or translate with that model")
    _add_model(p)
    _add_device(p)
    p.add_argument("--beam", type=int, default=None, help="beam width B (default: greedy)")
    p.add_argument("--alpha", type=float, default=None,
                   help="length-normalisation exponent (default 0.7; with --model-path the model's "
                        "generation_config.length_penalty, as generate uses)")
    p.add_argument("--length-penalty", default="power", choices=("none", "power", "gnmt"))
    p.add_argument("--n-best", type=int, default=1, help="hypotheses to print per input (with --beam)")
    p.add_argument("--json", action="store_true", help="one JSON object per input")
    p.add_argument("--expected", default=None,
                   help="with --beam and --json: the output expected for every input; adds its error "
                        "analysis (\"search or model?\") to the JSON")
    p.add_argument("--max-new-tokens", type=int, default=40, help="generated tokens at most (--model-path)")
    p.add_argument("text", nargs="+")

    p = sub.add_parser("attention", help="attention weights of one input")
    _add_model(p)
    _add_device(p)
    p.add_argument("--json", action="store_true",
                   help="print one JSON object (the output unless --npz is given without --json)")
    p.add_argument("--npz", metavar="FILE", default=None,
                   help="write every kind/layer/head as float32 arrays with the tokens (numpy .npz; "
                        "names in engine/attention_export.py and docs/attention.md)")
    p.add_argument("--layers", default=None, help="only these layers, e.g. 0,2,5-7 (--json and --npz)")
    p.add_argument("--heads", default=None, help="only these heads, e.g. 0-3 (--json and --npz)")
    p.add_argument("--target", default=None, help="teacher-force this output instead of the model's own")
    p.add_argument("--max-new-tokens", type=int, default=40,
                   help="generated tokens at most (--model-path, encoder-decoder models)")
    p.add_argument("text")

    p = sub.add_parser("models", help="list the available models")
    _add_device(p)

    from engine.ngram.cli import add_lm_parser

    add_lm_parser(sub)
    add_sample_parser(sub)
    from engine.embeddings.cli import add_parser as add_embeddings_parser

    add_embeddings_parser(sub)
    return parser


def _cmd_train(args):
    if args.model in ("word2vec", "glove"):
        return _train_embeddings(args)
    if args.model in ("mlp-lm", "lstm-lm"):
        from engine.neural_lm.cli import train_command

        return train_command(args, args.command_line)
    from engine.training import train

    command = args.command_line
    if args.preset is not None:
        return live_cli.train_live(args, command)
    report = train(args.model, device=args.device, epochs=args.epochs, samples=args.samples, seed=args.seed,
                   max_minutes=live_cli.max_minutes(args), out=args.out, batch_size=args.batch_size, peak_lr=args.lr,
                   threads=args.threads, progress=not args.no_progress, command=command)
    print(f"validation_exact_match={report.validation_exact_match:.4f}")


def _cmd_evaluate(args):
    from engine.models.registry import check_recordable

    if args.record:  # before torch and minutes of evaluation, not after
        check_recordable(args.model or args.model_path)
    from engine import load_model
    from engine.evaluation import evaluate

    model = load_model(args.model or args.model_path, device=args.device)
    report = evaluate(model, n=args.n, seed=args.seed)
    for locale, (correct, total) in report.per_locale.items():
        print(f"{locale}: {correct}/{total} = {correct / total:.4f}")
    for text, expected, got in report.errors[:5]:
        print(f"  wrong: {text!r} -> {got!r} (expected {expected})")
    for text, expected, got in report.heldout_errors[:5]:
        print(f"  wrong (held out): {text!r} -> {got!r} (expected {expected})")
    if args.record:
        from engine.evaluation import record_metrics

        record_metrics(model, report, args.command_line,
                       folder=args.model or args.model_path)
    if report.bleu is not None:
        print(f"bleu={report.bleu:.2f}")
        print(f"heldout_exact={report.heldout_exact:.4f}")
    print(f"exact_match={report.exact_match:.4f}")


def _cmd_translate(args):
    if args.model_path:
        return _hf_translate(args)
    from engine import load_model

    model = load_model(args.model, device=args.device)
    alpha = 0.7 if args.alpha is None else args.alpha
    tgt = model.target_tokenizer

    def hypothesis(tokens, logprob, score):
        text = tgt.decode(tokens)
        row = {"text": text, "tokens": tgt.tokens(tokens), "logprob": logprob, "score": score}
        if model.task == "dates":  # the shape of a date is not a date: say whether the day exists
            row["valid_date"] = is_calendar_date(text)
        return row

    for text in args.text:
        if args.beam is None:
            result = model.greedy(text)
            line = tgt.decode(result.tokens)
            if args.json:
                line = json.dumps({"hypotheses": [hypothesis(result.tokens, result.logprob, result.logprob)],
                                   "domain": _domain_json(model, text)}, ensure_ascii=False)
            print(line)
            continue
        result = model.beam(text, beam_width=args.beam, length_penalty=args.length_penalty, alpha=alpha)
        hyps = result.hypotheses[: max(1, args.n_best)]
        if args.json:
            payload = {"hypotheses": [hypothesis(h.tokens, h.logprob, h.score) for h in hyps],
                       "domain": _domain_json(model, text)}
            if args.expected:
                payload["analysis"] = _analysis_json(model, text, args, alpha)
            print(json.dumps(payload, ensure_ascii=False))
        elif args.n_best <= 1:
            print(tgt.decode(hyps[0].tokens))
        else:
            print("\t".join(f"{tgt.decode(h.tokens)} ({h.score:.4f})" for h in hyps))


def _domain_json(model, text: str) -> dict:
    """engine.domain's report on the greedy output: whether to trust it, and why not (codes and
    English sentences)."""
    from engine.domain import domain_report

    report = domain_report(model, text)
    return {"flagged": report.flagged, "reasons": [{"code": r.code, "text": str(r)} for r in report.reasons]}


def _analysis_json(model, text: str, args, alpha: float) -> dict:
    """"Search or model?" for `text` against args.expected, as the beam view's error panel shows it."""
    from engine.beam_analysis import analyse_beam

    a = analyse_beam(model, text, beam_width=args.beam, length_penalty=args.length_penalty, alpha=alpha,
                     expected=args.expected)
    if a.error is None:
        return {"expected": args.expected, "error": str(a.expected_error)}
    e = a.error
    return {"expected": e.expected.text, "output": e.best.text, "verdict": e.verdict, "raw_verdict": e.raw_verdict,
            "also_correct": e.verdict == "also_correct", "compared": e.compared,
            "expected_score": e.expected.score, "output_score": e.best.score,
            "expected_logprob": e.expected.logprob, "output_logprob": e.best.logprob, "sentence": e.sentence}


def _nested(a):
    return None if a is None else a.round(6).tolist()


def _hf_translate(args):
    """Greedy (beam width 1) or beam search with generate's rules; the texts are what the
    model generates (for a decoder-only model: the continuation of the prompt)."""
    from engine.hf.model import load_hf_model

    model = load_hf_model(args.model_path, device=args.device)
    if args.length_penalty == "gnmt":
        raise ValueError("--length-penalty gnmt is not available with --model-path: generate divides by length^alpha")
    alpha = model.default_alpha if args.alpha is None else args.alpha
    if args.length_penalty == "none":
        alpha = 0.0
    width = args.beam or 1
    for text in args.text:
        beams = model.beam(text, beam_width=width, alpha=alpha, max_new_tokens=args.max_new_tokens)
        hyps = beams.result.hypotheses[: max(1, args.n_best if args.beam else 1)]
        texts = beams.texts[: len(hyps)]
        if args.json:
            print(json.dumps({"hypotheses": [
                {"text": t, "tokens": [beams.token_text[i] for i in h.tokens], "logprob": h.logprob, "score": h.score}
                for t, h in zip(texts, hyps)]}, ensure_ascii=False))
        elif len(hyps) == 1:
            print(texts[0])
        else:
            print("\t".join(f"{t} ({h.score:.4f})" for t, h in zip(texts, hyps)))


def _hf_attention(args):
    """The same keys as for the shipped models, where the architecture has them, plus
    `kind` and the positions of special tokens."""
    from engine.hf.model import ENCODER_DECODER, load_hf_model

    model = load_hf_model(args.model_path, device=args.device)
    result = model.attention(args.text, target=args.target, max_new_tokens=args.max_new_tokens)
    payload = {"model": model.name, "kind": model.kind}
    if result.encoder_self is not None:
        payload["source_tokens"] = list(result.source_tokens)
        payload["source_special"] = [i for i, s in enumerate(result.source_special) if s]
    if result.decoder_self is not None:
        payload["target_tokens"] = list(result.target_tokens)
        payload["output_tokens"] = list(result.output_tokens)
        payload["target_special"] = [i for i, s in enumerate(result.target_special) if s]
    if model.kind == ENCODER_DECODER:
        payload["output"] = result.output_text
    if result.unknown_characters:
        payload["unknown_characters"] = list(result.unknown_characters)
    _write_attention(args, payload, result)


def _cmd_attention(args):
    if args.model_path:
        return _hf_attention(args)
    from engine import load_model

    model = load_model(args.model, device=args.device)
    result = model.attention(args.text, target=args.target)
    payload = {
        "model": model.name,
        "source_tokens": list(result.source_tokens),
        "target_tokens": list(result.target_tokens),
        "output_tokens": list(result.output_tokens),
        "output": result.output_text,
    }
    if result.unknown_characters:
        payload["unknown_characters"] = list(result.unknown_characters)
    _write_attention(args, payload, result)


def _write_attention(args, payload, result):
    """--npz writes the arrays one at a time; the JSON (printed with --json, or when no --npz is
    given) holds the arrays of the same --layers/--heads selection, and their indices if chosen."""
    from engine.attention_export import parse_indices, present_kinds, subset, write_npz

    layers, heads = parse_indices(args.layers), parse_indices(args.heads)
    if args.npz:
        write_npz(args.npz, result, payload["model"], layers, heads)
        if not args.json:
            return
    for kind in present_kinds(result):
        payload[kind] = _nested(subset(result, kind, layers, heads))
    if layers is not None:
        payload["layers"] = list(layers)
    if heads is not None:
        payload["heads"] = list(heads)
    print(json.dumps(payload, ensure_ascii=False))


def _cmd_models(args):
    from engine.models.registry import list_models

    from engine.device import choose_device

    rows = list_models()
    # Comment line: which device `--device` resolves to here (nothing is loaded to list them).
    print(f"# device: {choose_device(args.device)}")
    if not rows:
        print("no models found")
    for m in rows:
        if m.error:
            print(f"{m.name}\tunusable: {m.error}")
            continue
        acc = f"exact_match={m.exact_match:.4f}" if m.exact_match is not None else "exact_match=?"
        params = f"{m.parameters:,} parameters" if m.parameters else "? parameters"
        print(f"{m.name}\ttask={m.task}\t{m.architecture}\t{params}\t{m.size_bytes / 1e6:.2f} MB\t{acc}")


def _cmd_lm(args):
    from engine.ngram.cli import run_lm

    run_lm(args)


def _train_embeddings(args):
    from engine.embeddings.training import train_command

    command = args.command_line
    train_command(args.model, sentences=args.samples, seed=args.seed, epochs=args.epochs if args.epochs != 20 else None,
                  out=args.out or "runs", command=command)


def _cmd_embeddings(args):
    from engine.embeddings.cli import run

    run(args)


COMMANDS = {"train": _cmd_train, "evaluate": _cmd_evaluate, "translate": _cmd_translate,
            "attention": _cmd_attention, "models": _cmd_models, "lm": _cmd_lm, "sample": cmd_sample,
            "embeddings": _cmd_embeddings}


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    # what a trained model's config.json records as the command that made it: the arguments this
    # call was given (sys.argv when run as a program)
    args.command_line = " ".join(shlex.quote(a) for a in ["python", "-m", "engine",
                                                          *(sys.argv[1:] if argv is None else argv)])
    from engine.device import DeviceError
    from engine.models.checkpoint import ModelLoadError
    from engine.tokenizer import InputError

    try:
        COMMANDS[args.command](args)
    except (ModelLoadError, DeviceError, InputError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return 0


if __name__ == "__main__":
    sys.exit(main())
