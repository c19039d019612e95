"""The attention playground's state: the open tab, query mode's keys, values, query and scale,
and matrix mode's sizes, seed, mask, scale and Q, K, V as typed (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from app.view_state import ViewState
from engine.playground import NAME_AGE_PRESET, random_matrices

#: the tabs, in order
TABS = ("query", "matrix", "why")
#: matrix mode's sizes at start: (name, value)
MATRIX_SIZES = (("n", 3), ("m", 4), ("d_k", 4), ("d_v", 2))


def vector_text(vector) -> str:
    return ", ".join(f"{float(x):g}" for x in vector)


def matrix_text(matrix) -> str:
    return "\n".join(", ".join(f"{x:g}" for x in row) for row in np.atleast_2d(matrix))


def preset_cells() -> list[list[str]]:
    """The lesson's name → age table: one row per key, its components then its value."""
    return [[f"{x:g}" for x in key] + [f"{v:g}"]
            for key, v in zip(NAME_AGE_PRESET["keys"], NAME_AGE_PRESET["values"])]


def _random_text(index: int) -> str:
    """Q, K or V (index 0, 1, 2) drawn from seed 0 at the starting sizes."""
    return matrix_text(random_matrices(*(value for _, value in MATRIX_SIZES), seed=0)[index])


@dataclass
class PlaygroundState(ViewState):
    FORMAT1_VIEW = "playground"
    tab: str = "query"
    #: query mode's table as typed: one row per key, its components then its value
    query_cells: list[list[str]] = field(default_factory=preset_cells)
    query: str = vector_text(NAME_AGE_PRESET["query"])
    #: the scale t of f = d_k^(−t/2) in query mode
    query_scale: float = 1.0
    n: int = 3
    m: int = 4
    d_k: int = 4
    d_v: int = 2
    seed: int = 0
    causal: bool = False
    matrix_scale: float = 1.0
    q_text: str = field(default_factory=lambda: _random_text(0))
    k_text: str = field(default_factory=lambda: _random_text(1))
    v_text: str = field(default_factory=lambda: _random_text(2))

    @classmethod
    def accepts(cls, name: str, value) -> bool:
        if name == "query_cells":  # a table: at least one key with one component and its value
            return bool(value) and all(len(row) == len(value[0]) >= 2 for row in value)
        return True

    @classmethod
    def from_v1(cls, widgets: dict, extra: dict, model_folder: str | None) -> dict:
        values = super().from_v1(widgets, extra, model_folder)
        # format 1 kept query mode's table in "extra", numbers as numbers
        cells = extra.get("query_cells")
        if isinstance(cells, list) and all(isinstance(row, list) for row in cells):
            values["query_cells"] = [[str(x) for x in row] for row in cells]  # checked by accepts()
        return values
