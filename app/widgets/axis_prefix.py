"""An axis title set again only when its SI prefix changes.

pyqtgraph (0.14) gives every AxisItem an automatic SI prefix ("(x0.001)", "mV") that it works out
again at every change of the axis's range, and each time it sets the title's HTML anew, whether
or not the prefix changed and whether or not the title is shown: the hidden top and right axes of
every plot too.  Building the main window set a title 3,490 times for 67 plots, about 12 % of the
build under cProfile, although the app shows no SI prefix on any axis (`style_plot_text` turns
it off for every styled axis, the token axes have none).

``install()`` patches ``AxisItem.updateAutoSIPrefix`` once: the prefix is worked out as
pyqtgraph does, and the title is set again only when the scale or prefix differs from the one
it shows; otherwise the axis is only repainted, as pyqtgraph does after a range change when the
prefix is off.  Every other change of a title (its text, units, style, pen, scale) sets it
through pyqtgraph's own ``_updateLabel``, so the title never shows an outdated text.
"""
from __future__ import annotations

_installed = False


def install() -> None:
    global _installed
    if _installed:
        return
    import numpy as np
    from pyqtgraph import functions as fn
    from pyqtgraph.graphicsItems.AxisItem import AxisItem

    def updateAutoSIPrefix(self):  # noqa: N802 - pyqtgraph's name
        scale, prefix = 1.0, ""
        if self.label.isVisible():  # pyqtgraph's rule, unchanged
            _range = 10 ** np.array(self.range) if self.logMode else self.range
            scaling_value = max(abs(_range[0]), abs(_range[1])) * self.scale
            if any(low <= scaling_value <= high for low, high in self.getSIPrefixEnableRanges()):
                scale, prefix = fn.siScale(scaling_value, power=self.unitPower)
        if scale == self.autoSIPrefixScale and prefix == self.labelUnitPrefix:
            self.picture = None  # the ticks follow the new range
            self.update()
            return
        self.autoSIPrefixScale = scale
        self.labelUnitPrefix = prefix
        self._updateLabel()

    AxisItem.updateAutoSIPrefix = updateAutoSIPrefix
    _installed = True
