"""What the views say when an output cannot be trusted: engine.domain's DomainReport (carried in
the attention and beam results, computed in the worker) as one sentence in the interface language."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from app.engine_text import engine_message



def domain_warning(report) -> str:
    """"" when the report finds nothing (or there is none: teacher forcing, a Hugging Face model);
    else a warning that names every reason (unknown words, not a date, dropped words …)."""
    if report is None or not report.flagged:
        return ""
    reasons = QCoreApplication.translate("DomainText", "; ").join(engine_message(m) for m in report.reasons)
    return QCoreApplication.translate("DomainText", "⚠ Do not trust this output: {0}.").format(reasons)


def invalid_output_mark(report) -> str:
    """The mark beside an output that names no calendar day ("" for any other output)."""
    if report is None or not report.invalid_date:
        return ""
    return QCoreApplication.translate("DomainText", "✗ not a real date")
