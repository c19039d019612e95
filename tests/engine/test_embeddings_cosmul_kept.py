"""3CosMul's first pass writes into arrays its thread keeps from one query to the next
(int8_cosmul._kept_arrays): the app fixes glibc's mmap threshold at 128 KiB, so each fresh
array of t̂, P and D was mapped anew and its pages faulted in at every query (at 400,000 words
in the view's process 3,242 minor faults per query; now 98, torch's kernel output kept under
the threshold too).  Queries in turn over two vocabulary sizes still answer as gensim does,
the kept arrays hold what new ones would, and a query faults in fewer pages than when it makes
those arrays anew, by at least half their number."""
from __future__ import annotations

import resource
import threading

import numpy as np
import pytest
from gensim.models import KeyedVectors

from engine.allocator import map_large_allocations
from engine.embeddings import int8_cosines, int8_cosmul, queries
from tests.engine.embeddings_fixtures import random_keyed_vectors
from tests.engine.test_embeddings_queries import as_embeddings

pytestmark = [pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning"),
              pytest.mark.skipif(not int8_cosines.three_rows_are_sound(),
                                 reason="torch's int8 kernel is not used on this CPU (int8_scores' _int_mm is)")]

WORDS = 60_000  # above int8_scores.LEAST_ROWS: the int8 first pass is taken as in the app


@pytest.fixture(scope="module")
def vectors():
    kv = random_keyed_vectors(WORDS, 64, seed=3)
    return kv, as_embeddings(kv)


def test_queries_in_turn_answer_as_gensim_over_all_words_and_fewer(vectors):
    """Each query overwrites the arrays of the one before (or makes new ones for another number
    of words searched): every answer is still gensim's most_similar_cosmul (over the first
    52,000 words: gensim's on those words alone, as its most_similar_cosmul searches them all
    whatever restrict_vocab says)."""
    kv, emb = vectors
    first = KeyedVectors(kv.vector_size)
    first.add_vectors(kv.index_to_key[:52_000], kv.vectors[:52_000])
    rng = np.random.default_rng(0)
    for restrict in (None, 52_000, None, None, 52_000):
        a, b, c = (kv.index_to_key[i] for i in rng.choice(40_000, 3, replace=False))
        got = queries.analogy(emb, a, b, c, 10, "mul", restrict)
        expected = (kv if restrict is None else first).most_similar_cosmul(positive=[b, c], negative=[a], topn=10)
        assert [x.word for x in got.candidates] == [w for w, _ in expected]
        np.testing.assert_allclose([x.score for x in got.candidates], [s for _, s in expected], rtol=0, atol=1e-6)
    assert int8_cosmul._kept.arrays[1].shape[0] < WORDS  # (all words are searched in blocks and a tail)


def test_the_kept_arrays_hold_what_new_ones_would(vectors):
    """t̂, P and D written into the kept arrays, the kernel given KERNEL_ROWS rows at a time,
    equal those of a first pass into new arrays over each whole block, to the bit."""
    _, emb = vectors
    rows = WORDS - WORDS % int8_cosines.ROW_BLOCK
    assert rows > int8_cosmul.KERNEL_ROWS * 2, "the blocks are cut into pieces"
    for words in (("w1", "w2", "w3"), ("w400", "w17", "w39999")):
        units = np.stack([emb.unit(w) for w in words], axis=1)
        fresh = int8_cosmul.first_pass(emb, units, rows)
        kept = int8_cosmul.first_pass(emb, units, rows, reuse=True)
        for new, old in zip(kept, fresh):
            np.testing.assert_array_equal(new, old)
        assert kept[0] is int8_cosmul._kept.arrays[0]


def _faults_per_query(emb, queries_asked: int = 4) -> float:
    """The process's minor page faults per 3CosMul query (the median after a first one), on a
    thread of its own as the app's worker asks."""
    counts = []

    def ask() -> None:
        rng = np.random.default_rng(1)
        for _ in range(queries_asked + 1):
            a, b, c = (emb.words[i] for i in rng.choice(40_000, 3, replace=False))
            before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
            queries.analogy(emb, a, b, c, 10, "mul")
            counts.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)

    thread = threading.Thread(target=ask)
    thread.start()
    thread.join()
    return float(np.median(counts[1:]))


def test_a_query_faults_in_no_pages_for_its_kept_arrays(vectors, monkeypatch):
    """Under the app's allocation policy the kept arrays save at least their own pages' faults
    per query (half of them, allowing for other faults): compared with the same queries making
    t̂, P and D anew."""
    _, emb = vectors
    if not map_large_allocations():
        pytest.skip("glibc's mmap threshold cannot be fixed here")
    kept = _faults_per_query(emb)
    monkeypatch.setattr(int8_cosmul, "_kept_arrays", lambda rows: (
        np.empty((3, rows), dtype=np.float32), np.empty(rows, dtype=np.float32), np.empty(rows, dtype=np.float32)))
    fresh = _faults_per_query(emb)
    pages = 5 * (WORDS - WORDS % int8_cosines.ROW_BLOCK) * 4 // resource.getpagesize()
    assert fresh - kept >= 0.5 * pages, (fresh, kept, pages)  # (other faults vary by a few dozen)
