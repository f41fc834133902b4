"""Japanese finding messages: the catalog covers every code, its templates fit the params
the call sites pass, and findings render in Japanese with their own values."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from explorer.core import catalog
from explorer.core.codes import CODES
from explorer.core.findings import CappedFindings, Finding, Severity, finding
from explorer.core.push.payload_templates import templates
from explorer.core.rules.context import ValidationContext
from explorer.core.rules.phrases import link_place, loc_or_this_entry, on_link, place
from explorer.core.validator import check_bytes
from explorer.core.words.messages import (
    Phrase,
    message_shapes,
    phrase_key,
    render_message,
    render_phrase,
    render_severity,
    render_spec,
    render_template_title,
    render_title,
    template_fields,
)

PACKAGE = Path(__file__).resolve().parents[2] / "explorer"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TITLES = {code: catalog.text(code, "ja") for code in CODES}
TEMPLATES = {code: shapes for code in CODES if (shapes := message_shapes(code, "ja"))}
PHRASES = {
    key.removeprefix(phrase_key("")): line["ja"]
    for key, line in catalog.area("conformance").items()
    if key.startswith(phrase_key(""))
}
TEMPLATE_FLOOR = 1.0
"""The share of codes with a Japanese message template: every one. A finding without
params (one read back from JSON) still shows the Japanese title with the English detail."""


def _literal(node: ast.expr | None) -> list[str] | None:
    """The string(s) a code or variant argument can be: a constant, or either branch of a
    conditional of constants; None when it is computed."""
    if node is None:
        return [""]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literal(node.body), _literal(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def _code_argument(node: ast.Call) -> ast.expr | None:
    """The code a call passes: ``finding(code, ...)``'s first argument, or for a helper
    that builds one (``fail(code, ...)``, ``self._fail(sub, code, ...)``) its first
    argument that is a registered code."""
    name = getattr(node.func, "id", getattr(node.func, "attr", None))
    if name == "finding":
        return node.args[0] if node.args else None
    if not any(k.arg == "params" for k in node.keywords):
        return None
    for argument in node.args:
        codes = _literal(argument)
        if codes and all(code in CODES for code in codes):
            return argument
    return None


def _call_sites() -> list[tuple[str, int, list[str] | None, set[str] | None, list[str] | None]]:
    """Every call that makes a finding (``finding(...)`` or a helper given a code and
    params): where, its code(s), the keys of a literal ``params`` dict (None without
    params) and its variant(s)."""
    sites = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            code = _code_argument(node)
            if code is None:
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            params = keywords.get("params")
            keys = None
            if isinstance(params, ast.Dict):
                keys = {k.value for k in params.keys if isinstance(k, ast.Constant)}
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            sites.append(
                (
                    where,
                    node.lineno,
                    _literal(code),
                    keys,
                    _literal(keywords.get("variant")),
                )
            )
    return sites


def test_every_registered_code_has_a_japanese_title() -> None:
    assert set(TITLES) == set(CODES)
    for code, title in TITLES.items():
        assert JAPANESE.search(title), f"{code}: title is not Japanese: {title!r}"


def test_templates_belong_to_registered_codes_and_read_japanese() -> None:
    assert set(TEMPLATES) <= set(CODES)
    for code, variants in TEMPLATES.items():
        for variant, template in variants.items():
            assert JAPANESE.search(template), f"{code} [{variant}] is not Japanese"


def test_every_template_reads_only_the_params_its_call_sites_pass() -> None:
    """The English message is the call site's f-string; its parts are the ``params``. A
    Japanese template may use a subset of them (and the code's ``title``), never more."""
    problems = []
    for where, _, codes, keys, variants in _call_sites():
        if keys is None or codes is None or variants is None:
            continue
        for code in codes:
            for variant in variants:
                template = TEMPLATES.get(code, {}).get(variant)
                if template is None:
                    problems.append(
                        f"{where}: {code} [{variant}] passes params but has no template"
                    )
                    continue
                extra = template_fields(template) - keys - {"title"}
                if extra:
                    problems.append(f"{where}: {code} [{variant}] template reads {sorted(extra)}")
    assert not problems, "\n".join(problems)


def test_template_coverage_is_reported_and_kept(capsys: pytest.CaptureFixture[str]) -> None:
    covered = sum(1 for code in CODES if TEMPLATES.get(code))
    sites = [site for site in _call_sites() if site[2] != ["code"]]
    with_params = sum(1 for site in sites if site[3] is not None)
    with capsys.disabled():
        print(
            f"\nJapanese titles {len(TITLES)}/{len(CODES)}; message templates for "
            f"{covered}/{len(CODES)} codes ({covered / len(CODES):.0%}); "
            f"finding() call sites with params {with_params}/{len(sites)}"
        )
    assert covered / len(CODES) >= TEMPLATE_FLOOR


CHANGE_LIST = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability="changelist" from="2020-05-01T00:00:00Z"/>
  <url><loc>http://example.org/one</loc>
    <rs:md change="renamed" datetime="2020-05-02T08:00:00Z" hash="md5:abc"/></url>
  <url><loc>two.html</loc><rs:md change="updated" datetime="2020-04-30T08:00:00Z"/></url>
  <url><rs:md change="updated" datetime="someday"/></url>
</urlset>
"""


def _findings_by_code() -> dict[str, Finding]:
    result = check_bytes(CHANGE_LIST, ValidationContext())
    return {item.code: item for item in result.findings}


def test_a_document_s_findings_render_in_japanese_with_their_values() -> None:
    findings = _findings_by_code()
    expected = {
        "document.change-invalid": ['change="renamed"', "created、updated、deleted"],
        "document.hash-digest-length": ["md5", "3 桁", "32 桁"],
        "document.loc-not-absolute": ["<loc>two.html</loc>", "絶対 URI"],
        "document.datetime-outside-interval": ["2020-04-30T08:00:00Z", "変更リストの期間"],
        "document.out-of-order": ["two.html", "http://example.org/one", "5 行目"],
        "document.datetime-invalid": ['datetime="someday"', "W3C Datetime"],
        "document.loc-missing": ["<loc> がありません"],
        "document.up-missing": ["変更リストには", "機能リストを指す"],
    }
    for code, parts in expected.items():
        text = render_message(findings[code], "ja")
        for part in parts:
            assert part in text, f"{code}: {part!r} not in {text!r}"
        assert findings[code].message not in text, f"{code} fell back to English"


def test_english_stays_word_for_word_and_params_stay_out_of_json_and_equality() -> None:
    item = _findings_by_code()["document.change-invalid"]
    assert render_message(item, "en") == item.message
    assert render_message(item) == item.message
    assert "params" not in item.to_json() and "variant" not in item.to_json()
    bare = Finding.from_json(item.to_json())
    assert bare == item and bare.params is None


def test_a_finding_without_params_shows_the_japanese_title_and_the_english_detail() -> None:
    item = Finding.from_json(_findings_by_code()["document.change-invalid"].to_json())
    text = render_message(item, "ja")
    assert text.startswith(TITLES["document.change-invalid"])
    assert text.endswith(item.message)


def test_params_that_do_not_fit_the_template_fall_back_rather_than_fail() -> None:
    item = finding("document.loc-too-long", "English detail", params={"length": "many"})
    assert render_message(item, "ja") == f"{TITLES['document.loc-too-long']}。English detail"


def test_capped_findings_summary_renders_in_japanese() -> None:
    capped = CappedFindings(cap=2)
    for line in range(5):
        capped.append(finding("document.loc-missing", "no loc", line=line, params={}))
    (summary,) = capped.summaries("document.findings-capped")
    assert render_message(summary, "ja").startswith("document.loc-missing の指摘がほかに 3 件")


def test_document_names_in_params_are_said_in_japanese() -> None:
    item = finding(
        "document.index-not-allowed", "x", params={"name": "Resource Dump Manifest Index"}
    )
    assert render_message(item, "ja").startswith("リソースダンプマニフェストインデックスは")
    item = finding("document.index-not-allowed", "x", params={"name": "'odd' document"})
    assert render_message(item, "ja").startswith("'odd' documentは")


def test_legacy_forms_name_the_version_count_and_the_11_form() -> None:
    legacy = b"""<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
      xmlns:rs="http://www.openarchives.org/rs/terms/">
      <url><loc>http://example.org/a</loc><rs:size>12</rs:size></url>
      <url><loc>http://example.org/b</loc><rs:size>14</rs:size></url></urlset>"""
    findings = {f.code: f for f in check_bytes(legacy, ValidationContext()).findings}
    text = render_message(findings["parse.legacy-size"], "ja")
    assert "2 件" in text and "<rs:size>" in text and "<rs:md length=...>" in text


def test_legacy_forms_say_in_japanese_every_element_the_english_names() -> None:
    """Each legacy form's Japanese names the old markup and its 1.1 form, as the English
    does, rather than ending with the code's title."""
    shapes = [key for key in catalog.area("parse") if key.startswith("parse.legacy-")]
    shapes = [key for key in shapes if ".message" in key and catalog.has(key, "en")]
    assert len(shapes) >= 28
    markup = re.compile(r"<[^>]+>")
    for key in shapes:
        english, japanese = catalog.template(key, "en"), catalog.template(key, "ja")
        assert "{title}" not in japanese, key
        assert set(markup.findall(english)) == set(markup.findall(japanese)), key


def test_spec_citations_name_the_japanese_translation_where_one_exists() -> None:
    framework = "framework-notification 1.0.1 §3"
    assert render_spec(framework, "ja") == f"{framework}。日本語訳「フレームワーク通知」3 項"
    table = "framework-notification 1.0.1 §2.1 Table 2"
    assert render_spec(table, "ja") == (
        "framework-notification 1.0.1 §2.1 表 2。日本語訳「フレームワーク通知」2.1 項"
    )
    assert render_spec(framework, "en") == framework
    assert render_spec("core 1.1 §7", "ja") == "core 1.1 §7"
    assert render_spec("change-notification 1.0.1 §3", "ja") == "change-notification 1.0.1 §3"
    assert render_spec(None, "ja") is None


def test_appendices_and_the_sitemaps_protocol_are_cited_in_japanese() -> None:
    assert render_spec("core 1.1 Appendix A Table 4", "ja") == "core 1.1 付録 A 表 4"
    assert render_spec("Sitemaps protocol, <loc>", "ja") == "Sitemaps プロトコル <loc>"
    assert render_spec("Sitemaps protocol, <loc>", "en") == "Sitemaps protocol, <loc>"


def test_severities_and_titles_follow_the_language() -> None:
    assert [render_severity(s, "ja") for s in Severity] == ["エラー", "警告", "情報"]
    assert render_severity(Severity.ERROR, "en") == "error"
    assert render_title("http.timeout", "ja") == "リクエストがタイムアウトしました"
    assert render_title("http.timeout", "en") == CODES["http.timeout"].title


def test_every_template_and_phrase_formats_with_numbers_for_its_fields() -> None:
    """A format spec that no value could satisfy (``{count:,d}`` on text, a stray brace)
    would only fall back to English at run time; numbers fit every spec the catalog uses."""
    broken = []
    shapes = [(f"{code} [{v}]", t) for code, vs in TEMPLATES.items() for v, t in vs.items()]
    shapes += [(f"phrase {key}", template) for key, template in PHRASES.items()]
    for where, template in shapes:
        values = dict.fromkeys(template_fields(template), 1)
        try:
            template.format_map(values)
        except (ValueError, KeyError) as exc:
            broken.append(f"{where}: {exc!r}")
    assert not broken, "\n".join(broken)


def _phrase_sites() -> list[tuple[str, str, set[str] | None]]:
    """Every ``Phrase(english, key, params)``, ``said("conformance.said.<key>", **params)``
    and ``_step(key, **params)`` with a literal key in the package: where, the catalog key,
    the params' names."""
    sites = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            keys = {k.arg for k in node.keywords if k.arg}
            said_key = _literal(node.args[0]) if name in ("said", "_step") else None
            if name == "_step" and said_key is not None:
                sites += [(where, f"step.{one}", keys) for one in said_key]
                continue
            if name == "said" and said_key is not None:
                prefix = phrase_key("")
                sites += [
                    (where, one.removeprefix(prefix), keys)
                    for one in said_key
                    if one.startswith(prefix)
                ]
                continue
            key = _literal(node.args[1]) if len(node.args) > 1 else None
            if name != "Phrase" or key is None:
                continue
            params = node.args[2] if len(node.args) > 2 else None
            keys = set() if params is None else None
            if isinstance(params, ast.Dict):
                keys = {k.value for k in params.keys if isinstance(k, ast.Constant)}
            sites += [(where, one, keys) for one in key]
    return sites


def test_every_phrase_the_engine_says_has_japanese_words_that_fit_its_params() -> None:
    sites = _phrase_sites()
    assert len(sites) > 30  # the scan sees the conformance checks
    problems = []
    for where, key, keys in sites:
        if key == "":  # said in English only, on purpose
            continue
        template = PHRASES.get(key)
        if template is None:
            problems.append(f"{where}: no Japanese for phrase {key!r}")
        elif keys is not None and template_fields(template) - keys:
            problems.append(f"{where}: {key} reads {sorted(template_fields(template) - keys)}")
    assert not problems, "\n".join(problems)


def test_a_phrase_says_its_nested_phrases_and_findings_in_japanese() -> None:
    step = Phrase("first subscription", "step.first")
    missing = finding(
        "hub.delivery-missing",
        "first subscription: no delivery within 5 s of the publication",
        params={"step": step, "seconds": 5.0},
    )
    said = Phrase("not run: x", "not-run", {"reason": Phrase("y", "finding", {"finding": missing})})
    assert render_phrase(said, "en") == "not run: x"
    assert (
        render_phrase(said, "ja")
        == "未実施: 最初のサブスクリプション: パブリッシュから 5 秒以内に配信がありませんでした。"
    )
    assert render_phrase(Phrase("English only", ""), "ja") == "English only"
    assert str(said) == "not run: x"


def test_parse_errors_quote_the_parser_behind_a_japanese_lead_in() -> None:
    item = check_bytes(b"<urlset><url></urlset>", ValidationContext()).findings[0]
    assert item.code == "parse.malformed"
    text = render_message(item, "ja")
    assert text.startswith("XML が整形式ではありません（パーサーの詳細: ") and text.endswith("）")
    assert render_title("parse.malformed", "ja") == "XML が整形式ではありません"


def test_payload_template_titles_are_japanese() -> None:
    for template in templates():
        title = render_template_title(template.key, template.title, "ja")
        assert JAPANESE.search(title) and title != template.title
        assert render_template_title(template.key, template.title, "en") == template.title


def test_no_space_is_left_before_a_particle_after_a_japanese_value() -> None:
    """A template keeps a space beside a placeholder so that a Latin value stands apart;
    before a particle that follows a Japanese value, the space would be a gap."""
    link = on_link(link_place("up", place("in-entry")))
    assert render_phrase(link, "ja") == 'このエントリの rs:ln（rel="up"）の'
    params = {"name": "changelist", "loc": loc_or_this_entry(None), "section": "§12"}
    no_loc = render_message(finding("document.change-missing", params=params), "ja")
    assert "このエントリについて change" in no_loc
    params["loc"] = "http://e.org/a"
    assert "http://e.org/a について" in render_message(
        finding("document.change-missing", params=params), "ja"
    )
    assert (
        catalog.text("reading.truncated", "ja", encoding="gzip")
        == "gzip のデータが途中で切れています"
    )
    # a space that separates words, not one before a particle, stays
    label = catalog.fill("{a} {b} を {c} チャンネル", "ja", {"a": "種類", "b": "配信", "c": "HTTP"})
    assert label == "種類 配信を HTTP チャンネル"


def test_a_list_the_engine_joined_with_commas_reads_with_the_japanese_comma() -> None:
    """「対象: changelist、resourcelist」, not 「changelist, resourcelist」 inside Japanese."""
    item = finding(
        "document.framework-capability-unknown",
        params={"capability": "x", "known": "changelist, resourcelist"},
    )
    assert "changelist, resourcelist" in item.message  # English (and --json) unchanged
    assert "（対象: changelist、resourcelist、またはアーカイブ機能）" in render_message(item, "ja")


def test_the_review_s_meaning_errors_read_as_meant() -> None:
    """Japanese review NA1, NA2, NA6, NC11: each line says what its English says."""
    from explorer.core.words.messages import render_phrase, render_title, said

    chain = said("discovery.chain", documents=["Resource List", "Source Description"], url="u")
    # the address is the Source Description's, the last document's, not the first's
    assert render_phrase(chain, "ja") == "リソースリスト → ソースの記述（u）"
    assert render_title("hub.verification-wrong-topic", "ja").startswith("検証要求（意思確認）に")
    assert catalog.text("cli.validate.no-capability", "ja") == "capability なし"
    no_hub = finding(
        "http.channel-no-hub",
        params={
            "capability": "change-notification",
            "capability_name": "change notification",  # as the crawler names it
            "topic": "t",
        },
    )
    assert render_message(no_hub, "ja").startswith("変更通知チャンネル t に")
    assert no_hub.message.startswith("The change-notification channel t has no")
