"""The window in Japanese: every string goes through Qt's translation system, every one
has a finished Japanese translation, the committed ``.qm`` files are what the ``.ts``
files compile to, and the language is chosen and installed as documented."""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from lxml import etree
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QDialogButtonBox

from explorer.core.findings import Finding, Severity
from explorer.ui import language
from explorer.ui.language import choose_language, install_language, system_language

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "explorer" / "ui"
TRANSLATIONS = UI / "translations"
TECHNICAL = "technical"
"""The translator comment of a string that stays as written (a header name, a URL form)."""

TEXT_SETTERS = {
    "setText",
    "setToolTip",
    "setStatusTip",
    "setWhatsThis",
    "setWindowTitle",
    "setPlaceholderText",
    "setAccessibleName",
    "setAccessibleDescription",
    "setSpecialValueText",
    "setPrefix",
    "setSuffix",
    "setTitle",
    "setLabelText",
    "setHeaderLabels",
    "setHorizontalHeaderLabels",
    "setNameFilters",
    "showMessage",
    "show_message",
    "addTab",
    "setTabText",
    "addAction",
    "addMenu",
    "addItem",
    "addRow",
    "addButton",
    "appendPlainText",
    "note",
    "confirm",
    "show_error",
}
WIDGETS = {
    "QLabel",
    "PlainLabel",
    "QPushButton",
    "QCheckBox",
    "QRadioButton",
    "QGroupBox",
    "QAction",
    "QMenu",
    "QToolBar",
    "QDockWidget",
    "QMessageBox",
    "QFileDialog",
    "QListWidgetItem",
    "QTreeWidgetItem",
}
ALLOWED_LITERALS = {
    "s",  # the seconds unit of a spin box, as in SI
    "N =",  # a count spin box's prefix: a formula
    "POST",  # an HTTP method typed into a filter
    "subscribe POST",  # words typed into the inspector's filter for a screenshot
    "dataset1/",  # a path typed into a filter for a screenshot
    "https://example.org/rs/",  # an example base URL, a placeholder in every language
    "sha256=…",  # the X-Hub-Signature form, a placeholder in every language
    "http://127.0.0.1:8000/hook",  # an application's address typed for a screenshot
    "made-up-secret",  # a forward secret typed for a screenshot (shown as dots)
}
"""Strings that are the same in every language (compared without surrounding spaces)."""


def literal_text(node: ast.AST) -> str | None:
    """The text of a plain string literal or an f-string (with ``{}`` for its values);
    None for anything else (a call to ``tr()``, a variable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
        )
    if isinstance(node, ast.List | ast.Tuple):
        texts = [literal_text(item) for item in node.elts]
        found = [text for text in texts if text is not None]
        return found[0] if found else None
    return None


def untranslated_literals(source: str, name: str) -> list[str]:
    """``file:line: text`` for each English literal passed straight to a widget."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if called not in TEXT_SETTERS and called not in WIDGETS:
            continue
        for argument in [*node.args, *(k.value for k in node.keywords)]:
            text = literal_text(argument)
            words = re.sub(r"<[^>]*>|\{\}", "", text or "")
            if (
                text is not None
                and text.strip() not in ALLOWED_LITERALS
                and re.search("[A-Za-z]", words)
            ):
                found.append(f"{name}:{node.lineno}: {called}({text!r})")
    return found


def test_the_scan_finds_literals_and_lets_tr_through() -> None:
    source = (
        "label = QLabel('Hello')\n"
        "button.setToolTip(f'open {url}')\n"
        "bar.setText(self.tr('Fine'))\n"
        "menu.addAction(self.tr('Also fine'), slot)\n"
        "box.addRow('Bind', row)\n"
        "close.setText('✕')\n"
        "header.setText(f'<b>{url}</b><br>{text}')\n"
    )
    assert untranslated_literals(source, "sample.py") == [
        "sample.py:1: QLabel('Hello')",
        "sample.py:2: setToolTip('open {}')",
        "sample.py:5: addRow('Bind')",
    ]


def test_no_english_literal_goes_straight_to_a_widget() -> None:
    found = []
    for path in sorted(UI.rglob("*.py")):  # every feature package, not only the top level
        found += untranslated_literals(path.read_text(encoding="utf-8"), str(path.relative_to(UI)))
    assert not found, "wrap these in self.tr() / QCoreApplication.translate():\n" + "\n".join(found)


# --- the .ts and .qm files ---------------------------------------------------------------


