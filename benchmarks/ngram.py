"""N-gram language models: engine.ngram's speed against the targets and against nltk.lm.

    python benchmarks/ngram.py                      # ~5 minutes on 2 idle cores (200 MB file included)
    python benchmarks/ngram.py --file-mb 20 --nltk-words 20000    # quicker

Prints, side by side in one run:
  * counting 1 M words (the built-in English grammar corpus): vocabulary, padding and the n-gram
    tables of orders 1..3 (target ≤ 2 s), and the Kneser-Ney set-up on top;
  * scoring a typed sentence with the trigram Kneser-Ney model of those 1 M words (target ≤ 5 ms,
    the median of 200 calls);
  * fit + score against nltk.lm (MLE, Laplace, Lidstone; same corpus, same held-out sentences):
    the largest difference of the probabilities and the speed-up (target ≥ 50×);
  * typing a sentence key by key into the real "Language model" view (offscreen Qt, the app's
    worker and bridge): p50/p95 from each key event to the strip drawn for that text (the view's
    20 ms debounce included; target p95 ≤ 50 ms), next to nltk.lm scoring the same prefixes;
  * opening a generated 200 MB text file as the view does, in a fresh process: load_file_model
    (the read, every tenth line held out, then the counting at n = 3, the add-one model and the
    add-δ curve, all with progress and cancel), then the first sentence on it; wall and CPU
    seconds of each, and the peak resident memory (VmHWM) against the file's size (target ≤ 3×).
    The file's lines are words of the built-in English corpus drawn one by one with their
    frequencies (--file-text words, the default: 38 M tokens, a trigram table of millions of
    rows), its sentences drawn again and again (--file-text sentences: small tables), or a real
    vocabulary: Zipf-distributed pseudo-words (--file-text zipf: 825 000 types in 200 MB) or
    Chinese characters (--file-text zipf-zh).

    python benchmarks/ngram.py --keystrokes-only    # the typing alone (~1 minute)
    python benchmarks/ngram.py --nltk-only          # fit + score against nltk.lm alone (~30 s)
    python benchmarks/ngram.py --file-only          # the 200 MB file alone (~2 minutes idle, 5-8 loaded)
    python benchmarks/ngram.py --file-only --file-text zipf      # a real vocabulary (~4 minutes idle)
    python benchmarks/ngram.py --file-only --file-text zipf --keep-file /tmp/zipf200.txt   # written once, then reused
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from engine.ngram import corpus_from_sentences, fit  # noqa: E402
from engine.ngram.corpora import built_in_corpus  # noqa: E402

SENTENCE = "Jane will visit Africa in September ."
#: (training words, n, the view's estimator, nltk.lm's class of the same estimator) typed through the view
TYPING_MODELS = ((10_000, 2, "add-one", "Laplace"), (100_000, 3, "add-one", "Laplace"))
TYPED = "Jane will visit Africa in September . Tom visited Paris ."


def seconds(fn, runs=1):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def wall_and_cpu(fn, runs=1):
    """(median wall seconds, median CPU seconds of this process, the last value) of ``runs`` calls:
    the CPU time is what a loaded machine inflates least (both sides single-threaded here)."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        value = fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), value


def counting(words):
    corpus, _ = built_in_corpus("en", words, seed=0)
    count_s, _ = seconds(lambda: fit(corpus, 3, "mle"), runs=3)
    kn_s, model = seconds(lambda: fit(corpus, 3, "kneser-ney"), runs=3)
    tokens = SENTENCE.split()
    model.sentence(tokens)
    score_s, _ = seconds(lambda: model.sentence(tokens), runs=200)
    return corpus, count_s, kn_s, score_s


def against_nltk(words, sentences):
    from nltk.lm import MLE, Laplace, Lidstone
    from nltk.lm.preprocessing import padded_everygram_pipeline

    train, heldout = built_in_corpus("en", words, seed=1)
    train_sentences = train.sentences()
    test = heldout.sentences()[:sentences]
    test_corpus = corpus_from_sentences(test)
    rows = []
    for name, make, extra in (("mle", MLE, ()), ("laplace", Laplace, ()), ("lidstone", Lidstone, (0.1,))):
        def with_nltk():
            model = make(*extra, 3)
            model.fit(*padded_everygram_pipeline(3, train_sentences))
            out = []
            for s in test:
                padded = ["<s>", "<s>", *s, "</s>"]
                out.extend(model.score(padded[i + 2], tuple(padded[i:i + 2])) for i in range(len(s) + 1))
            return np.array(out)

        def with_engine():
            model = fit(train, 3, name, delta=0.1)
            return model.corpus_probabilities(test_corpus)[0]  # every sentence in one batch

        nltk_s, nltk_cpu, expected = wall_and_cpu(with_nltk)
        engine_s, engine_cpu, got = wall_and_cpu(with_engine, runs=5)
        rows.append((name, nltk_s, engine_s, float(np.max(np.abs(got - expected))), len(expected), nltk_cpu,
                     engine_cpu))
    return train.token_count, rows


