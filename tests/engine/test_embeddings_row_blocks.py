"""The int8 first passes' products cut into blocks of rows that the calling thread and a helper
thread take in turn (engine/embeddings/row_blocks.py): every row once, both threads taking part,
the same sums as one product over all rows (torch's kernels called directly), errors raised in the
caller, and gensim's answers with the blocks small enough that a 3,000-word query has many."""
from __future__ import annotations

import os
import threading

import numpy as np
import pytest

from engine.embeddings import int8_cosines, int8_scores, queries, row_blocks
from tests.engine.embeddings_fixtures import random_keyed_vectors
from tests.engine.test_embeddings_half_scores import assert_random_queries_equal_gensims
from tests.engine.test_embeddings_queries import as_embeddings, assert_same_answers

pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning")
#: on one core there is no helper (row_blocks.helper() is None)
several_cores = pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: no helper thread")


def test_blocks_cover_every_row_once_in_order_and_a_short_last_block_joins_the_one_before():
    assert row_blocks.blocks(10, 4, least_rows=1) == [(0, 4), (4, 8), (8, 10)]
    assert row_blocks.blocks(10, 4, least_rows=3) == [(0, 4), (4, 10)]
    assert row_blocks.blocks(300, 128) == [(0, 128), (128, 300)]  # 44 rows (< 64) join the 128 before
    assert row_blocks.blocks(320, 128) == [(0, 128), (128, 256), (256, 320)]
    assert row_blocks.blocks(50, 128) == [(0, 50)]
    assert row_blocks.blocks(0, 128) == []


@several_cores
def test_both_threads_take_blocks_and_the_results_keep_the_blocks_order():
    both = threading.Barrier(2, timeout=10)  # the first two blocks wait for each other: two threads
    takers = {}

    def product(start, stop):
        if start < 2:
            both.wait()
        takers[start] = threading.current_thread().name
        return list(range(start, stop))

    assert row_blocks.each_block(product, 9, block_rows=1, least_rows=1) == [[i] for i in range(9)]
    assert {takers[0], takers[1]} == {threading.current_thread().name, "embedding-rows_0"}
    assert sorted(takers) == list(range(9))


def test_without_a_helper_the_caller_takes_every_block(monkeypatch):
    monkeypatch.setattr(row_blocks, "helper", lambda: None)
    takers = set()

    def product(start, stop):
        takers.add(threading.current_thread().name)
        return stop - start

    assert row_blocks.each_block(product, 10, block_rows=3, least_rows=1) == [3, 3, 3, 1]
    assert takers == {threading.current_thread().name}


def test_an_error_in_a_block_is_raised_in_the_caller():
    def product(start, stop):
        if start == 6:
            raise ValueError("block 6")
        return start

    with pytest.raises(ValueError, match="block 6"):
        row_blocks.each_block(product, 12, block_rows=2, least_rows=1)


@pytest.fixture
def small_blocks(monkeypatch):
    """Blocks of 128 rows (a multiple of the kernel's 64), so that a few thousand rows make many."""
    monkeypatch.setattr(row_blocks, "BLOCK_ROWS", 128)
    monkeypatch.setattr(int8_scores, "LEAST_ROWS", 0)  # the first passes on small vocabularies too


@pytest.fixture(scope="module")
def random_copy():
    emb = as_embeddings(random_keyed_vectors(n=3000, dim=40, seed=3))
    return emb, int8_scores.int8_rows(emb)


@pytest.mark.skipif(not int8_cosines._kernel_is_sound(), reason="torch's int8 kernel is not used on this CPU")
def test_the_kernels_sums_in_blocks_equal_one_product_over_all_rows(small_blocks, random_copy):
    import torch

    emb, copy = random_copy
    rows = 2944  # 46 blocks of 64: 23 of 128
    query, _ = int8_cosines._bf16(emb.unit(emb.words[7]), copy.codes.shape[1])
    whole = torch.ops.aten._weight_int8pack_mm(query, copy.codes[:rows], torch.ones(rows, dtype=torch.bfloat16))
    assert np.array_equal(int8_cosines._kernel_sums(query, copy.codes[:rows]), whole[0].float().numpy())


