"""Fields a request editor shares (Forward to…, Replay…): the signature algorithm's
choice and 'Name: value' header lines read into checked pairs."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from explorer.net.http.credentials import CredentialsError, parse_header
from explorer.net.live.forwarding.forwarder import ALGORITHMS


def algorithm_box(name: str) -> QComboBox:
    """The HMAC algorithms of WebSub §7.1, sha256 chosen."""
    box = QComboBox()
    box.addItems(list(ALGORITHMS))
    box.setCurrentText("sha256")
    box.setAccessibleName(name)
    return box


def header_lines(text: str) -> list[tuple[str, str]] | int:
    """One header a line (blank lines and ``#`` comments skipped, as in the command line's
    header files, so a block pasted from one works), or the number of the first unusable
    line."""
    headers = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            headers.append(parse_header(line))
        except CredentialsError:
            return number
    return headers
