"""The interface language: which one is chosen, its translators, and findings said in it.

The window's own words come from Qt's translation system (``explorer_<lang>.qm`` in
``translations/``, English too, for its plural forms) together with Qt's ``qtbase``
catalog for standard buttons and dialogs. Findings are not Qt strings: their text comes
from the pure catalog in ``explorer.core.words.messages``, asked for in the same language, so
the Problems tab, the feed's warnings, the workbench and tooltips agree with the window.
The language is fixed for a run: a new choice in Settings takes effect at the next start.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from explorer.core.words.languages import ENGLISH, JAPANESE, LANGUAGES

if TYPE_CHECKING:
    from explorer.core.findings import Finding, Severity

TRANSLATIONS = Path(__file__).resolve().parent / "translations"
SYSTEM = "system"
"""The stored preference that follows the system locale."""
_LOCALES = {ENGLISH: QLocale.Language.English, JAPANESE: QLocale.Language.Japanese}
_TERRITORIES = {ENGLISH: QLocale.Country.UnitedStates, JAPANESE: QLocale.Country.Japan}

_state: dict[str, object] = {"language": ENGLISH, "translators": []}


def system_language(locale: QLocale | None = None) -> str:
    """Japanese when the system's UI languages put Japanese before English, else English."""
    locale = locale or QLocale.system()
    for name in [*locale.uiLanguages(), locale.name()]:
        code = name.replace("_", "-").split("-", 1)[0].lower()
        if code in LANGUAGES:
            return code
    return ENGLISH


def choose_language(requested: str | None, stored: str, locale: QLocale | None = None) -> str:
    """``--lang`` first, then the Settings choice, then the system locale."""
    if requested in LANGUAGES:
        return requested
    if stored in LANGUAGES:
        return stored
    return system_language(locale)


def install_language(language: str, app: QCoreApplication | None = None) -> str:
    """Load the explorer's and Qt's catalogs for ``language`` into ``app`` (replacing any
    installed before) and make it the default locale for numbers and dates. Call before
    any widget is built: widgets read their text once. Returns the language installed."""
    app = app or QCoreApplication.instance()
    assert app is not None, "create the QApplication first"
    language = language if language in LANGUAGES else ENGLISH
    for old in _translators():
        app.removeTranslator(old)
    installed: list[QTranslator] = []
    ours = QTranslator(app)
    if ours.load(str(TRANSLATIONS / f"explorer_{language}.qm")):
        installed.append(ours)
    if language != ENGLISH:
        qt_base = QTranslator(app)
        qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_base.load(f"qtbase_{language}", qt_folder):
            installed.append(qt_base)
    for translator in installed:
        app.installTranslator(translator)
    QLocale.setDefault(QLocale(_LOCALES[language], _TERRITORIES[language]))
    _state["language"] = language
    _state["translators"] = installed
    return language


def _translators() -> list[QTranslator]:
    translators = _state["translators"]
    assert isinstance(translators, list)
    return translators


def ui_language() -> str:
    """The language installed for this run (English until one is)."""
    return str(_state["language"])


def finding_text(item: Finding) -> str:
    """A finding's message in the interface language."""
    from explorer.core.words.messages import (
        render_message,  # its catalog: not before the first frame
    )

    return render_message(item, ui_language())


def severity_text(severity: Severity) -> str:
    from explorer.core.words.messages import render_severity

    return render_severity(severity, ui_language())


def spec_text(spec: str | None) -> str:
    """A spec citation; in Japanese it names the Japanese translation where one exists."""
    from explorer.core.words.messages import render_spec

    return render_spec(spec, ui_language()) or ""


def document_name(name: str) -> str:
    """A document kind as the core names it ('Change List Index') in the interface language."""
    from explorer.core.words.messages import render_document_name

    return render_document_name(name, ui_language())


def glossed(text: str) -> str:
    """``text`` with the first mention of each document name followed by its English
    (「機能リスト（Capability List）」); as it is in English."""
    from explorer.core.words.document_glosses import gloss_document_names

    return gloss_document_names(text, ui_language())


def document_name_glossed(name: str) -> str:
    """A document kind as the core names it, in the interface language with its English."""
    from explorer.core.words.document_glosses import glossed_name

    return glossed_name(document_name(name), ui_language())
