"""Principal components of a set of word vectors, by numpy's SVD.

X (n × d, one word per row) is centred, X − x̄ = U S Vᵀ; the rows of Vᵀ are the principal
directions and the coordinates of the words on the first k are U_k S_k (= (X − x̄) V_k).  The
variance along component i is S_i² / (n − 1).  An SVD may return any component with either
sign; each is turned so that its loading of largest magnitude is positive (the first such
loading when two tie), so the same words always give the same picture.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PCA:
    coordinates: np.ndarray  # (n, k): the words on the first k components
    components: np.ndarray  # (k, d): the directions, unit rows
    mean: np.ndarray  # (d,)
    explained_variance: np.ndarray  # (k,)  S_i² / (n − 1)
    explained_variance_ratio: np.ndarray  # (k,)  S_i² / Σ S²


def pca(vectors, k: int = 2) -> PCA:
    x = np.asarray(vectors, dtype=np.float64)
    if x.ndim != 2 or x.shape[0] < 2:
        raise ValueError(f"PCA needs at least two vectors in a 2-D array, got shape {x.shape}")
    k = min(k, *x.shape)
    mean = x.mean(axis=0)
    u, s, vt = np.linalg.svd(x - mean, full_matrices=False)
    u, s, vt = u[:, :k], s, vt[:k]
    largest = np.argmax(np.abs(vt), axis=1)
    signs = np.sign(vt[np.arange(k), largest])  # never 0: the rows of Vᵀ are unit vectors
    vt = vt * signs[:, None]
    u = u * signs[None, :]
    squares = s ** 2
    total = squares.sum()
    return PCA(coordinates=u * s[:k], components=vt, mean=mean,
               explained_variance=squares[:k] / (x.shape[0] - 1),
               explained_variance_ratio=squares[:k] / total if total > 0 else np.zeros(k))
