"""One catalog for every human-readable line the engine and the command line say.

Each area keeps its lines in ``explorer/core/catalog/<area>.toml``; a key is
``"<area>.<name>"`` and holds one template per language, side by side::

    ["inspect.channels-heading"]
    en = "Channels ({count})"
    ja = "チャンネル（{count}）"

TOML because it is read by the standard library (``tomllib``) with no build step, keeps
both languages of a line next to each other for the reviewer, allows comments for the
translator, and lets each feature own its file, so two features never edit the same one.
Areas load on first use, so a command pays only for the lines it says.

Qt widget strings stay in Qt's ``.ts`` files: Qt Linguist, plurals by ``%n`` and
``QTranslator`` need them there. Everything below the window comes from here.
"""

from __future__ import annotations

import pkgutil
import re
import tomllib
from functools import cache
from string import Formatter

ENGLISH = "en"
JAPANESE = "ja"
LANGUAGES = (ENGLISH, JAPANESE)


class CatalogError(LookupError):
    """A key with no line, or a language a line lacks: a programming error, found by
    ``tests/core/test_catalog.py`` before it reaches a user."""


@cache
def area(name: str) -> dict[str, dict[str, str]]:
    """The lines of one area file, keyed by their full key. Read with ``pkgutil``, not
    ``importlib.resources``: the latter brings ``tempfile``, ``shutil`` and ``zipfile``,
    a fifth of the start of a one-file ``validate``, to read a file next to this one."""
    try:
        raw = pkgutil.get_data(__package__, f"{name}.toml")
    except FileNotFoundError as exc:
        raise CatalogError(f"no catalog area {name!r}") from exc
    if raw is None:
        raise CatalogError(f"no catalog area {name!r}")
    table = tomllib.loads(raw.decode("utf-8"))
    return {key: dict(value) for key, value in table.items()}


def areas() -> list[str]:
    """Every area the package ships, for the tests that hold the catalog whole."""
    from importlib import resources

    return sorted(
        entry.name.removesuffix(".toml")
        for entry in resources.files(__package__).iterdir()
        if entry.name.endswith(".toml")
    )


def template(key: str, lang: str = ENGLISH) -> str:
    """The raw template of ``key`` in ``lang`` (English for an unknown language)."""
    name = key.partition(".")[0]
    line = area(name).get(key)
    if line is None:
        raise CatalogError(f"no catalog line {key!r}")
    chosen = lang if lang in LANGUAGES else ENGLISH
    if chosen not in line:
        raise CatalogError(f"catalog line {key!r} has no {chosen!r} text")
    return line[chosen]


def has(key: str, lang: str = ENGLISH) -> bool:
    """Whether the catalog has ``key`` in ``lang``: for lines only some keys or languages
    have, such as the Japanese message shapes of the finding codes."""
    return lang in area(key.partition(".")[0]).get(key, {})


def text(key: str, lang: str = ENGLISH, /, **params: object) -> str:
    """The line ``key`` in ``lang``, its ``{placeholders}`` filled from ``params``."""
    return fill(template(key, lang), lang, params)


def counted(key: str, count: int, lang: str = ENGLISH) -> str:
    """``key-one`` for one and ``key-other`` for any other count, filled with ``count``:
    English says "1 warning" and "2 warnings" (Japanese lines say both alike)."""
    return text(f"{key}-one" if count == 1 else f"{key}-other", lang, count=count)


def fill(line: str, lang: str, params: dict[str, object]) -> str:
    """A template of ``lang`` with its placeholders filled (``format_map``; in Japanese with
    no space left before a particle that follows Japanese, see ``_fill_japanese``)."""
    if lang == JAPANESE:
        return _fill_japanese(line, params)
    return line.format_map(params)


_JAPANESE_END = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]\Z")
_SPACED_PARTICLE = re.compile(r" [\u3041-\u309f]")


def _fill_japanese(line: str, params: dict[str, object]) -> str:
    """Fill a Japanese template, dropping the space it keeps between a placeholder and the
    particle after it when the value ends in Japanese. The space sets a Latin value off
    ("gzip のデータ", "http://… について"); after Japanese it is a gap ("（rel="up"） の"
    must read "（rel="up"）の", "このエントリ について" "このエントリについて"). Spaces
    before words other than particles stay: they separate a label from its value."""
    formatter = Formatter()
    pieces: list[str] = []
    for literal, field, spec, conversion in formatter.parse(line):
        if pieces and _SPACED_PARTICLE.match(literal) and _JAPANESE_END.search(pieces[-1]):
            literal = literal[1:]
        pieces.append(literal)
        if field is None:
            continue
        value, _ = formatter.get_field(field, (), params)
        value = formatter.convert_field(value, conversion)
        spec = formatter.vformat(spec, (), params) if spec and "{" in spec else spec or ""
        pieces.append(formatter.format_field(value, spec))
    return "".join(pieces)


def placeholders(value: str) -> set[str]:
    """The field names a template uses, so the tests can hold languages in step."""
    return {
        field.split(".")[0].split("[")[0] for _, field, _, _ in Formatter().parse(value) if field
    }
