"""The README's two set-up commands are the project's contract with a fresh machine."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def command_after(marker: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"<!-- {marker} -->\s*```sh\n(.+?)\n```", text, re.S)
    assert match, f"README has no code block after <!-- {marker} -->"
    return match.group(1).strip()


def test_readme_has_exactly_two_setup_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert quick_start.count("```sh") == 2
    assert "pip install" in command_after("run-command")
    assert "pytest" in command_after("test-command")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command_after("test-command") in ci_lines


def test_setup_commands_work_beside_an_externally_managed_python() -> None:
    """Debian's and Ubuntu's own python3 refuse ``pip install`` outside a virtual
    environment (PEP 668): both commands create or reuse ``.venv`` first and run pip,
    the explorer and pytest from it, never from the system interpreter."""
    for marker in ("run-command", "test-command"):
        steps = [step.strip() for step in command_after(marker).split("&&")]
        assert steps[0] == "python3 -m venv .venv", marker
        assert all(step.startswith(".venv/bin/python -m ") for step in steps[1:]), marker


def test_quick_start_names_the_python_and_the_debian_packages_to_install() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "Python 3.11 or newer" in quick_start
    apt_words = [
        word
        for line in quick_start.splitlines()
        if "apt-get install" in line
        for word in line.split()
    ]
    ci_text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ci_packages = set(ci_text.split("--no-install-recommends", 1)[1].split(">/dev/null")[0].split())
    for package in ci_packages - {"\\"}:
        assert package in apt_words, package
    assert "python3-venv" in apt_words
