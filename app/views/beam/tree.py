"""The beam-search tree of a BeamAnalysis, drawn left to right: one column per step, one box per candidate.

Each box shows the candidate's token and its cumulative log-probability (what the search ranks
live beams by); a box that ends a hypothesis has a second line with its normalised score (what
finished hypotheses are ranked by).  Styles: kept = blue, finished = green with a double border
and ✓, pruned = grey, forced (what-if) = purple, not among the 2B considered = faint.
The path of the selected hypothesis is drawn in thick orange.

Layout: within a column, candidates are grouped under their parent (parents in the order of the
previous column, children by rank), and each group is placed as close to its parent as the
groups above it allow, so edges never cross and stay short.

For tests the drawn nodes are data: ``node_items[node_id]`` has ``status``, ``considered``,
``step`` and ``isVisible()``.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QCursor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem, QStyleOptionGraphicsItem

from app import style
from app.views.beam.edges import EdgeLayer
from app.views.beam.text import not_a_date
from app.widgets.tokens import display_token
from app.widgets.tree_canvas import TreeCanvas
from engine.decoding import considered_in, normalization_divisor

#: Qt's translation, by a short name (pyside6-lupdate reads translate(context, text) calls)
translate = QCoreApplication.translate



# fill, border, text, border width
STYLES = {
    "root": ("#eceff1", "#455a64", "#263238", 2.0),
    "kept": ("#e3f2fd", "#1565c0", "#0d47a1", 2.0),
    "finished": ("#e8f5e9", "#2e7d32", "#1b5e20", 2.0),
    "pruned": ("#ffffff", "#bdbdbd", "#8a8a8a", 1.0),
    "unconsidered": ("#fafafa", "#e3e3e3", "#b5b5b5", 1.0),
    "forced": ("#f3e5f5", "#6a1b9a", "#4a148c", 2.0),
}
PATH_COLOUR = "#ef6c00"
SELECT_COLOUR = "#d81b60"
#: the legend under the step buttons and the node panel's bars use the tree's colours
STATUS_COLOURS = {status: STYLES[status][1] for status in ("kept", "finished", "pruned", "forced")}

COLUMN_GAP = 36.0  # horizontal room for the edges between two columns
ROW_GAP = 4.0
GROUP_GAP = 8.0
PAD_X = 6.0
#: "All candidates" draws at most this many boxes: B=64 over the date vocabulary has 72,000
#: candidates, whose boxes held 300 MB and took seconds to build; past the limit the best-ranked
#: candidates of each step are drawn (`candidates_left_out` says how many are not).  The
#: considered candidates are always drawn (at most 2B per step).  2,000 boxes take about 70 ms
#: of GUI thread to build and paint on a busy 2-core machine (3,000 took 105 ms, and with the
#: rest of the beam view's drawing the soak's 200 ms limit was reached)
MAX_BOXES = 2000
#: below this height on screen a box's first line is drawn as colour only (no text)
MIN_TEXT_PIXELS = 6
# text sizes relative to the application font (they follow View ▸ Larger text)
TOKEN_SCALE, NUMBER_SCALE, HEADER_SCALE = 1.15, 0.95, 1.0


class NodeItem(QGraphicsItem):
    """One candidate (or the root), painted by hand: a box with the token and log P, and for
    the end of a hypothesis a second line with its rank and normalised score."""

    def __init__(self, tree: "BeamTree", node_id: int, step: int, token: str, logprob: float, status: str,
                 considered: bool, forced: bool, second_line: str | None, tooltip: str):
        super().__init__()
        self.tree = tree
        self.node_id = node_id
        self.step = step
        self.token = token
        self.logprob = logprob
        self.status = status  # "root", "kept", "finished" or "pruned" (the engine's status)
        self.considered = considered
        self.forced = forced
        self.second_line = second_line
        self.number_text = style.fixed(logprob, 2)  # written once: each layout and paint reads it
        self.on_path = False
        self.selected_node = False
        self.natural = self.natural_width()  # the layout widens the box to its column's width
        self.width = self.natural
        self.height = tree.line_height + (tree.score_line if second_line else 0)
        self._bounds = QRectF(-4, -4, self.width + 8, self.height + 8)
        # The tooltip's arithmetic is written when the mouse first reaches the box: for a
        # tree of 7,000 candidates (B=64, all candidates) writing them all took a second.
        self._tooltip = tooltip
        self._tooltip_set = False
        self.setAcceptHoverEvents(True)
        self.setCursor(tree.box_cursor)  # one shared QCursor: converting the enum each time cost 20 ms per 3,000 boxes

    def toolTip(self) -> str:  # noqa: N802 - Qt's name
        return self._tooltip() if callable(self._tooltip) else self._tooltip

    def hoverEnterEvent(self, event):  # noqa: N802 - Qt's name
        if not self._tooltip_set:  # before the scene asks for the tooltip (help event)
            QGraphicsItem.setToolTip(self, self.toolTip())
            self._tooltip_set = True
        super().hoverEnterEvent(event)

    def natural_width(self) -> float:
        tree = self.tree
        width = tree.text_width(tree.token_metrics, self.token) + 8 + tree.text_width(
            tree.number_metrics, self.number_text)
        if self.second_line:
            width = max(width, tree.number_metrics.horizontalAdvance(self.second_line))
        return float(round(width + 2 * PAD_X))

    def set_width(self, width: float) -> None:
        if width != self.width:
            self.prepareGeometryChange()
            self.width = width
            self._bounds = QRectF(-4, -4, width + 8, self.height + 8)

    @property
    def style_key(self) -> str:
        if self.forced:
            return "forced"
        if self.status == "pruned" and not self.considered:
            return "unconsidered"
        return self.status

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name; asked for thousands of times per build
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None):
        fill, border, text, width = STYLES[self.style_key]
        rect = QRectF(0, 0, self.width, self.height)
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if scale * self.tree.line_height < MIN_TEXT_PIXELS:
            # Zoomed out (Fit on 2,000 boxes): text this small cannot be read, and drawing it
            # at such scales took most of a 50-160 ms paint; the colours still show the search.
            painter.setPen(QPen(QColor(PATH_COLOUR if self.on_path else border), 0))  # cosmetic: one pixel
            painter.setBrush(QBrush(QColor(fill)))
            painter.drawRect(rect)
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(QColor(border), width)
        if self.status == "pruned":
            pen.setStyle(Qt.PenStyle.DashLine)
        if self.on_path:
            pen = QPen(QColor(PATH_COLOUR), 3.0)
        painter.setPen(pen)
        painter.setBrush(QBrush(QColor(fill)))
        painter.drawRoundedRect(rect, 5, 5)
        if self.status == "finished":  # double border
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(border), 1.2))
            painter.drawRoundedRect(rect.adjusted(3, 3, -3, -3), 3, 3)
        if self.selected_node:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(SELECT_COLOUR), 3.0))
            painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 8, 8)
        painter.setPen(QColor(text))
        line_height = self.tree.line_height
        line = QRectF(PAD_X, 0, self.width - 2 * PAD_X, line_height)
        painter.setFont(self.tree.token_font)
        painter.drawText(line, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.token)
        painter.setFont(self.tree.number_font)
        painter.drawText(line, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, self.number_text)
        if self.second_line:
            painter.setFont(self.tree.score_font)
            painter.drawText(QRectF(PAD_X, line_height - 4, self.width - 2 * PAD_X, self.tree.score_line),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, self.second_line)

    def mousePressEvent(self, event):
        if event.button() == Qt.MouseButton.LeftButton:
            self.tree.node_clicked.emit(self.node_id)
            event.accept()
        else:
            super().mousePressEvent(event)


class BeamTree(TreeCanvas):
    """`set_search` draws an engine.beam_analysis.BeamAnalysis; the other setters change what is
    shown in place.  Zoom and pan come from TreeCanvas.

    Framing (`frame()`): the scale fits the whole search (Fit: the steps revealed so far), never
    below the readable scale; the view then starts at ⟨s⟩ at the top left, keeps the highlighted
    path's nodes in sight, and, while the user steps or plays, the newest revealed column."""

    node_clicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.column_x: dict[int, float] = {}
        self.column_width: dict[int, float] = {}
        self.analysis = None
        self.node_items: dict[int, NodeItem] = {}
        self.drawn: dict = {}  # node_id -> Candidate, for the candidates that have a box
        self.drawn_by_step: dict = {}  # step -> those candidates, in rank order
        self.edges: EdgeLayer | None = None  # every edge, keyed by the child's node_id
        self.header_items: dict[int, QGraphicsSimpleTextItem] = {}  # keyed by step (0 = start)
        self.root_item: NodeItem | None = None
        self.show_pruned = True
        self.show_all = False
        self.candidates_left_out = 0  # by MAX_BOXES, in the tree drawn last
        self.revealed_steps = 0
        self.selected_node: int | None = None
        self.path_nodes: set[int] = set()
        #: True while the user steps through the search: framing keeps the newest column in sight
        #: (else it starts at ⟨s⟩)
        self.following = False
        #: (top, bottom) of each step's laid-out boxes, and the height of the step headers above
        self.column_span: dict[int, tuple[float, float]] = {}
        self.header_gap = 0.0
        self.box_cursor = QCursor(Qt.CursorShape.PointingHandCursor)
        self.restyle()

    def restyle(self) -> None:
        """Fonts from the application's size (after a zoom the tree is rebuilt with them)."""
        self.user_scale = None  # a zoom chosen for the old text size would be wrong for the new
        self.token_font = style.font(TOKEN_SCALE, bold=True)
        self.number_font = style.font(NUMBER_SCALE)
        self.score_font = style.font(NUMBER_SCALE, bold=True)
        self.header_font = style.font(HEADER_SCALE, bold=True)
        self.token_metrics = QFontMetricsF(self.token_font)
        self.number_metrics = QFontMetricsF(self.score_font)
        self._widths: dict[tuple[int, str], float] = {}  # (metrics, text) -> advance, for one build
        self.line_height = round(self.token_metrics.height() * 1.35)
        self.score_line = round(self.number_metrics.height() * 1.2)
        if self.analysis is not None:
            self._build()

    def text_width(self, metrics: QFontMetricsF, text: str) -> float:
        """`metrics.horizontalAdvance(text)`, measured once per text: a tree of 7,000 boxes has a
        few hundred distinct tokens and numbers, and measuring each box took a third of its build."""
        key = (id(metrics), text)
        width = self._widths.get(key)
        if width is None:
            width = self._widths[key] = metrics.horizontalAdvance(text)
        return width

    # ---- data ------------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        return 0 if self.analysis is None else self.analysis.result.steps_run

    def drawn_candidates(self, analysis=None):
        """The candidates that get a box: the considered ones, or all with show_all, up to
        MAX_BOXES: then the others with the best rank within their step (every considered one
        stays, and with it every parent).  In trace order (step by step, by rank).

        A step's considered candidates are its first ones (ranks 0 .. 2B-1), so what is drawn
        of a step is always its first few; only those are read (a B = 64 step of the word-level
        model has 128,000 candidates, made one by one when read)."""
        analysis = analysis or self.analysis
        trace = analysis.result.trace
        counts = [len(considered_in(step)) for step in trace]
        if self.show_all:
            room = max(MAX_BOXES - sum(counts), 0)
            rank = min(counts, default=0)
            # one more rank at a time, step by step: the others sorted by (rank, step)
            while room and any(len(step) > count for step, count in zip(trace, counts)):
                for s, step in enumerate(trace):
                    if room and counts[s] == rank < len(step):
                        counts[s] += 1
                        room -= 1
                rank += 1
        return [c for step, count in zip(trace, counts) for c in step[:count]]

    def set_search(self, analysis, revealed_steps: int | None = None, same_search: bool = False) -> None:
        """Draw `analysis`.  A new search is framed afresh (⟨s⟩ and its best path, at the user's
        zoom if they chose one); `same_search` (the search on screen again, e.g. with another
        expected output) keeps the user's view where it is."""
        self.analysis = analysis
        self.revealed_steps = self.steps if revealed_steps is None else max(0, min(revealed_steps, self.steps))
        self.following = self.revealed_steps < self.steps  # a scene or a new search while stepping
        if self.selected_node is not None and self.selected_node not in analysis.result.nodes \
                and self.selected_node != 0:
            self.selected_node = None
        self.path_nodes = set()
        self._build(keep_view=same_search)

    def _build(self, keep_view: bool = False) -> None:
        """Build the boxes, edges and headers; then frame the tree afresh, or, with `keep_view`
        and the user's own zoom or pan, keep the scene point at the view's centre where it is."""
        centre = self.mapToScene(self.viewport().rect().center())
        scene = self.scene()
        scene.clear()
        self._widths.clear()  # bounded by one tree's texts
        self.node_items, self.header_items = {}, {}
        self.drawn, self.drawn_by_step = {}, {}
        self.root_item = self.edges = None
        a = self.analysis
        if a is None:
            return
        result = a.result
        final_rank = {h.node_id: i for i, h in enumerate(result.hypotheses)}
        forced_steps = len(a.forced_prefix)

        self.root_item = NodeItem(self, 0, 0, display_token(a.vocab[a.bos_id]), 0.0, "root", True, False, None,
                                  translate("BeamTree", "Start of the output: every hypothesis begins with ⟨s⟩.\n"
                                      "Click to see the distribution of the first token."))
        scene.addItem(self.root_item)
        drawn = self.drawn_candidates()
        for cand in drawn:
            self.drawn[cand.node_id] = cand
            self.drawn_by_step.setdefault(cand.step, []).append(cand)
        # what the box limit cut from "All candidates" (without it, only the considered are asked for)
        self.candidates_left_out = (sum(len(step) for step in result.trace) - len(drawn)) if self.show_all else 0
        for cand in drawn:
            rank = final_rank.get(cand.node_id)
            second = None
            if cand.status == "finished" or rank is not None:
                mark = "✓" if cand.status == "finished" else translate("BeamTree", "cut")
                # a finished output a date model should never write (no calendar day) gets ✗ for
                # ✓; its tooltip says why.  The words would widen the whole column by ~180 px, and
                # the lesson's tree then no longer fits a 1920-wide screen at a readable size.
                if cand.status == "finished" and not_a_date(a, [a.vocab[t] for t in result.prefix(cand.node_id)]):
                    mark = "✗"
                prefix = f"#{rank + 1}  " if rank is not None else ""
                second = f"{prefix}{mark} {style.fixed(cand.score)}"
            forced = cand.step <= forced_steps  # the first steps of a what-if search are imposed
            item = NodeItem(self, cand.node_id, cand.step, display_token(a.vocab[cand.token]), cand.logprob,
                            cand.status, cand.considered, forced, second,
                            lambda c=cand, r=rank, f=forced: self.tooltip(c, r, f))
            item.setZValue(2)
            scene.addItem(item)
            self.node_items[cand.node_id] = item
        self.edges = EdgeLayer(self.EDGE_PENS)
        self.edges.setZValue(0)  # under the boxes
        self.edges.set_styles({node_id: "live" if item.status in ("kept", "finished") else "other"
                               for node_id, item in self.node_items.items()})
        scene.addItem(self.edges)
        for step in range(0, result.steps_run + 1):
            header = QGraphicsSimpleTextItem(translate("BeamTree", "start") if step == 0
                                             else translate("BeamTree", "step {0}").format(step))
            header.setFont(self.header_font)
            # the theme's muted text: a fixed slate (#546e7a) read at 3:1 on the dark theme's canvas
            header.setBrush(style.MUTED)
            scene.addItem(header)
            self.header_items[step] = header
        self._layout()
        self._apply_visibility()
        self._apply_highlight()
        self._update_content()
        if keep_view and self.fit_mode is None:
            self.centerOn(centre)
            return
        self.fit_mode = "auto"  # a new tree is framed afresh (at the user's scale: user_scale)
        self.auto_view()

    def tooltip(self, cand, rank, forced) -> str:
        """The arithmetic of one candidate: p, log P as the parent's plus this token's, and the
        normalised score it would have if the output ended here."""
        a = self.analysis
        parent_lp = 0.0 if cand.parent == 0 else a.result.nodes[cand.parent].logprob
        token = display_token(a.vocab[cand.token])

        def four(x):
            return style.fixed(x, 4)

        lines = [
            translate("BeamTree", "Token '{0}' at step {1}, rank {2} of this step's candidates").format(
                token, cand.step, cand.rank + 1),
            translate("BeamTree", "p(token | prefix) = {0}   log p = {1}").format(
                four(math.exp(cand.token_logprob)), four(cand.token_logprob)),
            translate("BeamTree", "log P = {0} (parent) + {1} = {2}").format(
                four(parent_lp), four(cand.token_logprob), four(cand.logprob)),
        ]
        divisor = normalization_divisor(cand.step, a.length_penalty, a.alpha)
        lines.append(translate("BeamTree", "score if it ended here = {0} / {1} = {2}  (L = {3})")
                     .format(four(cand.logprob), four(divisor), four(cand.score), cand.step))
        status = {
            "kept": translate("BeamTree",
                              "kept: one of the B = {0} best live beams, it is extended at the next step"),
            "finished": translate("BeamTree", "finished: ⟨/s⟩ within the top B = {0}, ranked by its score"),
            "pruned": translate("BeamTree", "pruned: not among the B = {0} beams the search keeps"),
        }[cand.status].format(a.beam_width)
        if forced:
            status = translate("BeamTree", "forced: this token was imposed (what if)")
        elif not cand.considered:
            status += translate("BeamTree", " (not even among the 2B candidates considered)")
        lines.append(status)
        if rank is not None:
            lines.append(translate("BeamTree", "ends hypothesis #{0} of the n-best list").format(rank + 1))
        if cand.status == "finished":
            invalid = not_a_date(a, [a.vocab[t] for t in a.result.prefix(cand.node_id)])
            if invalid:
                lines.append(translate("BeamTree", "{0}: this output names no day of the calendar").format(invalid))
        return "\n".join(lines)

    # ---- layout ------------------------------------------------------------------------------
    def laid_out(self, item: NodeItem) -> bool:
        return self.show_pruned or item.status != "pruned"

    def _layout(self) -> None:
        """Columns as wide as their widest box; each group of siblings starts level with its
        parent (so the first-ranked child continues the line straight on) unless the group above
        reaches lower."""
        result = self.analysis.result
        self.root_item.setPos(0, 0)
        x = self.root_item.width + COLUMN_GAP
        self.column_x, self.column_width = {0: 0.0}, {0: self.root_item.width}
        order = {0: 0}  # node_id -> position in its column
        box_y = {0: 0.0}  # node_id -> top of its box, for the boxes laid out
        top, bottom = 0.0, self.root_item.height
        self.column_span = {0: (0.0, self.root_item.height)}
        for step in range(1, result.steps_run + 1):
            column = [self.node_items[c.node_id] for c in self.drawn_by_step.get(step, ())
                      if self.laid_out(self.node_items[c.node_id])]
            width = max((it.natural for it in column), default=40.0)
            self.column_x[step], self.column_width[step] = x, width
            groups: dict[int, list[NodeItem]] = {}
            for item in column:
                groups.setdefault(self.drawn[item.node_id].parent, []).append(item)
            y = None
            position = 0
            for parent in sorted(groups, key=lambda p: order.get(p, 0)):
                items = sorted(groups[parent], key=lambda it: self.drawn[it.node_id].rank)
                parent_item = self.root_item if parent == 0 else self.node_items.get(parent)
                start = box_y.get(parent, 0.0) if parent_item is not None else 0.0
                if y is not None:
                    start = max(start, y + GROUP_GAP)
                for it in items:
                    it.set_width(width)
                    it.setPos(x, start)
                    box_y[it.node_id] = start
                    order[it.node_id] = position
                    position += 1
                    start += it.height + ROW_GAP
                y = start - ROW_GAP
                top = min(top, box_y[items[0].node_id])
                bottom = max(bottom, y)
                low, high = self.column_span.get(step, (box_y[items[0].node_id], y))
                self.column_span[step] = (min(low, box_y[items[0].node_id]), max(high, y))
            x += width + COLUMN_GAP
        # each edge from the middle of its parent's first line to its own (the boxes of a
        # column share its x and width: no questions to the 3,000 items)
        middle = self.line_height / 2
        ends = {}
        for node_id, item in self.node_items.items():
            if node_id not in box_y:
                continue
            cand = self.drawn[node_id]
            parent_y = box_y.get(cand.parent)
            if parent_y is not None:
                step = item.step
                ends[node_id] = (self.column_x[step - 1] + self.column_width[step - 1], parent_y + middle,
                                 self.column_x[step], box_y[node_id] + middle)
        self.edges.set_ends(ends)
        header_gap = self.header_gap = QFontMetricsF(self.header_font).height() + 10
        for step, header in self.header_items.items():
            header.setPos(self.column_x.get(step, 0.0) + 2, top - header_gap)

    def steps_rect(self, last: int) -> QRectF:
        """The scene rect of the boxes and headers of steps 0 … `last`, from the layout's own
        numbers (itemsBoundingRect() asked all 14,000 items of a B=64 tree with all candidates
        for their bounds: half a second), with room for the outlines and the selection ring."""
        steps = [step for step in range(last + 1) if step in self.column_x]
        right = max(max(self.column_x[step] + self.column_width[step],
                        self.header_items[step].pos().x() + self.header_items[step].boundingRect().width())
                    for step in steps)
        spans = [self.column_span[step] for step in steps if step in self.column_span]
        top = min(low for low, _ in spans) - self.header_gap
        bottom = max(high for _, high in spans)
        return QRectF(0, top, right, bottom - top).adjusted(-16, -12, 16, 16)

    def _update_content(self) -> None:
        """What the view frames and scrolls over: the steps revealed so far."""
        if self.root_item is not None:
            self.set_content_rect(self.steps_rect(self.revealed_steps))

    def _apply_visibility(self) -> None:
        hidden = set()
        for node_id, item in self.node_items.items():
            visible = item.step <= self.revealed_steps and self.laid_out(item)
            item.setVisible(visible)
            if not visible:
                hidden.add(node_id)
        self.edges.set_hidden(hidden)
        for step, header in self.header_items.items():
            header.setVisible(step <= self.revealed_steps)

    #: edge pens, in drawing order: to the other boxes, between kept or finished boxes, on the
    #: highlighted path (drawn last, on top)
    EDGE_PENS = {"other": QPen(QColor("#d5dbe0"), 1.0), "live": QPen(QColor("#78909c"), 1.6),
                 "path": QPen(QColor(PATH_COLOUR), 3.5)}

    def _apply_highlight(self) -> None:
        for node_id, item in self.node_items.items():
            on_path, selected = node_id in self.path_nodes, node_id == self.selected_node
            if (item.on_path, item.selected_node) != (on_path, selected):  # repaint only what changed
                item.on_path, item.selected_node = on_path, selected
                item.update()
        if self.root_item is not None:
            self.root_item.selected_node = self.selected_node == 0
            self.root_item.on_path = bool(self.path_nodes)
            self.root_item.update()
        if self.edges is not None:
            self.edges.set_highlighted(self.path_nodes)

    # ---- what is shown --------------------------------------------------------------------
    def set_show_pruned(self, show: bool) -> None:
        self.show_pruned = bool(show)
        if self.analysis is not None:
            self._layout()
            self._apply_visibility()
            self._update_content()
            self.auto_view()

    def set_show_all(self, show: bool) -> None:
        self.show_all = bool(show)
        if self.analysis is not None:
            self._build(keep_view=True)  # the same search with more boxes: the user's view stays

    def set_revealed_steps(self, steps: int) -> None:
        self.revealed_steps = max(0, min(int(steps), self.steps))
        self.following = True
        self._apply_visibility()
        self._update_content()
        self._show_newest()

    def _show_newest(self) -> None:
        """While the user steps: frame anew, or, at the user's own zoom, scroll the newest
        column's header and its highlighted (else first) node into sight."""
        if self.fit_mode is not None or not self.following or self.root_item is None:
            self.auto_view()
            return
        column = [it for it in self.node_items.values() if it.step == self.revealed_steps and it.isVisible()]
        column.sort(key=lambda it: (not it.on_path, it.pos().y()))
        self.ensureVisible(self.header_items[self.revealed_steps].sceneBoundingRect(), 16, 16)
        self.ensureVisible((column[0] if column else self.root_item).sceneBoundingRect(), 16, 16)

    def select_node(self, node_id: int | None) -> None:
        self.selected_node = node_id
        self._apply_highlight()

    def highlight_path(self, node_id: int | None) -> None:
        """Draw the path from the root to `node_id` (a hypothesis' last node) in orange."""
        self.path_nodes = set()
        if node_id is not None and self.analysis is not None:
            self.path_nodes = {cand.node_id for cand in self.analysis.result.path(node_id)}
        self._apply_highlight()
        self._show_newest()

    def visible_steps(self) -> list[int]:
        """The steps that have at least one visible node (what a test compares with stepping)."""
        return sorted({it.step for it in self.node_items.values() if it.isVisible()})

    # ---- what stays in sight ----------------------------------------------------------------
    def smallest_font(self):
        return min((self.token_font, self.number_font, self.score_font),
                   key=lambda f: QFontMetricsF(f).height())

    def frame(self) -> None:
        """Scale to fit the whole search (Fit: the revealed steps), never below the readable
        scale; then show from ⟨s⟩ at the top left, or, while the user steps through a search
        wider than the view, up to the newest column; and scroll down only as far as the
        highlighted path's nodes in sight need."""
        if self.analysis is None or self.root_item is None:
            super().frame()
            return
        shown = self.steps_rect(self.revealed_steps)
        scale = self.framing_scale(shown if self.fit_mode == "fit" else self.steps_rect(self.steps))
        width, height = self.viewport().width() / scale, self.viewport().height() / scale
        left = shown.left()
        if self.following and shown.width() > width:
            left = shown.right() - width
        top = shown.top()
        keep = self.kept_in_sight(left, left + width, height - 16)
        if keep.bottom() > top + height:
            top = keep.bottom() + 16 - height  # scroll down just enough
        self.show_at(scale, left, top)

    def kept_in_sight(self, left: float, right: float, room: float = math.inf) -> QRectF:
        """The scene rect of what must be in sight between x = left and right: the highlighted
        path's visible nodes there, else the newest column's first node while stepping, else ⟨s⟩.

        Where the path's nodes there are taller than `room` (zh-en-toy's best path drops from
        the first row to the 9th at step 3), only its steps from ⟨s⟩ (while stepping: back from
        the newest) that fit: centring on the whole path showed the empty middle between them,
        neither ⟨s⟩ nor the path's lower part."""
        def within(item):
            x = item.pos().x()
            return item.isVisible() and x < right and x + item.width > left
        items = [it for it in self.node_items.values() if it.on_path and within(it)]
        if self.root_item.on_path and within(self.root_item):
            items.append(self.root_item)
        if not items and self.following:
            column = [it for it in self.node_items.values() if it.step == self.revealed_steps and it.isVisible()]
            items = sorted(column, key=lambda it: it.pos().y())[:1]
        if not items:
            items = [self.root_item]
        items.sort(key=lambda it: it.step, reverse=self.following)
        rect = items[0].sceneBoundingRect()
        for item in items[1:]:
            wider = rect.united(item.sceneBoundingRect())
            if wider.height() > room:
                break
            rect = wider
        return rect

    def keyPressEvent(self, event):
        # Space and the arrows belong to the step-through controls of the view around us.
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Left, Qt.Key.Key_Right):
            event.ignore()
            return
        super().keyPressEvent(event)
