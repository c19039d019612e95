"""Attention Lab's Qt front end.  Talks to the engine only through app.bridge.EngineBridge."""
import os

# pyqtgraph picks the first Qt binding it finds unless told; pin it before any import of it.
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
os.environ.setdefault("QT_API", "pyside6")
