"""The GUI thread's cost of drawing and painting one keystroke's heatmap and selected-row chart,
without a model: the attention view's two plots alone, fed matrices of N and N - 1 tokens in
turn (each keystroke that changes the token count moves both axes' labels), rendered into an
image as the window's paint would.  CPU time of this thread (`time.thread_time`), so the figures
move little with the machine's load; p50 and the minimum over `--keys` keystrokes.

    python benchmarks/heatmap_paint.py [--tokens 16 128 512] [--keys 110] [--tree DIR]

--tree runs another checkout's `app/` (e.g. main exported with `git archive main app engine
assets | tar -x -C DIR`) for a before/after on the same machine minute: run both, one after
the other, twice.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, nargs="+", default=[16, 128, 512])
    parser.add_argument("--keys", type=int, default=110)
    parser.add_argument("--tree", default=str(ROOT), help="the checkout whose app/ is measured")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.tree).resolve()))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
    import numpy as np
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from app.views.attention.row_panel import RowPanel
    from app.widgets.heatmap import AttentionHeatmap

    heatmap, row_panel = AttentionHeatmap(), RowPanel()
    heatmap.resize(1200, 800)
    row_panel.resize(360, 800)
    heatmap.show()
    row_panel.show()
    app.processEvents()
    heatmap_image = QImage(heatmap.size(), QImage.Format.Format_ARGB32_Premultiplied)
    row_image = QImage(row_panel.size(), QImage.Format.Format_ARGB32_Premultiplied)
    rng = np.random.default_rng(0)
    print(f"app/ from {args.tree}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for n in args.tokens:
        matrices = [rng.dirichlet(np.ones(m), size=m).astype(np.float32) for m in (n, n - 1)]
        labels = [[f"tok{i}" if i % 4 else f"##w{i}" for i in range(m)] for m in (n, n - 1)]
        drawing, painting = [], []
        for key in range(args.keys):
            matrix, tokens = matrices[key % 2], labels[key % 2]
            start = time.thread_time()
            heatmap.set_matrix(matrix, tokens, tokens)
            row_panel.show_row(0, matrix[0], tokens[0], tokens, len(tokens))
            drawn = time.thread_time()
            painter = QPainter(heatmap_image)
            heatmap.render(painter)
            painter.end()
            painter = QPainter(row_image)
            row_panel.render(painter, QPoint(0, 0))
            painter.end()
            drawing.append(drawn - start)
            painting.append(time.thread_time() - drawn)
        d, p = np.array(drawing[10:]) * 1000, np.array(painting[10:]) * 1000
        print(f"{n:>4} tokens: drawing p50 {np.median(d):.2f} (min {d.min():.2f}) ms, painting p50 {np.median(p):.2f} "
              f"(min {p.min():.2f}) ms of GUI thread CPU")
    heatmap.close()
    row_panel.close()


if __name__ == "__main__":
    main()