#: the view's default estimator (app/views/language_model/state.py; not imported: it would load Qt)
FILE_ESTIMATOR = "add-one"
#: how the generated file's lines are made (--file-text): grammar sentences, or words drawn
#: one by one (the same vocabulary and frequencies, so far more distinct trigrams); or a
#: realistic vocabulary: Zipf-distributed pseudo-words (about 1 M distinct in 200 MB) or
#: Zipf-distributed Chinese characters (no spaces: the view cuts such a file into characters)
FILE_TEXTS = ("words", "sentences", "zipf", "zipf-zh")
#: Zipf's exponent s of the pseudo-words (P(rank r) ∝ r^−s, ranks up to ZIPF_TYPES): s = 1.25 gives
#: about 1.1 M distinct words in the 35 M tokens of 200 MB (Heaps' law as measured on the draws)
ZIPF_EXPONENT, ZIPF_TYPES = 1.25, 4_000_000
#: the Chinese file: Zipf s = 1.1 over 8 000 CJK characters (a newspaper's few thousand in use)
ZH_EXPONENT, ZH_TYPES = 1.1, 8_000
FILE_TEXT_NAMES = {"words": "words of the built-in English corpus drawn one by one",
                   "sentences": "sentences of the built-in English corpus drawn again and again",
                   "zipf": f"Zipf (s = {ZIPF_EXPONENT}) pseudo-words", "zipf-zh": f"Zipf (s = {ZH_EXPONENT}) Chinese characters"}


def zipf_ranks(rng, exponent: float, types: int, size: int) -> np.ndarray:
    """``size`` ranks 0 … types−1 drawn with P(r) ∝ (r + 1)^−exponent (numpy's unbounded Zipf,
    the draws above ``types`` drawn again)."""
    ranks = rng.zipf(exponent, size)
    while np.any(big := ranks > types):
        ranks[big] = rng.zipf(exponent, int(big.sum()))
    return ranks - 1


def pseudo_words(ranks: np.ndarray) -> np.ndarray:
    """A distinct lower-case pseudo-word per rank, longer for rarer ranks as in a real language
    (rank 0: 3 letters, rank 1 000: 6, rank 1 000 000: 10; 5.4 bytes a token with its space at
    s = 1.25): the rank in base 26, padded with 'a' to 3 + log2(rank + 1)/2.5 letters."""
    length = 3 + (np.log2(ranks + 1) / 2.5).astype(int)
    letters = np.zeros((len(ranks), length.max()), np.uint8)
    left = ranks.copy()
    for column in range(letters.shape[1] - 1, -1, -1):
        left, letters[:, column] = np.divmod(left, 26)
    letters += ord("a")
    # each row's last `length` letters (those in front are 'a' padding or beyond its length)
    width = letters.shape[1]
    rows = [bytes(row[width - n:]).decode("ascii") for row, n in zip(letters, length)]
    return np.array(rows, dtype=object)


