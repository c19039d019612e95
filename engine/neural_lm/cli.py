"""The neural models on the command line:

* ``python -m engine train mlp-lm|lstm-lm [--max-seconds S] [--seed S] [--epochs E] --out DIR``;
* the neural rows of ``python -m engine lm compare`` (built-in English corpus, textbook
  convention: the tokens every row and the floor count);
* ``python -m engine lm dependency [--json]``: the long-dependency sentences (engine.neural_lm.probe),
  each token's probability under the trigram (Kneser-Ney), the MLP and the LSTM.
"""
from __future__ import annotations

import json

from engine.neural_lm.comparison import NEURAL, kneser_ney


def train_command(args, command: str) -> None:
    from engine.live_training.cli import max_minutes
    from engine.neural_lm.training import train_lm

    minutes = max_minutes(args)  # --max-seconds or --max-minutes
    train_lm(args.model, args.out or f"runs/{args.model}", seed=args.seed,
             max_seconds=None if minutes is None else minutes * 60,
             epochs=args.epochs if args.epochs != 20 else None, threads=args.threads or 1, command=command)


def wants_neural_rows(args) -> bool:
    """The shipped models predict the English corpus's tokens the textbook way."""
    return (args.corpus == "en" and args.tokeniser in (None, "english") and args.conventions == "textbook"
            and args.cutoff == 1 and not getattr(args, "no_neural", False))


def neural_rows(train, heldout) -> list[dict]:
    """One row per shipped neural model, with the fields of the n-gram rows of `lm compare`."""
    from engine.neural_lm.lm import load_lm

    rows = []
    for name in NEURAL:
        lm = load_lm(name)
        e, on_train = lm.evaluate(heldout), lm.evaluate(train)
        # every row keeps the n-gram rows' fields: no smoothing; n = the MLP's window + 1, the LSTM none
        rows.append({"model": name, "smoothing": None, "order": None if lm.context is None else lm.context + 1,
                     "architecture": lm.kind, "parameters": int(lm.config["parameters"]),
                     "trained_on": lm.config["corpus"], "conventions": "textbook", "sums_to_one": True,
                     "tokens": e.tokens, "sentences": e.sentences, "unknown": e.unknown,
                     "cross_entropy": e.cross_entropy, "perplexity": e.perplexity,
                     "zero_probabilities": e.zero_probabilities, "train": on_train.perplexity})
    return rows


def add_dependency_parser(actions, common) -> None:
    p = actions.add_parser("dependency", help="a sentence whose word depends on one beyond the trigram's window: "
                                              "each token's probability under the trigram, the MLP and the LSTM")
    p.add_argument("--words", type=int, default=100_000, help="training words of the trigram's built-in English corpus")
    p.add_argument("--seed", type=int, default=0, help="seed of that corpus")
    p.add_argument("--json", action="store_true", help="print JSON")


def dependency(args) -> None:
    from engine.neural_lm.lm import load_lm
    from engine.neural_lm.probe import score_probes

    models = {"trigram": kneser_ney(args.words, args.seed, 3), **{name: load_lm(name) for name in NEURAL}}
    probes = score_probes(models)
    payload = [{"sentence": p.sentence, "tokens": list(p.tokens), "dependent": p.dependent, "decider": p.decider,
                "distance": p.distance, "grammar": p.grammar,
                "probabilities": {m: [float(x) for x in pr] for m, pr in zip(p.models, p.probabilities)}}
               for p in probes]
    if args.json:
        print(json.dumps(payload, ensure_ascii=False))
        return
    for p in probes:
        print(f"{p.sentence}   ({p.tokens[p.dependent]!r} depends on {p.tokens[p.decider]!r}, "
              f"{p.distance} tokens back; a trigram sees 2)")
        print(f"  {'':<8}" + "".join(f"{t:>9}" for t in p.tokens))
        for model, probabilities in zip(p.models, p.probabilities):
            print(f"  {model:<8}" + "".join(f"{x:>9.4f}" for x in probabilities))
        print(f"  the grammar itself gives {p.tokens[p.dependent]!r} {p.grammar:.4f} after the words before it")
