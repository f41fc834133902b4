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

import os
import re
from functools import cache
from importlib.machinery import SourceFileLoader
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import CodeType

ENGLISH = "en"
JAPANESE = "ja"
LANGUAGES = (ENGLISH, JAPANESE)


class CatalogError(LookupError):
    """A key with no line, or a language a line lacks: a programming error, found by
    ``tests/core/test_catalog.py`` before it reaches a user."""


_FOLDER = os.path.dirname(__file__)


class _AreaLoader(SourceFileLoader):
    """Reads an area file through Python's own bytecode cache: the first read parses the
    TOML and stores the lines as a compiled module (``__pycache__/<area>.cpython-311.pyc``
    beside the ``.pyc`` files of the code, or under ``PYTHONPYCACHEPREFIX``); later reads
    load that in a fraction of a millisecond. Parsing the TOML of the areas a one-file
    ``validate`` says (``cli`` for its options' help, ``document`` for its findings) and
    importing ``tomllib`` cost more CPU than the rest of its start together. The cache
    is checked against the file's modification time and size, as a ``.py`` file's is,
    and is not written where Python writes no bytecode (``PYTHONDONTWRITEBYTECODE``, a
    read-only install): the file is then parsed on every run, as before."""

    def source_to_code(  # type: ignore[override]  # the TOML is the "source" here
        self, data: bytes, path: str, *, _optimize: int = -1
    ) -> CodeType:
        import tomllib  # only on a cache miss

        table = tomllib.loads(data.decode("utf-8"))
        lines = {key: dict(value) for key, value in table.items()}
        return compile(f"LINES = {lines!r}", path, "exec", dont_inherit=True)


@cache
def area(name: str) -> dict[str, dict[str, str]]:
    """The lines of one area file, keyed by their full key. Read from the file next to
    this module, not with ``importlib.resources``: that brings ``tempfile``, ``shutil`` and
    ``zipfile``, a fifth of the start of a one-file ``validate``, to read a file."""
    loader = _AreaLoader(name, os.path.join(_FOLDER, f"{name}.toml"))
    try:
        code = loader.get_code(name)
    except OSError as exc:
        raise CatalogError(f"no catalog area {name!r}") from exc
    assert code is not None  # typed optional for loaders of packages without code
    # named as no file is (the loader names it after the TOML file): a tracer such as
    # coverage would otherwise count the TOML file as Python source that ran
    code = code.replace(co_filename=f"<catalog area {name}>")
    namespace: dict[str, dict[str, dict[str, str]]] = {}
    exec(code, namespace)  # our own lines, compiled from our own file
    return namespace["LINES"]


@cache
def areas() -> tuple[str, ...]:
    """Every area the package ships: the tests hold the catalog whole with it, and
    ``phrase_key`` asks it of every phrase said in another language (listed once: a
    ``compare`` saying thousands of unannounced changes listed the folder for each)."""
    return tuple(
        sorted(name.removesuffix(".toml") for name in os.listdir(_FOLDER) if name.endswith(".toml"))
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


# Patterns, not compiled ones: compiling the wide Japanese class costs a few ms of every
# run's start, and only Japanese output needs it (``re`` compiles and keeps it on first use).
_JAPANESE_END = r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]\Z"
_SPACED_PARTICLE = r" [\u3041-\u309f]"


def _fill_japanese(line: str, params: dict[str, object]) -> str:
    """Fill a Japanese template, dropping the space it keeps between a placeholder and the
    particle after it when the value ends in Japanese. The space sets a Latin value off
    ("gzip のデータ", "http://… について"); after Japanese it is a gap ("（rel="up"） の"
    must read "（rel="up"）の", "このエントリ について" "このエントリについて"). Spaces
    before words other than particles stay: they separate a label from its value."""
    from string import Formatter  # only Japanese fills need it

    formatter = Formatter()
    pieces: list[str] = []
    for literal, field, spec, conversion in formatter.parse(line):
        if pieces and re.match(_SPACED_PARTICLE, literal) and re.search(_JAPANESE_END, pieces[-1]):
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
    from string import Formatter

    return {
        field.split(".")[0].split("[")[0] for _, field, _, _ in Formatter().parse(value) if field
    }
