"""Every item model of the window shows outside text through the one sanitiser.

``PlainModel`` wraps the ``data`` of each model built on it, so the text a view draws or a
screen reader reads (``SHOWN_ROLES``) has its bidi, zero-width and control characters
written as escapes, whatever the subclass returns. The guard walks every module of
``explorer.ui``: a new panel's model that is not built on it fails here.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from PySide6.QtCore import QAbstractItemModel, QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

import explorer.ui
from explorer.ui.shared.plain_text import SHOWN_ROLES, PlainModel, is_plain

OVERRIDE = "list\u202elmx.exe\x1b[2J\u200b"


def window_models() -> list[type]:
    """Every ``QAbstractItemModel`` subclass defined in a module of ``explorer.ui``."""
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(explorer.ui.__path__, "explorer.ui."):
        module = importlib.import_module(info.name)
        for _name, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, QAbstractItemModel) and value.__module__.startswith(
                "explorer.ui."
            ):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return list(found.values())


def test_every_model_of_the_window_shows_text_through_the_sanitiser(qapp) -> None:
    models = window_models()
    assert len(models) >= 10  # the walk found the window's models
    assert [model.__qualname__ for model in models if not is_plain(model)] == []


class Cells(PlainModel, QAbstractTableModel):
    """A model that gives outside text as it came, in every role."""

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 1

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 1

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        return OVERRIDE if role != Qt.ItemDataRole.UserRole else 7


class MoreCells(Cells):
    """A subclass that overrides ``data`` again, returning the raw text."""

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        return OVERRIDE


class Items(PlainModel, QStandardItemModel):
    """A model whose items keep their own text (the live feed's shape)."""


def test_shown_roles_are_visible_other_roles_are_left_alone(qapp) -> None:
    for model in (Cells(), MoreCells()):
        index = model.index(0, 0)
        for role in SHOWN_ROLES:
            assert model.data(index, role) == "list\\u202elmx.exe\\u001b[2J\\u200b"
        assert index.data() == "list\\u202elmx.exe\\u001b[2J\\u200b"  # asked by Qt itself
    assert Cells().data(Cells().index(0, 0), Qt.ItemDataRole.UserRole) == 7
    assert MoreCells().data(MoreCells().index(0, 0), Qt.ItemDataRole.ToolTipRole) == OVERRIDE
    items = Items()
    items.appendRow(QStandardItem(OVERRIDE))
    assert items.index(0, 0).data() == "list\\u202elmx.exe\\u001b[2J\\u200b"
