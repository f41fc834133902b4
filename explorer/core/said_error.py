"""An error a user reads, whose words are a catalog line.

The engine does not know the language of the run; the command line does. So an engine
error keeps its catalog key and params: ``str()`` gives the English (logs, tests, the
window's English), ``describe(lang)`` the line in the run's language.
"""

from __future__ import annotations

from explorer.core import catalog


class SaidError(Exception):
    """An error said by the catalog line ``key`` over ``params``."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(catalog.text(key, catalog.ENGLISH, **params))
        self.key = key
        self.params = params

    def describe(self, lang: str) -> str:
        return catalog.text(self.key, lang, **self.params)
