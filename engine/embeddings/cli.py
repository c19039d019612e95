"""``python -m engine embeddings …``: neighbours, analogies, the odd one out and analogy
test sets, on a file (--file, --format) or a shipped model's embedding (--model, --side).

    python -m engine embeddings neighbours --file FILE --format glove --k 10 --json king queen
    python -m engine embeddings analogy --file FILE --format word2vec --k 5 --method add --json man woman king

With --json each query prints one line: a JSON list of [word, score] pairs, best first (the
words, order and scores of gensim's most_similar / most_similar_cosmul).  Without it, one
"word<TAB>score" line per answer.  Refusals are one "error:" line on stderr, exit status 2.
"""
from __future__ import annotations

import json

FORMAT_CHOICES = ("glove", "word2vec", "word2vec-binary", "fasttext")


def _add_source(p):
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--file", help="an embedding file (GloVe, word2vec text or binary, fastText .vec)")
    which.add_argument("--model", help="a shipped model whose embedding matrix to use, or vectors trained by "
                                       "'python -m engine train word2vec|glove' (word2vec-en, glove-zh, …)")
    p.add_argument("--format", choices=FORMAT_CHOICES, default=None,
                   help="the file's format (glove: no header; word2vec / fasttext: 'N d' header)")
    p.add_argument("--side", choices=("source", "target"), default="source",
                   help="with --model: the source (input) or target (output) embedding")
    p.add_argument("--restrict-vocab", type=int, default=None, metavar="N",
                   help="compare with the first N words only (the most frequent, in most files)")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")


def add_parser(sub) -> None:
    """The ``embeddings`` command and its sub-commands, on ``python -m engine``'s parser."""
    p = sub.add_parser("embeddings", help="word embeddings: neighbours, analogies, odd one out, analogy tests")
    queries = p.add_subparsers(dest="query", required=True)

    q = queries.add_parser("neighbours", help="the k nearest words by cosine similarity")
    _add_source(q)
    q.add_argument("--k", type=int, default=10)
    q.add_argument("--json", action="store_true", help="one JSON list of [word, score] per word")
    q.add_argument("words", nargs="+", metavar="WORD")

    q = queries.add_parser("analogy", help="A : B :: C : ? (near B - A + C)")
    _add_source(q)
    q.add_argument("--k", type=int, default=10)
    q.add_argument("--method", choices=("add", "mul"), default="add", help="3CosAdd (default) or 3CosMul")
    q.add_argument("--json", action="store_true", help="one JSON list of [word, score]")
    q.add_argument("a", metavar="A")
    q.add_argument("b", metavar="B")
    q.add_argument("c", metavar="C")

    q = queries.add_parser("doesnt-match", help="which word does not belong")
    _add_source(q)
    q.add_argument("--json", action="store_true", help="a JSON list of [word, cosine with the mean], odd one last")
    q.add_argument("words", nargs="+", metavar="WORD")

    q = queries.add_parser("evaluate", help="accuracy on an analogy test set (Google format) per section")
    _add_source(q)
    q.add_argument("--analogies", required=True, help="the test set (': section' lines, then 'a b c d' lines)")
    q.add_argument("--method", choices=("add", "mul"), default="add")
    q.add_argument("--case-sensitive", action="store_true")
    q.add_argument("--json", action="store_true")


def _source(args):
    if args.model:
        from engine.embeddings.shipped import model_embeddings, trained_embeddings, trained_names

        if args.model in trained_names():
            return trained_embeddings(args.model)
        return model_embeddings(args.model, args.side)
    if args.format is None:
        raise ValueError("--file needs --format (" + "|".join(FORMAT_CHOICES) + ")")
    from engine.embeddings.loader import load_embeddings

    return load_embeddings(args.file, args.format, cache=not args.no_cache)


def _print_pairs(pairs, as_json: bool) -> None:
    if as_json:
        print(json.dumps(pairs, ensure_ascii=False))
    else:
        for word, score in pairs:
            print(f"{word}\t{score:.6f}")


def run(args) -> None:
    from engine.embeddings import analogy_test, queries

    emb = _source(args)
    if args.query == "neighbours":
        for word in args.words:
            if not args.json and len(args.words) > 1:
                print(f"# {word}")
            _print_pairs(queries.neighbours(emb, word, args.k, args.restrict_vocab).pairs(), args.json)
    elif args.query == "analogy":
        result = queries.analogy(emb, args.a, args.b, args.c, args.k, args.method, args.restrict_vocab)
        _print_pairs(result.pairs(), args.json)
    elif args.query == "doesnt-match":
        ranking = [list(pair) for pair in queries.doesnt_match(emb, args.words).ranking]
        _print_pairs(ranking, args.json)
    else:
        score = analogy_test.evaluate_analogies(emb, args.analogies, restrict_vocab=args.restrict_vocab or 300000,
                                                case_insensitive=not args.case_sensitive, method=args.method)
        rows = [[s.name, len(s.correct), len(s.correct) + len(s.incorrect), s.accuracy] for s in score.sections]
        if args.json:
            print(json.dumps({"sections": rows, "questions": score.questions, "unknown": score.unknown},
                             ensure_ascii=False))
        else:
            for name, correct, asked, accuracy in rows:
                print(f"{name}\t{correct}/{asked}\t{accuracy:.4f}")
