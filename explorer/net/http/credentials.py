"""Credentials per origin: bearer tokens, basic auth and extra headers for closed Sources.

Some Sources serve their documents only to a client that authenticates (a bearer token, a
password, an API-key header). A credential is kept under one origin (scheme, host, port)
and added only to requests whose own URL has that origin: every hop of a redirect and
every link target is judged on its own, so a ``describedby`` on another host or a
redirect to a CDN never sees the token. ``request_hook`` does this inside httpx for
clients that follow redirects themselves, and the Fetcher asks ``headers_for`` per hop.

Files (``load_credentials_file``): TOML with one table per origin, or netrc::

    ["https://data.example.org"]
    token = "…"                           # Authorization: Bearer …
    ["http://127.0.0.1:8080"]
    user = "me"                           # Authorization: Basic …
    password = "…"
    headers = { "X-Api-Key" = "…" }

    machine data.example.org login me password …     # netrc: basic auth, https and http

Nothing here prints or logs a secret; ``Credential``'s repr masks them.
"""

from __future__ import annotations

import base64
import builtins
import os
import stat
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # httpx only calls the hook; a command without URLs never loads it
    import httpx

from explorer.core import catalog
from explorer.core.auth import (
    MASK,
    OriginError,
    declare_credential_headers,
    mask_headers,
    origin_of,
)
from explorer.core.words.messages import Phrase, said, verbatim

MAX_FILE_BYTES = 1024 * 1024
MAX_ORIGINS = 1000
MAX_HEADERS = 50
MAX_VALUE_CHARS = 16 * 1024
CONFIG_FOLDER = "resourcesync-explorer"
DEFAULT_FILE_NAMES = ("credentials.toml", "netrc")
XMPP_PREFIX = "xmpp:"  # ["xmpp:JID"] password = "…": an XMPP account (2012 push, §5.2.1)


class CredentialsError(ValueError):
    """A credential, header or credentials file cannot be used; the message has no secret.
    ``said`` is it in words every language can say (the system's own, verbatim)."""

    def __init__(self, said: Phrase) -> None:
        super().__init__(str(said))
        self.said = said


