"""The views, in navigation order.  Each lives in its own module and subclasses View."""
from __future__ import annotations


def view_classes():
    """Imported on demand so that `import app.views` stays light."""
    from app.views.attention import AttentionView
    from app.views.beam import BeamView
    from app.views.positional import PositionalView
    from app.views.entropy import EntropyView

    return [AttentionView, BeamView, PositionalView, EntropyView]
