"""The languages the explorer speaks, as codes: a module with nothing else in it, so the
window's start-up can offer and choose a language before any catalog or rule loads."""

from __future__ import annotations

ENGLISH = "en"
JAPANESE = "ja"
LANGUAGES = (ENGLISH, JAPANESE)
