"""With Japanese chosen, every human-readable line of every command is Japanese.

The demo runs as its own process with faults on, so the findings, discovery details,
events and checks are the ones a user meets; each command runs for real against it,
in a separate process, once with ``--lang ja`` and once (``inspect``) through the
locale alone. What may stay in Latin letters is what is not prose: URLs, finding codes,
XML element and attribute names, option names, format names, and text quoted from
outside behind a Japanese lead-in (パーサーの詳細, 詳細, ハブの応答).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Collection, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from helpers.resync_folder import served_resync_source

from explorer.cli import COMMANDS
from explorer.core.codes import CODES
from explorer.core.push.payload_templates import change_notification
from explorer.core.serialize import serialize_document
from explorer.net.conformance import ALL_CHECKS
from explorer.net.history.snapshot_store import ENTRY_FIELDS

FAULTS = "wrong-namespace,malformed-xml,out-of-order,missing-link-header,lease-zero"
ROOT = Path(__file__).resolve().parents[2]

QUOTED = re.compile(
    r"(?:パーサーの詳細|詳細|ハブの応答): [^）\n]*|(?:ハブの応答|応答のボディ)（そのまま）:\n.*",
    re.S,
)
URL = re.compile(r"https?://.*?(?=  \[\d+\]$)|https?://\S+", re.M)
"""A URL; in an exchange line the whole request target up to its ``[status]``, whose
query a hub fills with its own words (``hub.reason``)."""
IDENT = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+\b")
SLASHED = re.compile(r"\S*/\S*|\b\d+xx\b")
CODE = re.compile(r"\b[a-z]+\.[a-z0-9_-]+(?:\.[a-z0-9_-]+)*")
MARKUP = re.compile(r"</?[\w:]+[^>]*>|[\w:-]+=\"[^\"]*\"|[\w:-]+=[\w./:-]+")
OPTION = re.compile(r"--?[a-z][\w-]*(?: [A-Z][A-Z_:\[\].]*)?|'[^']*'|\[[^\]]*\]|\{[^}]*\}")
HEX = re.compile(r"\b[0-9a-f]{16,}\b")
"""A digest or an ETag's value."""
PATH = re.compile(r"(?:/[\w.@-]+)+/?|\b[\w-]+\.(?:xml|json|jsonl|toml|txt|sqlite3?)\b")
WORD = re.compile(r"[A-Za-z]{2,}")
NOT_PROSE = {
    # names that stay as written: specifications, formats, protocols and this tool
    "ResourceSync",
    "Explorer",
    "Sitemap",
    "Sitemaps",
    "WebSub",
    "PubSubHubbub",
    "PubSub",  # XMPP PubSub (XEP-0060), the 2012 draft's push form
    "XMPP",
    "JID",  # an XMPP address
    "DNS",
    "SECRET",  # an option's placeholder, as --help shows it
    "TEMPLATE",  # plan --oai-map's placeholder
    "ListRecords",  # OAI-PMH's verb and argument, as the protocol spells them
    "metadataPrefix",
    "SIGTERM",  # the signals subscriber-check sends, as kill(1) names them
    "SIGKILL",
    "PostgreSQL",  # the fleet's database, a product's name
    "Celery",
    "init",  # fleet's subcommands, typed as written
    "load",
    "add",
    "remove",
    "report",
    "worker",
    "beat",
    "parallel",  # plan --profile's choices, typed as written
    "dumps",
    "XML",
    "HTML",
    "HTTP",
    "HTTPS",
    "URL",
    "URI",
    "JSON",
    "Lines",
    "SQLite",
    "TOML",
    "TLS",
    "CA",
    "PEM",
    "ZIP",
    "GET",
    "HEAD",
    "POST",
    "OK",
    "Link",
    "Content",
    "Type",
    "Encoding",
    "Accepted",
    "Bearer",
    "Authorization",
    "Basic",
    "curl",
    "netrc",
    "chmod",
    "gzip",
    "HTTPS_PROXY",
    "NO_PROXY",
    "RFC",
    "core",
    "change",
    "notification",
    "framework",
    "alpha",
    "self",
    "hub",
    "rel",
    "up",
    "index",
    "describedby",
    "resourcesync",
    "head",
    "ok",
    "xml",
    "jsonl",
    "form",
    "sync",
    "async",
    "en",
    "ja",
    "none",
    "system",
    "direct",
    "well",
    "known",
    "link",
    "header",
    "html",
    "robots",
    "text",
    "plain",
    "application",
    "usage",
    "CI",
    "JUnit",
    "HMAC",
    "HAR",
    "har",
    "csv",
    "ETag",
    "sha",
    "resourcesync-explorer",
    # the commands
    "validate",
    "inspect",
    "demo",
    "source",
    "diff",
    "listen",
    "export",
    "check",
    "publish",
    "audit",
    "compare",
    "signature",
    "sign",
    "verify",
    "replay",
    # element, attribute, capability, change and check names, and metavariables
    "urlset",
    "sitemapindex",
    "loc",
    "lastmod",
    "md",
    "ln",
    "rs",
    "created",
    "updated",
    "deleted",
    "description",
    "capabilitylist",
    "resourcelist",
    "changelist",
    "resourcedump",
    "changedump",
    "manifest",
    "capability",
    "datetime",
    "from",
    "until",
    "at",
    "completed",
    "COMMAND",
    "TARGET",
    "OLD",
    "NEW",
    "FILE",
    "VAR",
    "HUB_URL",
    "ID",
    "SECONDS",
    "BYTES",
    "MB",
    "PATH",
    "DIR",
    "USER",
    "PASSWORD",
    "TOKEN",
    "NAME",
    "VALUE",
    "N",
    "S",
    "ROUTE",
    "DEMO",
    "PORT",
    "HOST",
    "MINUTES",
    "options",
}
"""Latin-letter words that are not English prose: names kept in every language."""