def test_the_integer_product_in_blocks_equals_numpys(small_blocks, random_copy):
    emb, copy = random_copy
    units = np.stack([emb.unit(w) for w in emb.words[10:13]], axis=1)
    rows = 2999  # 23 blocks of 128, the last of 55 rows joined to the one before
    approx, _ = int8_scores._approximate_cosines(copy, units, rows)
    query_codes, query_scales, _ = int8_scores._rounded(units.T.astype(np.float64))
    codes = copy.codes[:rows, :units.shape[0]].numpy().astype(np.int64)
    expected = (query_codes.astype(np.int64) @ codes.T).astype(np.float32)  # exact integer sums
    expected *= copy.scales[:rows]
    expected *= query_scales[:, None]
    assert np.array_equal(approx, expected)


def test_queries_over_many_blocks_give_gensims_answers(small_blocks):
    assert_random_queries_equal_gensims(restricts=(700, 960))
    kv = random_keyed_vectors(n=3000, dim=40, seed=21)
    emb = as_embeddings(kv)
    for i in range(0, 30, 6):
        a, b, c = kv.index_to_key[i:i + 3]
        assert_same_answers(queries.analogy(emb, a, b, c, 10, method="mul").pairs(),
                            kv.most_similar_cosmul(positive=[b, c], negative=[a], topn=10))


@several_cores
@pytest.mark.slow  # a fresh interpreter importing torch: about 5 s
def test_a_process_whose_queries_used_the_helper_exits_cleanly(tmp_path):
    """The helper thread is idle between queries, so a process exits without torch running in a
    thread the interpreter is tearing down (that aborts: "terminate called without an active
    exception")."""
    import subprocess
    import sys
    from pathlib import Path

    script = """
import numpy as np
from engine.embeddings import int8_scores, queries, row_blocks
from engine.embeddings.vectors import Embeddings
row_blocks.BLOCK_ROWS, int8_scores.LEAST_ROWS = 128, 0
rng = np.random.default_rng(0)
emb = Embeddings.from_arrays([f"w{i}" for i in range(3000)], rng.standard_normal((3000, 40)), "random")
print(queries.neighbours(emb, "w1", 3).candidates[0].word, queries.analogy(emb, "w1", "w2", "w3", 3, "mul").searched)
print(row_blocks.helper() is not None and len(row_blocks.helper()._threads))
"""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and "terminate" not in done.stderr, done.stderr
    assert done.stdout.split()[-2:] == ["3000", "1"]  # every word searched; the helper thread was made


@several_cores
def test_the_int8_copy_made_in_blocks_by_both_threads_rounds_every_row_as_one_rounding_of_all(monkeypatch):
    """int8_rows makes the copy 8,192 rows at a time, shared with the helper: each row's codes,
    scale and residual are those of int8_scores._rounded applied to all unit rows at once."""
    from engine.embeddings.vectors import Embeddings

    rng = np.random.default_rng(8)
    vectors = rng.standard_normal((20_000, 30)).astype(np.float32)
    vectors[5] = 0.0  # a zero row: codes 0, no direction
    emb = Embeddings.from_arrays([f"w{i}" for i in range(20_000)], vectors, "random")
    blocks = []
    rounded = int8_scores._rounded

    def watched(units):
        blocks.append(len(units))
        return rounded(units)

    monkeypatch.setattr(int8_scores, "_rounded", watched)
    copy = int8_scores.int8_rows(emb)
    norms = emb.norms.astype(np.float64)[:, None]  # gensim's float32 norms, the copy's reference
    with np.errstate(divide="ignore", invalid="ignore"):
        units = np.where(norms > 0, vectors / norms, 0.0)
    codes, scales, residuals = rounded(units)
    assert np.array_equal(copy.codes[:, :30].numpy(), codes) and not copy.codes[:, 30:].any()
    assert np.array_equal(copy.scales, scales) and np.array_equal(copy.residuals, residuals)
    assert list(copy.zero_rows) == [5] and not copy.codes[5].any()
    assert sorted(blocks) == [3616, 8192, 8192]  # 8,192 rows at a time, whichever thread took them
