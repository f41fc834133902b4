"""``inspect DIR --check-resources N`` costs no more per resource than over HTTP: counted
from outside, in a separate process whose audit hook records what the run did. Each
resource's file is opened at most twice (HEAD, then GET for its hash), each document once,
and no host name is resolved: a folder is not the network (the address vetting once made
a DNS query per request, 0.37 s a resource on a machine with a slow resolver)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

BASE = "https://rs.example.invalid/"
RESOURCES = 60
NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/"'

COUNTING = """
import json, os, sys
from collections import Counter
events = Counter()
folder = os.path.realpath(sys.argv[1])
def hook(event, args):
    if event == "socket.getaddrinfo":
        events["resolved " + str(args[0])] += 1
    elif event == "open" and isinstance(args[0], str) and args[0].startswith(folder):
        events["opened " + os.path.relpath(args[0], folder)] += 1
sys.addaudithook(hook)
from explorer.cli import main
code = main(sys.argv[2:])
print(json.dumps({"code": code, "events": events}), file=sys.stderr)
"""


def _folder(folder: Path) -> None:
    """A Source Description, a Capability List and a Resource List of ``RESOURCES``
    files, each with its md5 (so each check reads the file)."""
    rows = []
    (folder / "res").mkdir(parents=True)
    for n in range(RESOURCES):
        data = f"resource {n}\n".encode()
        (folder / "res" / f"r{n}.txt").write_bytes(data)
        digest = hashlib.md5(data).hexdigest()
        rows.append(
            f"<url><loc>{BASE}res/r{n}.txt</loc><lastmod>2024-05-01T09:00:00Z</lastmod>"
            f'<rs:md hash="md5:{digest}" length="{len(data)}"/></url>'
        )
    head = '<?xml version="1.0" encoding="UTF-8"?>\n'
    (folder / "resourcelist.xml").write_text(
        f'{head}<urlset {NS}><rs:ln rel="up" href="{BASE}capabilitylist.xml"/>'
        f'<rs:md capability="resourcelist" at="2024-05-01T10:00:00Z"/>{"".join(rows)}</urlset>'
    )
    (folder / "capabilitylist.xml").write_text(
        f'{head}<urlset {NS}><rs:ln rel="up" href="{BASE}.well-known/resourcesync"/>'
        f'<rs:md capability="capabilitylist"/><url><loc>{BASE}resourcelist.xml</loc>'
        '<rs:md capability="resourcelist"/></url></urlset>'
    )
    (folder / ".well-known").mkdir()
    (folder / ".well-known" / "resourcesync").write_text(
        f'{head}<urlset {NS}><rs:md capability="description"/><url>'
        f'<loc>{BASE}capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url></urlset>'
    )


def test_a_folder_s_resource_checks_open_each_file_at_most_twice_and_resolve_nothing(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "site"
    _folder(folder)
    counting = [sys.executable, "-c", COUNTING, str(folder), "inspect", str(folder)]
    options = ["--base-url", BASE, "--check-resources", str(RESOURCES), "--json"]
    done = subprocess.run(
        [*counting, *options],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    counted = json.loads(done.stderr.strip().splitlines()[-1])
    report = json.loads(done.stdout)
    assert counted["code"] == 0, done.stderr
    events = Counter(counted["events"])
    assert not [name for name in events if name.startswith("resolved")], events
    resources = {name: n for name, n in events.items() if name.startswith("opened res/")}
    assert len(resources) == RESOURCES  # every resource was checked ...
    assert max(resources.values()) <= 2, resources  # ... with a HEAD and a GET at most
    documents = {name: n for name, n in events.items() if not name.startswith("opened res/")}
    assert documents and max(documents.values()) == 1, documents
    findings = [f["code"] for d in report["documents"] for f in d["findings"]]
    assert not [code for code in findings if code.startswith("http.")]  # every file as listed