def english_lines(text: str, names: Collection[str] = ()) -> list[str]:
    """Each line of ``text`` that still has English words once what may stay Latin (and
    the ``names`` a command keeps as written) is taken out, with those words."""
    for pattern in (QUOTED, MARKUP, URL, CODE, IDENT, OPTION, PATH, SLASHED, HEX):
        text = pattern.sub(" ", text)
    return [
        f"{words}: {line.strip()}"
        for line in text.splitlines()
        if (words := english_words(line, names))
    ]


def english_words(text: str, names: Collection[str] = ()) -> list[str]:
    """The English words of ``text`` (already stripped of what may stay Latin)."""
    # names kept as written in every language (commands, codes, checks); a --help text
    # wraps a name at its hyphens
    codes = [*CODES, *ALL_CHECKS, *COMMANDS]
    allowed = NOT_PROSE | set(names) | {part for name in codes for part in re.split(r"[.-]", name)}
    words = WORD.findall(text)
    return sorted({word for word in words if word not in allowed and word.lower() not in allowed})


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    return {**env, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8", **extra}


def run(*argv: str, timeout: float = 120, stdout: bool = True, **env: str) -> str:
    """The command's output (only its stderr when ``stdout`` is data, not lines to read)."""
    done = subprocess.run(
        [sys.executable, "-m", "explorer", *argv],
        capture_output=True,
        text=True,
        env=_env(**env),
        timeout=timeout,
        check=False,
    )
    return (done.stdout if stdout else "") + done.stderr


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The demo with faults on, started in Japanese through the locale: (base URL, banner)."""
    out = tmp_path_factory.mktemp("demo") / "banner.txt"
    with out.open("w") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "explorer",
                "demo-source",
                "--port",
                "0",
                "--rate",
                "5",
                "--faults",
                FAULTS,
            ],
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=_env(LANG="ja_JP.UTF-8"),
        )
    try:
        deadline = time.monotonic() + 30
        while out.read_text().count("\n") < 4 and time.monotonic() < deadline:
            assert process.poll() is None, out.read_text()
            time.sleep(0.05)
        banner = out.read_text()
        yield banner.splitlines()[0], banner
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=10)


def _listen(base: str, store: Path) -> str:
    """``listen`` on a Capability List until a notification has come, then interrupted."""
    out = store.with_suffix(".out")
    topic = f"{base}dataset1/capabilitylist.xml"
    argv = ["listen", "--topic", topic, "--store", str(store), "--port", "0", "--lang", "ja"]
    with out.open("w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "explorer", *argv],
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=_env(),
        )
    try:
        deadline = time.monotonic() + 60
        while out.read_text().count("通知 ") < 2 and time.monotonic() < deadline:
            assert process.poll() is None, out.read_text()
            time.sleep(0.1)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    return out.read_text()


def test_every_command_speaks_japanese_against_the_faulty_demo(
    demo: tuple[str, str], tmp_path: Path
) -> None:
    base, banner = demo
    hub = f"{base}hub"
    changes = f"{base}dataset1/changelist-1.xml"
    payload = tmp_path / "notification.xml"
    payload.write_bytes(
        serialize_document(change_notification(3, datetime.now(UTC), base_url=base))
    )
    store = tmp_path / "store.sqlite3"
    outputs = {
        "demo-source": banner,
        "validate": run("validate", "--lang", "ja", changes, f"{base}dataset1/changelist-2.xml"),
        "inspect (locale)": run("inspect", base, LANG="ja_JP.UTF-8"),
        "diff": run(
            "diff",
            "--lang",
            "ja",
            f"{base}dataset1/resourcelist-1.xml",
            f"{base}dataset1/resourcelist-2.xml",
        ),
        "hub-check": run(
            "hub-check", hub, "--lang", "ja", "--timeout", "2", "--quiet", "0.2", "--slow", "1"
        ),
        "publish": run(
            "publish",
            hub,
            "--topic",
            f"{base}dataset1/change-notifications",
            str(payload),
            "--lang",
            "ja",
        ),
        "listen": _listen(base, store),
    }
    outputs["export"] = run("export", "--store", str(store), "--lang", "ja", stdout=False)
    outputs["export --exchanges"] = run(
        "export", "--exchanges", "--store", str(store), "--lang", "ja", stdout=False
    )
    outputs["replay"] = run(
        "replay", "--store", str(store), "--delivery", "1", "--to", hub, "--lang", "ja"
    )
    for command in (
        "",
        "validate",
        "inspect",
        "diff",
        "listen",
        "export",
        "hub-check",
        "publish",
        "demo-source",
        "audit",
        "compare",
        "signature",
        "replay",
        "consumers",
        "plan",
        "subscriber-check",
    ):
        # wide enough that a default path under the test's temporary folders is never
        # wrapped mid-word, which would leave a piece of it looking like an English word
        outputs[f"{command} --help"] = run(
            *([command] if command else []), "--help", "--lang", "ja", COLUMNS="400"
        )
    problems = [f"{name}: {line}" for name, text in outputs.items() for line in english_lines(text)]
    assert not problems, "\n".join(problems)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """A Source that reads in full (a resync-written folder on a static server), for the
    audit, which stops at the faulty demo's first unreadable list."""
    folder = tmp_path / "site"
    folder.mkdir()
    with served_resync_source(folder) as base_url:
        yield base_url


def test_audit_compare_and_signature_speak_japanese(
    demo: tuple[str, str], served: str, tmp_path: Path
) -> None:
    base, _ = demo
    dest = tmp_path / "dest"
    (dest / "res").mkdir(parents=True)
    (dest / "res" / "a.txt").write_text("not the listed bytes")
    (dest / "stray.txt").write_text("listed nowhere")
    store = tmp_path / "snapshots.sqlite3"
    body = tmp_path / "body.xml"
    body.write_bytes(b"<urlset/>")
    saved = run(
        "inspect", base, "--save", "--store", str(store), "--label", "first", "--lang", "ja"
    )
    outputs = {
        "audit": run("audit", served, "--dest", str(dest), "--lang", "ja"),
        "audit (faulty)": run("audit", base, "--dest", str(dest), "--lang", "ja"),
        "inspect --save": saved,
        "compare": run("compare", "first", "now", "--store", str(store), "--lang", "ja"),
        "compare (missing)": run("compare", "first", "9", "--store", str(store), "--lang", "ja"),
        "signature sign": run("signature", "sign", "--secret", "s", str(body), "--lang", "ja"),
        "signature verify": run(
            "signature",
            *("verify", "--secret", "t", "--signature", "sha1=00", "--algorithm", "sha256"),
            *("--show-expected", str(body), "--lang", "ja"),
        ),
    }
    assert "作成が必要" in outputs["audit"] and "削除が必要" in outputs["audit"], outputs["audit"]
    assert "変更リストに記載のない変更" in outputs["compare"], outputs["compare"]
    kept = {*ENTRY_FIELDS, "sha"}  # an entry's attribute names and the hash algorithms
    problems = [
        f"{name}: {line}" for name, text in outputs.items() for line in english_lines(text, kept)
    ]
    assert not problems, "\n".join(problems)
