"""A lease's history as a table: each subscription request with the hub's answer, each
verification of intent the hub sent."""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.services.watchdog import LeaseStep
from explorer.ui.shared.columns import Column
from explorer.ui.shared.filtered_rows_model import FilteredRowsModel

STEP_NAMES = {
    "subscribe": QT_TRANSLATE_NOOP("LeaseModel", "request to the hub: subscribe"),
    "unsubscribe": QT_TRANSLATE_NOOP("LeaseModel", "request to the hub: unsubscribe"),
    "verification": QT_TRANSLATE_NOOP("LeaseModel", "verification of intent from the hub"),
}


def _time(step: LeaseStep) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(step.time)) + "Z"


class LeaseModel(FilteredRowsModel[LeaseStep]):
    columns = (
        Column("time", QT_TRANSLATE_NOOP("LeaseModel", "time (UTC)"), 150, _time),
        Column(
            "what",
            QT_TRANSLATE_NOOP("LeaseModel", "what"),
            230,
            lambda s: QCoreApplication.translate("LeaseModel", STEP_NAMES.get(s.what, s.what)),
        ),
        Column("mode", QT_TRANSLATE_NOOP("LeaseModel", "hub.mode"), 90, lambda s: s.mode),
        Column(
            "lease",
            QT_TRANSLATE_NOOP("LeaseModel", "hub.lease_seconds"),
            120,
            lambda s: s.lease_seconds,
        ),
        Column(
            "status",
            QT_TRANSLATE_NOOP("LeaseModel", "status"),
            60,
            lambda s: "" if s.status is None else str(s.status),
        ),
        Column(
            "answer",
            QT_TRANSLATE_NOOP("LeaseModel", "answer (verbatim)"),
            0,
            lambda s: s.answer,
            tooltip=True,
        ),
    )
