"""The Problems tab: a code found many times is one row that expands to its occurrences."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt

from explorer.core.findings import finding
from explorer.ui.shared.problems_model import ProblemsModel
from explorer.ui.shared.problems_view import ProblemsView


def _findings() -> list:
    repeated = [
        finding("document.hash-malformed", f'hash value "md5:{n}=" is not alg:hexdigest', line=n)
        for n in range(4, 4 + 996)
    ]
    return [
        *repeated,
        finding("document.loc-not-absolute", "<loc>r.html</loc> is relative", line=2),
    ]


def test_one_row_per_code_with_children_for_each_occurrence(qapp, qtmodeltester) -> None:
    model = ProblemsModel()
    model.set_findings(_findings())
    assert model.rowCount() == 2
    assert [model.finding(r).code for r in range(2)] == [
        "document.loc-not-absolute",
        "document.hash-malformed",
    ]
    single, group = model.index(0, 0), model.index(1, 0)
    assert model.rowCount(single) == 0
    assert model.rowCount(group) == 996
    assert model.data(model.index(1, 1)) == "document.hash-malformed"
    assert model.data(model.index(1, 3)).startswith('996 times, first: hash value "md5:4="')
    tooltip = model.data(model.index(1, 3), Qt.ItemDataRole.ToolTipRole)
    assert "996 times, lines 4, 5, 6" in tooltip
    last = model.index(995, 2, group)
    assert model.data(last) == "999"
    assert model.finding_at(last).line == 999
    assert model.parent(last) == group
    assert model.data(model.index(0, 1, group)) == ""  # the code is on the group row
    qtmodeltester.check(model)


def test_the_view_expands_a_group_and_chooses_an_occurrence(qtbot, output_dir: Path) -> None:
    model = ProblemsModel()
    view = ProblemsView(model)
    qtbot.addWidget(view)
    view.resize(900, 420)
    model.set_findings(_findings())
    view.show()
    group = model.index(1, 0)
    view.table.expand(group)
    assert view.table.isExpanded(group)
    occurrence = model.index(2, 0, group)
    chosen = []
    view.chosen.connect(chosen.append)
    view.table.setCurrentIndex(occurrence)
    view.table.clicked.emit(occurrence)
    assert [item.line for item in chosen] == [6]
    assert "line 6" in view.detail.text()
    assert view.table.visualRect(occurrence).isValid()
    assert view.grab().save(str(output_dir / "problems-grouped.png"))


def test_an_empty_model_has_no_rows(qapp) -> None:
    model = ProblemsModel()
    assert model.rowCount() == 0 and model.finding_at(QModelIndex()) is None
    assert model.headerData(3, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == (
        "message"
    )
