"""The plan's bar chart: each run's predicted wall time at every profile, one bar a
profile, grouped by run, drawn with QPainter (PySide6-Essentials has no QtCharts).

Horizontal bars keep every label readable in both languages at a laptop's width; the
longest bar is the widest the widget allows and the others are to scale with it."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from explorer.core.plan.report import AUDIT, BASELINE, INCREMENTAL

BAR_COLOURS = ("#4e79a7", "#f28e2b", "#59a14f")
"""One colour a profile, in the order the plan compares them (resync-sync, parallel, dumps)."""
ROW, GAP, PAD = 18, 8, 6


class TimeChart(QWidget):
    """Bars of seconds by run and profile (``Plan.seconds_by_profile``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PlanTimeChart")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.by_profile: dict[str, dict[str, float]] = {}
        self.run_names = {
            BASELINE: self.tr("Baseline"),
            INCREMENTAL: self.tr("Incremental"),
            AUDIT: self.tr("Audit"),
        }

    def set_times(self, by_profile: dict[str, dict[str, float]]) -> None:
        self.by_profile = by_profile
        self.updateGeometry()
        self.setMinimumHeight(self.sizeHint().height())
        self.update()

    def bars(self) -> list[tuple[str, str, float]]:
        """(run, profile, seconds) in the order drawn: runs, then profiles within a run."""
        found = []
        for run in self.run_names:
            for profile, runs in self.by_profile.items():
                if run in runs:
                    found.append((run, profile, runs[run]))
        return found

    def sizeHint(self) -> QSize:
        bars = self.bars()
        runs = len({run for run, _, _ in bars})
        return QSize(320, PAD * 2 + (len(bars) + runs) * ROW + max(runs - 1, 0) * GAP)

    def paintEvent(self, event: QPaintEvent) -> None:
        bars = self.bars()
        painter = QPainter(self)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            text = self.palette().color(QPalette.ColorRole.WindowText)
            metrics = painter.fontMetrics()
            profiles = list(self.by_profile)
            labels = [self.run_names[run] for run in self.run_names] + profiles
            left = PAD + max((metrics.horizontalAdvance(label) for label in labels), default=0)
            left += 2 * PAD
            seconds_width = metrics.horizontalAdvance(self.seconds_text(99999.9)) + PAD
            room = max(self.width() - left - seconds_width - PAD, 10)
            longest = max((seconds for _, _, seconds in bars), default=0.0) or 1.0
            y, shown_run = float(PAD), None
            for run, profile, seconds in bars:
                if run != shown_run:
                    if shown_run is not None:
                        y += GAP
                    painter.setPen(text)
                    painter.drawText(
                        QRectF(PAD, y, left, ROW),
                        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                        self.run_names[run],
                    )
                    y += ROW
                    shown_run = run
                colour = QColor(BAR_COLOURS[profiles.index(profile) % len(BAR_COLOURS)])
                painter.setPen(text)
                painter.drawText(
                    QRectF(2 * PAD, y, left - 3 * PAD, ROW),
                    Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                    profile,
                )
                width = room * seconds / longest
                painter.fillRect(QRectF(left, y + 2, max(width, 1.0), ROW - 4), colour)
                painter.drawText(
                    QRectF(left + width + PAD, y, seconds_width, ROW),
                    Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                    self.seconds_text(seconds),
                )
                y += ROW
        finally:
            painter.end()

    def seconds_text(self, seconds: float) -> str:
        return self.tr("{seconds} s").format(seconds=f"{seconds:,.1f}")