def load_tool() -> ModuleType:
    """packaging/translations.py is a script, not part of the package: load it by path."""
    spec = importlib.util.spec_from_file_location(
        "translations_tool", ROOT / "packaging" / "translations.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def refreshed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Copies of the committed .ts files, updated by lupdate from the code as it is now:
    a string added to the code shows up here unfinished."""
    folder = tmp_path_factory.mktemp("ts")
    copies = {}
    for lang in ("ja", "en"):
        copies[lang] = folder / f"explorer_{lang}.ts"
        shutil.copy(TRANSLATIONS / f"explorer_{lang}.ts", copies[lang])
    load_tool().extract(list(copies.values()))
    return copies


def messages(ts_file: Path) -> list[etree._Element]:
    return [
        message
        for message in etree.parse(str(ts_file)).iter("message")
        if message.find("translation").get("type") not in ("obsolete", "vanished")
    ]


def source_of(message: etree._Element) -> str:
    context = message.getparent().findtext("name")
    return f"{context}: {message.findtext('source')!r}"


def forms(message: etree._Element) -> list[str]:
    translation = message.find("translation")
    numerus = translation.findall("numerusform")
    return [form.text or "" for form in numerus] if numerus else [translation.text or ""]


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{[a-z_]*(?::[^}]*)?\}|%L?n|%\d", text))


def test_every_string_has_a_finished_japanese_translation(refreshed: dict[str, Path]) -> None:
    found = messages(refreshed["ja"])
    assert len(found) > 300  # the whole window, not a sample
    unfinished = [
        source_of(m)
        for m in found
        if m.find("translation").get("type") == "unfinished" or not all(forms(m))
    ]
    assert not unfinished, (
        "translate these in explorer/ui/translations/explorer_ja.ts "
        "(python3 packaging/translations.py, then fill them in):\n" + "\n".join(unfinished)
    )


def test_only_technical_strings_keep_their_english(refreshed: dict[str, Path]) -> None:
    found = messages(refreshed["ja"])
    same = [m for m in found if forms(m) == [m.findtext("source")]]
    unmarked = [source_of(m) for m in same if m.findtext("translatorcomment") != TECHNICAL]
    assert not unmarked, "translate these, or mark them technical:\n" + "\n".join(unmarked)
    assert len(same) <= 0.02 * len(found), "at least 98 % of the strings are translated"


def test_translations_keep_every_placeholder(refreshed: dict[str, Path]) -> None:
    wrong = [
        f"{source_of(m)} -> {form!r}"
        for m in messages(refreshed["ja"])
        for form in forms(m)
        if placeholders(form) != placeholders(m.findtext("source"))
    ]
    assert not wrong, "a translation lost or invented a placeholder:\n" + "\n".join(wrong)


def test_english_has_both_plural_forms(refreshed: dict[str, Path]) -> None:
    plurals = [m for m in messages(refreshed["en"]) if m.get("numerus") == "yes"]
    assert len(plurals) >= 10
    missing = [source_of(m) for m in plurals if len(forms(m)) != 2 or not all(forms(m))]
    assert not missing, "give these their English singular and plural:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_committed_qm_is_what_the_ts_compiles_to(lang: str, tmp_path: Path) -> None:
    built = tmp_path / f"explorer_{lang}.qm"
    load_tool().compile_ts(TRANSLATIONS / f"explorer_{lang}.ts", built)
    committed = TRANSLATIONS / f"explorer_{lang}.qm"
    assert committed.read_bytes() == built.read_bytes(), (
        f"{committed.name} is stale: run python3 packaging/translations.py"
    )


# --- choosing and installing the language --------------------------------------------------


def test_the_language_comes_from_lang_then_settings_then_the_system() -> None:
    japanese = QLocale(QLocale.Language.Japanese, QLocale.Country.Japan)
    french = QLocale(QLocale.Language.French, QLocale.Country.France)
    assert choose_language("en", "ja", japanese) == "en"
    assert choose_language(None, "ja", french) == "ja"
    assert choose_language(None, "system", japanese) == "ja"
    assert choose_language(None, "system", french) == "en"  # not spoken: English
    assert system_language(QLocale(QLocale.Language.English)) == "en"


@pytest.fixture
def japanese(qapp):
    install_language("ja", qapp)
    yield qapp
    install_language("en", qapp)


def test_japanese_loads_the_explorer_and_qt_catalogs(japanese) -> None:
    assert language.ui_language() == "ja"
    assert QCoreApplication.translate("MainWindowWidgets", "Re-discover Source") == "ソースを再検出"
    assert QCoreApplication.translate("Counts", "%Ln entry(s)", "", 1234) == "エントリ 1,234 件"
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)  # Qt's own words: qtbase_ja
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text() == "キャンセル"
    box.deleteLater()


def test_english_has_real_plurals(qapp) -> None:
    install_language("en", qapp)
    counts = [QCoreApplication.translate("Counts", "%Ln error(s)", "", n) for n in (0, 1, 2, 1234)]
    assert counts == ["0 errors", "1 error", "2 errors", "1,234 errors"]


def test_findings_follow_the_interface_language(japanese) -> None:
    item = Finding(Severity.ERROR, "parse.dtd-refused", "DOCTYPE refused", line=1)
    assert language.finding_text(item) != item.message
    assert language.severity_text(Severity.ERROR) == "エラー"
    cited = language.spec_text("framework-notification 1.0.1 §3")
    assert "日本語訳「フレームワーク通知」3 項" in cited
    install_language("en", japanese)
    assert language.finding_text(item) == "DOCTYPE refused"


def test_a_column_is_never_narrower_than_its_title(qtbot) -> None:
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QTableView

    from explorer.ui.shared.columns import set_column_widths

    model = QStandardItemModel(0, 3)
    model.setHorizontalHeaderLabels(["ステータス", "ms", "トピック"])
    table = QTableView()
    qtbot.addWidget(table)
    table.setModel(model)
    table.setColumnWidth(2, 77)
    set_column_widths(table, (20, 60, 0))
    title = table.horizontalHeader().fontMetrics().horizontalAdvance("ステータス")
    assert table.columnWidth(0) >= title  # widened to its title
    assert table.columnWidth(1) == 60  # wide enough already
    assert table.columnWidth(2) == 77  # 0: left alone


def test_the_insecure_warning_is_the_engine_s_words_in_the_interface_language(japanese) -> None:
    from explorer.net.http.network_access import INSECURE_WARNING
    from explorer.ui.source.network_page import INSECURE_WARNING_MARKED, insecure_warning_text

    assert INSECURE_WARNING_MARKED == INSECURE_WARNING
    assert insecure_warning_text().startswith("TLS 証明書を検証していません")
    install_language("en", japanese)
    assert insecure_warning_text() == INSECURE_WARNING


def test_the_discovery_tooltip_names_each_route_in_the_interface_language(japanese) -> None:
    from explorer.net.source.crawl_tree import CrawlResult
    from explorer.net.source.discovery import Discovery, Route, RouteAttempt
    from explorer.ui.source.discovery_text import discovery_text

    discovery = Discovery("http://example.org/")
    discovery.attempts = [
        RouteAttempt(Route.DIRECT, "http://example.org/", False, "an HTML page (text/html)"),
        RouteAttempt(Route.LINK_HEADER, "http://example.org/", False, "no Link header"),
    ]
    _, tried = discovery_text(CrawlResult("http://example.org/", discovery, None))
    assert tried.splitlines()[0] == "試した検出経路:"
    assert tried.splitlines()[1].startswith("✗ アドレス: http://example.org/ — ")
    assert tried.splitlines()[2].startswith("✗ Link ヘッダー: ")


def test_the_demo_menu_describes_each_fault_in_the_interface_language(japanese, qtbot) -> None:
    from explorer.demo.faults import FAULTS, FaultSet
    from explorer.ui.shell.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    menu = window.install_demo_menu(FaultSet(), FAULTS)
    [faults_menu] = [a.menu() for a in menu.actions() if a.menu() is not None]
    tips = {a.text(): a.toolTip() for a in faults_menu.actions()}
    assert set(tips) == set(FAULTS)
    assert tips["slow-delivery"] == "ハブが配信のたびに待ってから送ります"
    assert all(tip != FAULTS[name] for name, tip in tips.items())


def test_a_window_built_by_its_view_speaks_the_view_s_and_the_controllers_words(
    japanese, qtbot, tmp_path
) -> None:
    """The window's words sit in three contexts (the view, the shell, the Source
    controller); each is found from the window that uses it."""
    from PySide6.QtCore import QSettings

    from explorer.ui.shell.main_window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.rediscover_action.text() == "ソースを再検出"
    assert window.windowTitle() == QCoreApplication.translate("MainWindow", "ResourceSync Explorer")
    assert window.source.check_label("dump") != "Checking the dump of {url}"
