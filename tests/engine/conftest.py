"""Engine-test set-up: fewer hypothesis examples while mutmut runs the tests.

mutmut (``make mutation``) runs the selected tests once per mutant, with the name of the
mutant in ``MUTANT_UNDER_TEST`` (and "stats" while it maps tests to functions).  A surviving
mutant runs every test that reaches its function, so a few fuzz tests of hundreds of examples
made a module's run last hours.  Under mutmut each hypothesis test is capped at
``MUTATION_EXAMPLES`` examples, drawn the same way every run (derandomized, so a verdict is
reproducible), and a failure is not shrunk (one failing example kills a mutant; shrinking a
slow test made killed mutants time out).  In a normal run (CI, ``make test``: the variable is
unset; mutmut's clean run: empty) every test keeps its own count and settings.  The
hand-written example tests carry the kills; see docs/testing.md, "Mutation testing".
"""
import os

from hypothesis import Phase, settings

MUTATION_EXAMPLES = 20


def pytest_collection_modifyitems(items):
    if not os.environ.get("MUTANT_UNDER_TEST"):
        return
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is not None:
            # read by hypothesis when the test is called, so replacing it here takes effect
            test._hypothesis_internal_use_settings = settings(
                own, max_examples=min(own.max_examples, MUTATION_EXAMPLES), derandomize=True,
                phases=[Phase.explicit, Phase.generate])
