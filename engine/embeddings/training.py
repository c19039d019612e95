"""word2vec (skip-gram with negative sampling) and GloVe, trained here on the built-in grammar
corpora (engine/data/zh_en.py): the English targets and the Chinese sources.  Small on purpose
(a few hundred words, 32 dimensions, seconds on a CPU) — enough for the months to drift
together, which is what the lesson shows.

Skip-gram with negative sampling (Mikolov et al. 2013): for a centre word c and a word o
within ``window`` positions of it, with K words n_k drawn from the unigram distribution to the
power 3/4,

    loss = −log σ(u_o·v_c) − Σ_k log σ(−u_{n_k}·v_c)

(v: the input vectors, which are the embedding; u: the output vectors), minimised by SGD on
mini-batches with a learning rate falling linearly to 0.01 of its start.  No subsampling of
frequent words: the grammar's vocabulary is small and flat.

GloVe (Pennington et al. 2014): X_ij counts j within ``window`` of i, each occurrence weighted
1/distance; with f(x) = min(1, (x / x_max)^α),

    J = Σ_{X_ij > 0} f(X_ij) (w_i·w̃_j + b_i + b̃_j − log X_ij)²

minimised by AdaGrad over all non-zero X_ij at once; the embedding is W + W̃, as in the paper.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

METHODS = ("word2vec", "glove")
LANGUAGES = ("en", "zh")
VECTORS_FILE, CONFIG_FILE = "vectors.safetensors", "config.json"


def grammar_corpus(language: str, sentences: int, seed: int = 0) -> list[list[str]]:
    """Sentences of the zh-en grammar as word lists: English targets or Chinese sources."""
    from engine.data.zh_en import ZhEnStream, english_vocabulary
    from engine.word_tokenizer import ENGLISH_WORDS, WordTokenizer

    if language not in LANGUAGES:
        raise ValueError(f"unknown corpus language {language!r} (en or zh)")
    examples = ZhEnStream(seed, "train").take(sentences)
    if language == "zh":
        return [list(e.source_tokens) for e in examples]
    tokenizer = WordTokenizer(english_vocabulary(), ENGLISH_WORDS)
    return [[piece for piece, _known in tokenizer.segment(e.target)] for e in examples]


def vocabulary(corpus) -> tuple[list[str], np.ndarray]:
    """Words by falling frequency (ties alphabetical), as embedding files order them."""
    counts = Counter(w for sentence in corpus for w in sentence)
    words = sorted(counts, key=lambda w: (-counts[w], w))
    return words, np.array([counts[w] for w in words], dtype=np.int64)


def _encode(corpus, words) -> list[np.ndarray]:
    index = {w: i for i, w in enumerate(words)}
    return [np.array([index[w] for w in sentence], dtype=np.int64) for sentence in corpus]


def skipgram_pairs(encoded, window: int) -> tuple[np.ndarray, np.ndarray]:
    """(centre, context) for every pair of positions at most ``window`` apart in a sentence."""
    centres, contexts = [], []
    for ids in encoded:
        for offset in range(1, window + 1):
            if ids.size > offset:
                centres += [ids[:-offset], ids[offset:]]
                contexts += [ids[offset:], ids[:-offset]]
    if not centres:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(centres), np.concatenate(contexts)


def _sigmoid(x):
    return 0.5 * (1 + np.tanh(0.5 * x))  # no overflow for large |x|


def sgns_loss_and_gradients(v, u_pos, u_neg):
    """The mean SGNS loss of a batch and its gradients with respect to v (B, d), u_pos (B, d)
    and u_neg (B, K, d)."""
    s_pos = _sigmoid(np.einsum("bd,bd->b", u_pos, v))
    s_neg = _sigmoid(-np.einsum("bkd,bd->bk", u_neg, v))
    tiny = 1e-12
    loss = -(np.log(s_pos + tiny) + np.log(s_neg + tiny).sum(axis=1)).mean()
    batch = v.shape[0]
    g_pos = (s_pos - 1)[:, None] / batch  # d loss / d (u_pos·v)
    g_neg = (1 - s_neg)[:, :, None] / batch  # d loss / d (u_neg·v)
    grad_v = g_pos * u_pos + (g_neg * u_neg).sum(axis=1)
    return float(loss), grad_v, g_pos * v, g_neg * v[:, None, :]


@dataclass(frozen=True)
class Settings:
    """Both methods' settings; ``settings_for`` fills in each method's own defaults."""

    epochs: int
    learning_rate: float
    window: int
    dimension: int = 32
    seed: int = 0
    negatives: int = 5  # word2vec: noise words per pair
    batch: int = 512  # word2vec: pairs per step
    x_max: float = 100.0  # GloVe: f(x) = min(1, (x / x_max)^alpha)
    alpha: float = 0.75


#: word2vec: a window of 2 and 5 epochs; the batch's gradient is a mean over its pairs, so
#: 12.8 / 512 = 0.025 per pair, word2vec's own rate.  GloVe: AdaGrad over the whole matrix.
METHOD_DEFAULTS = {"word2vec": {"epochs": 5, "learning_rate": 12.8, "window": 2},
                   "glove": {"epochs": 300, "learning_rate": 0.05, "window": 4}}


def settings_for(method: str, **overrides) -> Settings:
    return Settings(**{**METHOD_DEFAULTS[method], **overrides})


@dataclass(frozen=True)
class Trained:
    method: str
    words: list[str]
    counts: np.ndarray
    vectors: np.ndarray  # (V, d) float32
    losses: list[float] = field(default_factory=list)  # one per epoch
    settings: dict = field(default_factory=dict)


def train_word2vec(corpus, settings: Settings | None = None, progress=None, watch=None) -> Trained:
    """``progress(fraction, loss)`` after each epoch; ``watch(step, steps, loss, w_in)`` before the
    first step (loss None) and after every step, with that step's batch loss and the embedding
    as it is now (read it, do not keep it: it changes in place).  ``watch`` returning True stops
    the training there; the last epoch's loss is then the mean of its steps so far."""
    settings = settings or settings_for("word2vec")
    words, counts = vocabulary(corpus)
    rng = np.random.default_rng(settings.seed)
    size, dim = len(words), settings.dimension
    w_in = (rng.random((size, dim)) - 0.5) / dim  # word2vec's initialisation
    w_out = np.zeros((size, dim))
    centres, contexts = skipgram_pairs(_encode(corpus, words), settings.window)
    noise = counts ** 0.75
    noise = noise / noise.sum()
    steps = settings.epochs * -(-centres.size // settings.batch)
    step, losses = 0, []
    stop = bool(watch and watch(0, steps, None, w_in))
    for _epoch in range(settings.epochs if not stop else 0):
        order = rng.permutation(centres.size)
        total, batches = 0.0, 0
        for start in range(0, order.size, settings.batch):
            pick = order[start:start + settings.batch]
            c, o = centres[pick], contexts[pick]
            n = rng.choice(size, size=(pick.size, settings.negatives), p=noise)
            loss, grad_v, grad_pos, grad_neg = sgns_loss_and_gradients(w_in[c], w_out[o], w_out[n])
            rate = settings.learning_rate * max(0.01, 1 - step / steps)
            w_in -= rate * _scatter(c, grad_v, size)
            w_out -= rate * (_scatter(o, grad_pos, size) + _scatter(n.ravel(), grad_neg.reshape(-1, dim), size))
            total, batches, step = total + loss, batches + 1, step + 1
            if watch and watch(step, steps, loss, w_in):
                stop = True
                break
        losses.append(total / max(batches, 1))
        if progress:
            progress(len(losses) / settings.epochs, losses[-1])
        if stop:
            break
    return Trained("word2vec", words, counts, w_in.astype(np.float32), losses, asdict(settings))


def _scatter(rows: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """Σ of ``values`` (n × d) per row index (size × d) in one ``np.bincount``, far faster than
    ``np.add.at``."""
    dim = values.shape[1]
    cells = (rows[:, None] * dim + np.arange(dim)).ravel()
    return np.bincount(cells, weights=values.ravel(), minlength=size * dim).reshape(size, dim)


def cooccurrences(encoded, size: int, window: int) -> np.ndarray:
    """X (size × size): X_ij = Σ 1/distance over the occurrences of j within ``window`` of i."""
    x = np.zeros((size, size))
    for ids in encoded:
        for offset in range(1, window + 1):
            if ids.size > offset:
                np.add.at(x, (ids[:-offset], ids[offset:]), 1.0 / offset)
                np.add.at(x, (ids[offset:], ids[:-offset]), 1.0 / offset)
    return x


def glove_loss(w, w_context, b, b_context, x, x_max: float, alpha: float) -> float:
    i, j = np.nonzero(x)
    weight = np.minimum(1.0, (x[i, j] / x_max) ** alpha)
    error = np.einsum("nd,nd->n", w[i], w_context[j]) + b[i] + b_context[j] - np.log(x[i, j])
    return float((weight * error ** 2).sum())


def train_glove(corpus, settings: Settings | None = None, progress=None) -> Trained:
    settings = settings or settings_for("glove")
    words, counts = vocabulary(corpus)
    size, dim = len(words), settings.dimension
    rng = np.random.default_rng(settings.seed)
    x = cooccurrences(_encode(corpus, words), size, settings.window)
    present = x > 0
    log_x = np.log(np.where(present, x, 1.0))
    # f(X_ij), and 0 where X_ij = 0: the sum runs over the co-occurring pairs only
    weight = np.where(present, np.minimum(1.0, (x / settings.x_max) ** settings.alpha), 0.0)
    params = [(rng.random((size, dim)) - 0.5) / dim, (rng.random((size, dim)) - 0.5) / dim,
              np.zeros(size), np.zeros(size)]  # W, W̃, b, b̃
    squares = [np.ones_like(p) for p in params]  # AdaGrad's running sums (GloVe starts them at 1)
    losses = []
    for _epoch in range(settings.epochs):
        w, w_context, b, b_context = params
        # the vocabulary is a few hundred words: the whole V × V matrix at once
        error = w @ w_context.T + b[:, None] + b_context[None, :] - log_x
        losses.append(float((weight * error ** 2).sum()))
        g = 2 * weight * error  # d J / d (w_i·w̃_j + b_i + b̃_j)
        grads = [g @ w_context, g.T @ w, g.sum(axis=1), g.sum(axis=0)]
        for p, s, grad in zip(params, squares, grads):
            s += grad ** 2
            p -= settings.learning_rate * grad / np.sqrt(s)
        if progress:
            progress(len(losses) / settings.epochs, losses[-1])
    vectors = (params[0] + params[1]).astype(np.float32)
    return Trained("glove", words, counts, vectors, losses, asdict(settings))


def save_trained(trained: Trained, folder, language: str, sentences: int, command: str) -> Path:
    from safetensors.numpy import save_file

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    save_file({"vectors": np.ascontiguousarray(trained.vectors)}, str(folder / VECTORS_FILE))
    config = {"name": folder.name, "method": trained.method, "language": language, "sentences": sentences,
              "settings": trained.settings, "losses": [round(x, 6) for x in trained.losses],
              "words": trained.words, "counts": trained.counts.tolist(), "command": command}
    (folder / CONFIG_FILE).write_text(json.dumps(config, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return folder


def train_command(method: str, sentences: int, seed: int, epochs: int | None, out, command: str) -> list[Path]:
    """``python -m engine train word2vec|glove``: both languages, into ``out``/<method>-<language>."""
    if method not in METHODS:
        raise ValueError(f"unknown embedding method {method!r} (word2vec or glove)")
    written = []
    for language in LANGUAGES:
        corpus = grammar_corpus(language, sentences, seed)
        settings = settings_for(method, seed=seed, **({"epochs": epochs} if epochs else {}))
        trained = (train_word2vec if method == "word2vec" else train_glove)(corpus, settings)
        folder = save_trained(trained, Path(out) / f"{method}-{language}", language, sentences, command)
        print(f"{folder}: {len(trained.words)} words, loss {trained.losses[0]:.4f} -> {trained.losses[-1]:.4f}")
        written.append(folder)
    return written