@dataclass(frozen=True, slots=True)
class Credential:
    """What to send to one origin: a bearer token, basic auth, and/or extra headers."""

    token: str | None = field(default=None, repr=False)
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    headers: tuple[tuple[str, str], ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        for name, value in self.headers:
            check_header(name, value)
        declare_credential_headers(name for name, _ in self.headers)
        for what, stated in (("token", self.token), ("user", self.user)):
            if stated is not None:
                check_header(what, stated)
        if self.password is not None and self.user is None:
            raise CredentialsError(said("credentials.password-needs-user"))

    @property
    def scheme(self) -> str:
        """``bearer``, ``basic`` or ``headers``: how the credential is sent, for lists."""
        if self.token:
            return "bearer"
        if self.user is not None:
            return "basic"
        return "headers"

    def header_items(self) -> list[tuple[str, str]]:
        """The request headers this credential adds; explicit headers win over the token."""
        items: list[tuple[str, str]] = []
        if self.token:
            items.append(("Authorization", f"Bearer {self.token}"))
        elif self.user is not None:
            pair = f"{self.user}:{self.password or ''}".encode()
            items.append(("Authorization", f"Basic {base64.b64encode(pair).decode('ascii')}"))
        names = {name.lower() for name, _ in self.headers}
        items = [(name, value) for name, value in items if name.lower() not in names]
        return items + list(self.headers)

    def merged(self, other: Credential) -> Credential:
        """This credential with ``other``'s parts laid over it (``other`` wins)."""
        token, user, password = self.token, self.user, self.password
        if other.token:
            token, user, password = other.token, None, None
        elif other.user is not None:
            token, user, password = None, other.user, other.password
        headers = dict(self.headers)
        headers.update(other.headers)
        return Credential(token, user, password, tuple(headers.items()))

    def describe(self, lang: str = catalog.ENGLISH) -> str:
        """A masked one-line summary in ``lang``, safe to show: ``bearer ••••1234``,
        ``basic me ••••``, ``headers X-Api-Key``."""
        shown = [name for name, _ in self.headers]
        parts = []
        if self.token:
            masked = mask_headers([("Authorization", self.token)])[0][1]
            parts.append(catalog.text("credentials.kept-bearer", lang, masked=masked))
        elif self.user is not None:
            parts.append(catalog.text("credentials.kept-basic", lang, user=self.user, mask=MASK))
        if shown:
            names = catalog.text("common.list-separator", lang).join(shown)
            parts.append(catalog.text("credentials.kept-headers", lang, names=names))
        joined = catalog.text("credentials.kept-separator", lang).join(parts)
        return joined or catalog.text("credentials.kept-nothing", lang)


def check_header(name: str, value: str) -> None:
    """Refuse a header name or value that would split a request or a log line; the value
    is never quoted in the message."""
    if not name or len(name) > 256 or not all(33 <= ord(c) < 127 and c != ":" for c in name):
        raise CredentialsError(said("credentials.bad-header-name", name=repr(name[:64])))
    if len(value) > MAX_VALUE_CHARS:
        raise CredentialsError(said("credentials.value-too-long", name=name, limit=MAX_VALUE_CHARS))
    if any((ord(c) < 32 and c != "\t") or ord(c) == 127 for c in value):
        raise CredentialsError(said("credentials.control-characters", name=name))


def parse_header(text: str) -> tuple[str, str]:
    """``'Name: value'`` (as curl's ``-H``) into a checked pair."""
    name, sep, value = text.partition(":")
    if not sep:
        raise CredentialsError(said("credentials.header-shape"))
    name, value = name.strip(), value.strip()
    check_header(name, value)
    return name, value


class Credentials:
    """Credentials keyed by origin; ``headers_for(url)`` is what a request to ``url`` gets."""

    def __init__(self, entries: Mapping[str, Credential] | None = None) -> None:
        self._by_origin: dict[str, Credential] = {}
        for origin, credential in (entries or {}).items():
            self.set(origin, credential)

    def __len__(self) -> int:
        return len(self._by_origin)

    def __iter__(self) -> Iterator[tuple[str, Credential]]:
        return iter(sorted(self._by_origin.items()))

    def __repr__(self) -> str:
        return f"Credentials({sorted(self._by_origin)})"

    def set(self, url: str, credential: Credential) -> str:
        """Keep ``credential`` for the origin of ``url`` (replacing any); returns the origin."""
        origin = _origin(url)
        self._by_origin[origin] = credential
        return origin

    def add(self, url: str, credential: Credential) -> str:
        """Lay ``credential`` over what the origin of ``url`` already has."""
        origin = _origin(url)
        known = self._by_origin.get(origin)
        self._by_origin[origin] = known.merged(credential) if known else credential
        return origin

    def remove(self, url: str) -> bool:
        return self._by_origin.pop(_origin(url), None) is not None

    def get(self, url: str) -> Credential | None:
        try:
            return self._by_origin.get(origin_of(url))
        except OriginError:
            return None

    def update(self, other: Credentials) -> None:
        """Lay every credential of ``other`` over these (``other`` wins per part)."""
        for origin, credential in other:
            self.add(origin, credential)

    def headers_for(self, url: str) -> dict[str, str]:
        """The headers a request to ``url`` carries: its origin's credential, or none."""
        credential = self.get(url)
        return dict(credential.header_items()) if credential is not None else {}

    def managed_names(self) -> builtins.set[str]:  # ``set`` here is the method above
        """Lower-cased names of every header some credential sets: a request to another
        origin must not carry any of them."""
        names = {"authorization"}
        for _, credential in self._by_origin.items():
            names.update(name.lower() for name, _ in credential.headers)
        return names

    async def request_hook(self, request: httpx.Request) -> None:
        """An httpx ``request`` event hook (run for every hop of a redirect): take away any
        credential header the request carries, then add the ones of its own origin."""
        for name in self.managed_names():
            if name in request.headers:
                del request.headers[name]
        request.headers.update(self.headers_for(str(request.url)))


def _origin(url: str) -> str:
    try:
        return origin_of(url)
    except OriginError as exc:
        key = exc.key.replace("auth.", "credentials.origin-", 1)  # the same words, its origin first
        raise CredentialsError(said(key, origin=repr(url[:200]), **exc.params)) from None


def default_credential_files() -> list[Path]:
    """``credentials.toml`` and ``netrc`` in ``$XDG_CONFIG_HOME`` (or ``~/.config``)
    ``/resourcesync-explorer/``, those that exist."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    folder = Path(base) / CONFIG_FOLDER
    return [folder / name for name in DEFAULT_FILE_NAMES if (folder / name).is_file()]


def load_credentials_file(path: str | Path) -> Credentials:
    """Read a TOML (``*.toml``, or any file that parses as TOML) or netrc credentials file.

    Raises ``CredentialsError`` with a message that names the file and the problem, never a
    secret."""
    path = Path(path)
    try:
        # Non-blocking: a FIFO in place of the file is refused by its mode, not waited on.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise CredentialsError(said("credentials.not-regular-file", path=path))
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise CredentialsError(verbatim(f"{path}: {exc.strerror or exc}")) from None
    if len(data) > MAX_FILE_BYTES:
        raise CredentialsError(said("credentials.too-large", path=path, limit=MAX_FILE_BYTES))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise CredentialsError(said("credentials.not-utf8", path=path)) from None
    if path.suffix.lower() == ".toml" or text.lstrip().startswith("["):
        return _from_toml(path, text)
    return _from_netrc(path)


def xmpp_password(jid: str, paths: Iterable[str | Path]) -> str | None:
    """The password of ``["xmpp:<jid>"]`` in the first TOML credentials file that has one."""
    import tomllib  # only when a credentials file is there to read

    for path in paths:
        try:  # load_credentials_file has refused what is not a small regular file
            with open(path, "rb") as handle:
                text = handle.read(MAX_FILE_BYTES).decode("utf-8")
            table = tomllib.loads(text)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue  # load_credentials_file reports what is wrong with the file
        entry = table.get(f"{XMPP_PREFIX}{jid}")
        if isinstance(entry, dict) and isinstance(entry.get("password"), str):
            return str(entry["password"])
    return None


def file_is_private(path: str | Path) -> bool:
    """Whether only the owner may read the file (always True where modes do not apply)."""
    if os.name != "posix":
        return True
    return not os.stat(path).st_mode & (stat.S_IRWXG | stat.S_IRWXO)


def _from_toml(path: Path, text: str) -> Credentials:
    import tomllib  # only when a credentials file is there to read

    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CredentialsError(
            said("credentials.not-toml", path=path, reason=exc)
        ) from None  # no value quoted
    if len(table) > MAX_ORIGINS:
        raise CredentialsError(said("credentials.too-many-origins", path=path, limit=MAX_ORIGINS))
    credentials = Credentials()
    for origin, entry in table.items():
        if origin.startswith(XMPP_PREFIX):  # an XMPP account's, read by ``xmpp_password``
            continue
        where = f"{path}: [{origin[:200]!r}]"
        if not isinstance(entry, dict):
            raise CredentialsError(said("credentials.not-a-table", where=where))
        unknown = set(entry) - {"token", "user", "password", "headers"}
        if unknown:
            raise CredentialsError(
                said("credentials.unknown-keys", where=where, keys=", ".join(sorted(unknown)))
            )
        headers = entry.get("headers", {})
        token, user, password = (entry.get(key) for key in ("token", "user", "password"))
        if not isinstance(headers, dict) or len(headers) > MAX_HEADERS:
            raise CredentialsError(
                said("credentials.headers-shape", where=where, limit=MAX_HEADERS)
            )
        if not all(
            v is None or isinstance(v, str) for v in [token, user, password, *headers.values()]
        ):
            raise CredentialsError(said("credentials.not-strings", where=where))
        try:
            credential = Credential(token, user, password, headers=tuple(headers.items()))
            credentials.set(origin, credential)
        except CredentialsError as exc:
            raise CredentialsError(
                said("credentials.in-entry", where=where, problem=exc.said)
            ) from None
    return credentials


def _from_netrc(path: Path) -> Credentials:
    import netrc  # only when a netrc file is there to read

    try:
        parsed = netrc.netrc(str(path))
    except netrc.NetrcParseError as exc:
        raise CredentialsError(said("credentials.not-netrc", path=path, line=exc.lineno)) from None
    credentials = Credentials()
    for machine, (login, _account, password) in list(parsed.hosts.items())[:MAX_ORIGINS]:
        credential = Credential(user=login or "", password=password or "")
        for origin in _netrc_origins(machine):
            try:
                credentials.set(origin, credential)
            except CredentialsError as exc:
                raise CredentialsError(
                    said(
                        "credentials.in-machine",
                        path=path,
                        machine=repr(machine[:200]),
                        problem=exc.said,
                    )
                ) from None
    return credentials


def _netrc_origins(machine: str) -> Iterable[str]:
    """A netrc machine names a host (``host`` or ``host:port``), or a full origin: a host
    alone covers https and http on their default ports."""
    if "://" in machine:
        return [machine]
    return [f"https://{machine}", f"http://{machine}"]
