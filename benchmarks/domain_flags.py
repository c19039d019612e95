"""How often engine.domain flags an input: every input of issue 22's point 1 must be flagged, and
fewer than 1 % of in-domain evaluation inputs (the test split the models are evaluated on).

    python benchmarks/domain_flags.py            # 2,000 in-domain inputs per model
    python benchmarks/domain_flags.py --n 200    # quicker

Prints, per model, the issue's inputs with the model's output and the reasons found, then the
in-domain count flagged out of n.  Exits with status 1 when either acceptance fails.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: issue 22, point 1: confident nonsense, per model
ISSUE_INPUTS = {
    "date-transformer": ("12/25/1999", "hello world", "31/02/2021", "14 juillet 1789", "2000-01-01"),
    "date-rnn-attention": ("12/25/1999", "hello world", "31/02/2021", "14 juillet 1789", "2000-01-01"),
    "zh-en-toy": ("非洲九月访问简", "简九月要访问火星", "简和汤姆九月访问非洲"),
}
BATCH = 250


def measure(name: str, n: int, seed: int = 123) -> tuple[int, int, int, int]:
    """(issue inputs flagged, issue inputs, in-domain flagged, n), printing the details."""
    from engine import load_model
    from engine.domain import domain_reports
    from engine.tasks import TASKS

    model = load_model(name, device="cpu")
    issue = ISSUE_INPUTS[name]
    reports = domain_reports(model, list(issue))
    print(f"{name}")
    for text, report in zip(issue, reports):
        print(f"  {'FLAGGED' if report.flagged else 'missed '}  {text!r}: " + "; ".join(map(str, report.reasons)))
    texts = [e.text for e in TASKS[model.task].stream(seed, "test").take(n)]
    flagged = []
    for start in range(0, n, BATCH):
        chunk = texts[start:start + BATCH]
        flagged += [(t, r) for t, r in zip(chunk, domain_reports(model, chunk)) if r.flagged]
    for text, report in flagged[:5]:
        print(f"  in-domain flagged {text!r}: " + "; ".join(map(str, report.reasons)))
    hits = sum(r.flagged for r in reports)
    print(f"  issue inputs flagged: {hits}/{len(issue)}; in-domain flagged: {len(flagged)}/{n} "
          f"= {100 * len(flagged) / n:.2f} %")
    return hits, len(issue), len(flagged), n


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--models", nargs="*", default=list(ISSUE_INPUTS))
    args = parser.parse_args(argv)
    ok = True
    for name in args.models:
        hits, total, flagged, n = measure(name, args.n)
        ok &= hits == total and flagged < 0.01 * n
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
