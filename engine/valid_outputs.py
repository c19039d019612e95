"""Which outputs a task accepts for an input, where the task can say.

The zh-en grammar (engine/data/zh_en.py) knows every valid English rendering of each Chinese
sentence it generates: "简九月要访问非洲" may be "Jane will visit Africa in September" as well as
"Jane is visiting Africa in September".  A date has one right output, its ISO form, and only the
expected output the user types says which it is, so for dates (and any other task) the answer is
None: "the task does not know more than the expected output".

"Search or model?" (engine.beam_analysis) asks this first: a beam output that is one of the valid
renderings is a correct translation, whatever the expected output was, and blaming the model or
the search for it would be false.
"""
from __future__ import annotations


def valid_outputs(task: str | None, source: str) -> tuple[str, ...] | None:
    """Every valid output for `source` (most probable first), or None when the task does not
    know them (dates, an unknown task, a sentence the grammar cannot make)."""
    if task == "zh-en":
        from engine.data.zh_en import find_example

        example = find_example(source)
        return None if example is None else example.renderings
    return None


def is_valid_output(task: str | None, source: str, output: str) -> bool:
    """True when the task knows `output` is a correct rendering of `source` (False: wrong, or the
    task cannot tell)."""
    valid = valid_outputs(task, source)
    return valid is not None and output in valid