def write_file(path, megabytes, text="words", seed=0):
    """``megabytes`` MB (not more: the view reads at most 200 MB) of English-like lines from the
    built-in English corpus (100 000 words): its sentences drawn again and again ("sentences"),
    or lines of 5-25 of its words drawn independently with their corpus frequencies ("words");
    or lines of 5-25 Zipf-distributed pseudo-words ("zipf": a real text's vocabulary, about 1 M
    types in 200 MB), or of 8-40 Zipf-distributed Chinese characters ("zipf-zh")."""
    rng = np.random.default_rng(seed)
    if text in ("zipf", "zipf-zh"):
        return write_zipf_file(path, megabytes, text, rng)
    corpus, _ = built_in_corpus("en", 100_000, seed=0)
    lines = np.array([" ".join(s) for s in corpus.sentences()], dtype=object)
    types = np.array(corpus.types, dtype=object)
    frequency = np.bincount(corpus.ids, minlength=len(types)) / corpus.token_count

    def batch() -> str:
        if text == "sentences":
            return "\n".join(lines[rng.integers(0, len(lines), 50_000)]) + "\n"
        words = types[rng.choice(len(types), 300_000, p=frequency)]
        cuts = np.cumsum(rng.integers(5, 26, size=len(words) // 5))
        return "\n".join(" ".join(line) for line in np.split(words, cuts[cuts < len(words)])) + "\n"

    left = megabytes * 1_000_000
    with open(path, "w", encoding="ascii") as f:  # the grammar's English is ASCII: characters are bytes
        while left > 0:
            chunk = batch()
            if len(chunk) > left:  # the whole lines that fit, then stop
                chunk, left = chunk[:chunk.rfind("\n", 0, left) + 1], 0
            f.write(chunk)
            left -= len(chunk)


def write_zipf_file(path, megabytes, text, rng):
    """The "zipf" and "zipf-zh" files of write_file: words (or characters) drawn independently,
    so every distinct pair and triple a vocabulary of this size allows can occur: the n-gram
    tables are as large as such a text makes them (a real text's grammar repeats more)."""
    chinese = text == "zipf-zh"
    if chinese:  # rank -> character: a fixed shuffle of the common CJK block
        characters = np.array([chr(0x4E00 + i) for i in rng.permutation(0x9FA5 - 0x4E00)[:ZH_TYPES]], dtype=object)
    left = megabytes * 1_000_000
    with open(path, "wb") as f:
        while left > 0:
            if chinese:
                tokens = characters[zipf_ranks(rng, ZH_EXPONENT, ZH_TYPES, 300_000)]
                cuts = np.cumsum(rng.integers(8, 41, size=len(tokens) // 8))
                lines = ("".join(line) + "。" for line in np.split(tokens, cuts[cuts < len(tokens)]))
            else:
                tokens = pseudo_words(zipf_ranks(rng, ZIPF_EXPONENT, ZIPF_TYPES, 300_000))
                cuts = np.cumsum(rng.integers(5, 26, size=len(tokens) // 5))
                lines = (" ".join(line) for line in np.split(tokens, cuts[cuts < len(tokens)]))
            chunk = "\n".join(lines) + "\n"
            data = chunk.encode("utf-8")
            if len(data) > left:  # the whole lines that fit, then stop
                data, left = data[:data.rfind(b"\n", 0, left) + 1], 0
            f.write(data)
            left -= len(data)


def load_in_child(path, order):
    """Runs this script with --load-only in a fresh process: its peak memory is the load's."""
    done = subprocess.run([sys.executable, __file__, "--load-only", str(path), "--order", str(order)],
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the load failed:\n{done.stderr}")
    return [float(x) for x in done.stdout.split()]


def peak_memory() -> int:
    """This process's peak resident memory in bytes: VmHWM on Linux (ru_maxrss is inherited
    from the parent across fork + exec there), ru_maxrss elsewhere."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    scale = 1 if sys.platform == "darwin" else 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale


def load_only(path, order):
    """The view's path for a text file, as its worker runs it: load_file_model (the read, then
    the counting at n = ``order``, the view's default estimator and the add-δ curve on the
    held-out lines, with progress and a cancel flag), then the first sentence_report on it.
    Prints wall and CPU seconds of the read, of the rest of the load and of the sentence, the
    peak memory before, after the read and at the end, the tokens, types and table sizes."""
    import threading

    from engine.ngram.lesson import counted, load_file_model, sentence_report
    from engine.ngram.progress import READ

    import_rss = peak_memory()
    steps, marks = [], {}

    def record(step):
        if step.stage != READ and "read" not in marks:  # the read is over: its time and peak
            marks["read"] = (time.perf_counter(), time.process_time(), peak_memory())
        steps.append(step)

    wall, cpu = time.perf_counter(), time.process_time()
    words = 10_000  # a built-in corpus's size: unused for a file, but part of lesson's cache keys
    loaded = load_file_model(path, words=words, order=order, estimator=FILE_ESTIMATOR, progress=record,
                             cancel=threading.Event())
    end_wall, end_cpu = time.perf_counter(), time.process_time()
    read_wall, read_cpu, read_rss = marks["read"]
    sentence_wall, sentence_cpu = time.perf_counter(), time.process_time()
    sentence_report(SENTENCE, corpus="file", file=loaded.path, order=order, estimator=FILE_ESTIMATOR, words=words)
    sentence_wall, sentence_cpu = time.perf_counter() - sentence_wall, time.process_time() - sentence_cpu
    peak = peak_memory()
    model = counted("file", words, "", order, loaded.path, "nltk")  # the load's counts (kept: not counted again)
    print(read_wall - wall, read_cpu - cpu, end_wall - read_wall, end_cpu - read_cpu, sentence_wall, sentence_cpu,
          import_rss, read_rss, peak, loaded.tokens, loaded.types, len(steps),
          *(len(table) for table in model.counts.tables))


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def typing_through_view(words, order, estimator, text=TYPED, pause_s=0.03):
    """Milliseconds from each key event to the view's `updated` for that text, typing ``text``
    into the real view one key at a time (a pause between keys, as a person types)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
    from PySide6.QtCore import QCoreApplication, QEventLoop
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from app.bridge import EngineBridge
    from app.state import SharedState
    from app.views.language_model import LanguageModelView

    bridge = EngineBridge(device="cpu")
    view = LanguageModelView(bridge, SharedState())
    view.resize(1280, 680)
    view.show()

    def drawn(typed, timeout=120.0):
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 1)
            request = view.loop.request
            if request is not None and request.args[0] == typed and not view.loop.busy:
                return time.perf_counter()
            time.sleep(0.0002)
        raise TimeoutError(f"no strip for {typed!r}")

    state = view.view_state
    state.words, state.order, state.estimator, state.sentence = words, order, estimator, text[0]
    drawn(text[0])  # the corpus is generated and the model fitted once, before timing
    QTest.qWaitForWindowExposed(view)
    latencies = []
    for key in text[1:]:
        start = time.perf_counter()
        QTest.keyClick(view.controls.sentence, key)
        latencies.append((drawn(view.controls.sentence.text()) - start) * 1e3)
        QCoreApplication.processEvents()
        time.sleep(pause_s)
    view.close()
    bridge.shutdown()
    return latencies


def nltk_per_keystroke(words, order, model_name, text=TYPED):
    """Milliseconds nltk.lm takes to score each prefix of ``text`` (every token and the final
    </s>, then the perplexity), fitted on the same built-in corpus."""
    import nltk.lm
    from nltk.lm.preprocessing import padded_everygram_pipeline

    from engine.ngram.tokens import ENGLISH, tokenise

    train, _ = built_in_corpus("en", words, seed=0)
    lm = getattr(nltk.lm, model_name)(order)
    lm.fit(*padded_everygram_pipeline(order, train.sentences()))
    times = []
    for end in range(2, len(text) + 1):
        start = time.perf_counter()
        tokens = ["<s>"] * (order - 1) + tokenise(text[:end], ENGLISH) + ["</s>"]
        p = [lm.score(tokens[i], tokens[i - order + 1:i]) for i in range(order - 1, len(tokens))]
        2 ** -np.mean(np.log2(p)) if all(p) else float("inf")
        times.append((time.perf_counter() - start) * 1e3)
    return times


def report_typing():
    print(f"\ntyping {len(TYPED) - 1} keys of {TYPED!r} into the real view (offscreen; built-in English corpus)")
    print(f"  {'model':<28} {'view p50':>9} {'view p95':>9} {'max':>8}   {'nltk p50':>9} {'nltk p95':>9}   "
          "target p95 <= 50 ms")
    for words, order, estimator, nltk_name in TYPING_MODELS:
        view_ms = typing_through_view(words, order, estimator)
        nltk_ms = nltk_per_keystroke(words, order, nltk_name)
        name = f"{words:,} words, n={order}, {estimator}"
        print(f"  {name:<28} {statistics.median(view_ms):7.1f}ms {percentile(view_ms, 0.95):7.1f}ms "
              f"{max(view_ms):6.1f}ms   {statistics.median(nltk_ms):7.2f}ms {percentile(nltk_ms, 0.95):7.2f}ms")
    print("  (view: key event to the strip drawn for that text, the view's 20 ms debounce included; "
          "nltk: scoring the same prefix, no drawing)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--words", type=int, default=1_000_000)
    parser.add_argument("--nltk-words", type=int, default=100_000)
    parser.add_argument("--nltk-sentences", type=int, default=500)
    parser.add_argument("--file-mb", type=int, default=200, help="size of the generated file (0: no file)")
    parser.add_argument("--file-text", choices=FILE_TEXTS, default="words", help="what the file's lines are")
    parser.add_argument("--order", type=int, default=3, help="n of the model fitted on the file")
    parser.add_argument("--keep-file", metavar="PATH", help="write the file there (once) and keep it for the next run")
    parser.add_argument("--file-only", action="store_true", help="only the text file")
    parser.add_argument("--keystrokes-only", action="store_true", help="only type through the view")
    parser.add_argument("--nltk-only", action="store_true", help="only fit + score against nltk.lm")
    parser.add_argument("--load-only", metavar="FILE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.load_only:
        return load_only(args.load_only, args.order)

    print(f"nproc {os.cpu_count()}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.file_only:
        return report_file(args.file_mb, args.file_text, args.order, args.keep_file)
    if args.nltk_only:
        return report_nltk(args.nltk_words, args.nltk_sentences)
    if args.keystrokes_only:
        report_typing()
        print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return
    corpus, count_s, kn_s, score_s = counting(args.words)
    print(f"\ncounting {corpus.token_count:,} words ({corpus.sentence_count:,} sentences), orders 1-3")
    print(f"  count (vocabulary, padding, tables)      {count_s:8.3f} s    target <= 2 s")
    print(f"  fit trigram Kneser-Ney (count + set-up)  {kn_s:8.3f} s")
    print(f"  score '{SENTENCE}'  {score_s * 1000:8.3f} ms   target <= 5 ms (median of 200)")

    report_nltk(args.nltk_words, args.nltk_sentences)
    report_typing()
    if args.file_mb <= 0:
        return
    report_file(args.file_mb, args.file_text, args.order, args.keep_file)


def report_nltk(words, sentences):
    words, rows = against_nltk(words, sentences)
    print(f"\nfit + score, trigram, {words:,} training words, {rows[0][4]:,} scored tokens")
    print(f"  {'estimator':<10} {'nltk.lm':>10} {'engine':>10} {'speed-up':>9}   {'nltk CPU':>10} {'engine CPU':>10} "
          f"{'CPU ratio':>9} {'max |Δp|':>10}   target >= 50x")
    for name, nltk_s, engine_s, diff, _, nltk_cpu, engine_cpu in rows:
        print(f"  {name:<10} {nltk_s:9.3f}s {engine_s:9.3f}s {nltk_s / engine_s:8.0f}x   {nltk_cpu:9.3f}s "
              f"{engine_cpu:9.4f}s {nltk_cpu / engine_cpu:8.0f}x {diff:10.1e}")
    print("  (engine: median of 5; the CPU ratio is the load-robust figure; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())})")



def report_file(megabytes, text, order, keep=None):
    """``keep``: the file's path, written there if it is not yet (a 200 MB Zipf file takes minutes
    to write) and kept for the next run; None: a temporary file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(keep) if keep else Path(folder) / "big.txt"
        start = time.perf_counter()
        made = not path.exists()
        if made:
            write_file(path, megabytes, text)
        written = f"written in {time.perf_counter() - start:.0f} s" if made else f"kept at {path}"
        size = path.stat().st_size
        (read_wall, read_cpu, count_wall, count_cpu, sentence_wall, sentence_cpu, import_rss, read_rss, peak, tokens,
         types, steps, *rows) = load_in_child(path, order)
    print(f"\nopening a {size / 1e6:.0f} MB text file as the view does, in a fresh process ({int(tokens):,} tokens, "
          f"{int(types):,} distinct; {FILE_TEXT_NAMES[text]}, {written}), load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"  read (progress and cancel)                 {read_wall:6.1f} s wall {read_cpu:6.1f} s CPU   "
          f"peak {read_rss / 1e6:5.0f} MB")
    print(f"  count n={order}, {FILE_ESTIMATOR}, δ curve (same bar)    {count_wall:6.1f} s wall {count_cpu:6.1f} s CPU")
    print(f"  first sentence on it                       {sentence_wall:6.1f} s wall {sentence_cpu:6.1f} s CPU   "
          f"peak {peak / 1e6:5.0f} MB   ({int(steps)} progress reports)")
    print(f"  n-grams of orders 1-{order}: {' / '.join(f'{int(r):,}' for r in rows)}")
    print(f"  file {size / 1e6:.0f} MB; peak resident memory {peak / 1e6:.0f} MB ({import_rss / 1e6:.0f} MB before "
          f"the file) = {peak / size:.2f}x the file   target <= 3x")


if __name__ == "__main__":
    main()
