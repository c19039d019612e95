"""The 2-D map: the first N words of the vectors (files list the most frequent first) placed
by PCA (numpy's SVD) or t-SNE (openTSNE, computed in the worker with progress), coloured by the
grammar's categories or by a list of the user's words, labelled without overlaps."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QComboBox, QSpinBox

from app import style
from app.binding import bind_widgets
from app.views.embeddings.tab_base import EmbeddingTab, word_edit
from app.widgets.flow_layout import flow_row
from app.widgets.plot_text import style_plot_text
from app.widgets.word_map import WordMap

METHODS = (("pca", QT_TRANSLATE_NOOP("MapTab", "PCA")), ("tsne", QT_TRANSLATE_NOOP("MapTab", "t-SNE")))
GROUPS = {"month": QT_TRANSLATE_NOOP("MapTab", "months"), "name": QT_TRANSLATE_NOOP("MapTab", "names"),
          "place": QT_TRANSLATE_NOOP("MapTab", "places"), "verb": QT_TRANSLATE_NOOP("MapTab", "verbs"),
          "listed": QT_TRANSLATE_NOOP("MapTab", "your words"), "": QT_TRANSLATE_NOOP("MapTab", "other words")}
COLOUR_OF = {"month": 1, "name": 0, "place": 2, "verb": 3, "listed": 1}


class MapTab(EmbeddingTab):
    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.method_box = QComboBox()
        for key, label in METHODS:
            self.method_box.addItem(self.tr(label), key)
        self.count_spin = QSpinBox()
        self.count_spin.setRange(2, 5000)
        self.count_spin.setSingleStep(100)
        self.count_spin.setKeyboardTracking(False)
        self.count_spin.setToolTip(self.tr("The first N words of the vectors (files list the most frequent first)"))
        self.listed = word_edit(width_chars=24)
        self.listed.setPlaceholderText(self.tr("colour these words instead of the grammar's categories"))
        self.map = WordMap()
        self.place(flow_row((self.tr("Method:"), self.method_box), (self.tr("Words:"), self.count_spin),
                            (self.tr("Colour:"), self.listed)), self.map)
        bind_widgets(state, map_method=self.method_box, map_count=self.count_spin, map_list=self.listed)
        self.apply_zoom()

    def draw(self, value, request) -> None:
        # the most frequent first, the listed words before all of them
        priority = sorted(range(len(value.words)), key=lambda i: (value.categories[i] != "listed", i))
        colours = {key: (style.SERIES[COLOUR_OF[key]] if key else style.MUTED) for key in set(value.categories)}
        names = {key: QCoreApplication.translate("MapTab", GROUPS[key]) for key in GROUPS if key in colours}
        self.map.set_points(value.coordinates, value.words, value.categories, names, colours, priority)
        self._axis_titles()

    def _axis_titles(self) -> None:
        answer = self.answer
        if answer is not None and answer.value.method == "pca":
            share = answer.value.explained
            labels = {"bottom": self.tr("PC1 ({0} % of the variance)").format(style.format_number(100 * share[0], 3)),
                      "left": self.tr("PC2 ({0} %)").format(style.format_number(100 * share[1], 3))}
        elif answer is not None:
            labels = {"bottom": self.tr("t-SNE 1"), "left": self.tr("t-SNE 2")}
        else:
            labels = {"bottom": self.tr("PC1"), "left": self.tr("PC2")}
        style_plot_text(self.map.getPlotItem(), labels)

    def apply_zoom(self) -> None:
        self._axis_titles()
        self.map.place_labels()

    def caption(self) -> str:
        value = self.answer.value
        method = self.tr("PCA") if value.method == "pca" else self.tr("t-SNE")
        return self.tr("{0} words by {1} ({2})").format(len(value.words), method, self.answer.source.name)

    def csv(self):
        value = self.answer.value
        return (["word", "x", "y", "category"],
                [[w, float(x), float(y), c] for w, (x, y), c in zip(value.words, value.coordinates, value.categories)])
