"""Killed/total per mutated module, read from mutmut's result files (mutants/**/*.py.meta).

    python tests/mutation/summary.py            # after `mutmut run` (make mutation)

A mutant counts as killed when a test failed, timed out or crashed on it (mutmut's exit codes
1, 3, 36, 24/-24/152/255, -9/-11).  "no tests" are mutants that no selected test even reaches;
they count as not killed.  The table is what docs/testing.md records.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

KILLED = {1, 3, 36, 24, -24, 152, 255, -9, -11}
SURVIVED = {0}
NO_TESTS = {5, 33}


def summarise(root: Path = Path("mutants")) -> list[tuple[str, Counter]]:
    rows = []
    for meta in sorted(root.rglob("*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        counts = Counter()
        for name, code in codes.items():
            if code is None:
                counts["not checked"] += 1
            elif code in KILLED:
                counts["killed"] += 1
            elif code in SURVIVED:
                counts["survived"] += 1
            elif code in NO_TESTS:
                counts["no tests"] += 1
            else:
                counts["other"] += 1
        counts["total"] = len(codes)
        rows.append((str(meta.relative_to(root)).removesuffix(".meta"), counts))
    return rows


def main() -> int:
    rows = summarise()
    if not rows:
        print("no mutmut results under mutants/: run `make mutation` first", file=sys.stderr)
        return 1
    print("| module | killed / checked | killed % | survived | no tests | not yet checked |")
    print("|---|---|---|---|---|---|")
    for module, c in rows:
        checked = c["total"] - c["not checked"]
        share = f"{100 * c['killed'] / checked:.1f}" if checked else "-"
        print(f"| {module} | {c['killed']} / {checked} | {share} | {c['survived']} | {c['no tests']} | "
              f"{c['not checked']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
