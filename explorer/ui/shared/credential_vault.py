"""Remembered credentials: secrets in the system keyring, the list of origins in QSettings.

The keyring (``keyring``: Secret Service, macOS Keychain, Windows Credential Locker) is
the only place a remembered secret is written. It cannot list what it holds, so the
origins that have one are kept in QSettings, which holds no secret. Where no keyring
backend exists (its fail or null backend, as on CI and minimal desktops), nothing is
written: the caller keeps the credential for the session only and says so.

Keyring calls may block (an unlock prompt), so the ``*_secret`` functions are meant to
run in a worker thread; the index methods touch QSettings and stay on the GUI thread.
"""

from __future__ import annotations

import json

import keyring
import keyring.errors
from keyring.backend import KeyringBackend
from keyring.backends import chainer, fail, null
from PySide6.QtCore import QCoreApplication, QSettings

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.http.credentials import Credential, CredentialsError

SERVICE = "resourcesync-explorer"
INDEX_KEY = "credentials/remembered"
MAX_REMEMBERED = 200


class VaultError(Exception):
    """The keyring refused or failed; the message never holds a secret."""


def keyring_backend() -> KeyringBackend | None:
    """The system keyring, or None when only a fail or null backend is there."""
    backend = keyring.get_keyring()
    if isinstance(backend, fail.Keyring | null.Keyring):
        return None
    if isinstance(backend, chainer.ChainerBackend) and not backend.backends:
        return None
    return backend


def keyring_name() -> str | None:
    """A name for the keyring in use, to tell the user where secrets go."""
    backend = keyring_backend()
    return getattr(backend, "name", type(backend).__name__) if backend is not None else None


def _encode(credential: Credential) -> str:
    return json.dumps(
        {
            "token": credential.token,
            "user": credential.user,
            "password": credential.password,
            "headers": [list(pair) for pair in credential.headers],
        }
    )


def _said(english: str) -> str:
    """A vault problem in the interface language (said on a worker thread: translate
    is thread-safe, a QObject's tr is not)."""
    return QCoreApplication.translate("CredentialVault", english)


def _decode(text: str) -> Credential:
    try:
        data = json.loads(text)
        headers = tuple((str(name), str(value)) for name, value in data.get("headers") or [])
        return Credential(data.get("token"), data.get("user"), data.get("password"), headers)
    except (ValueError, TypeError, AttributeError, CredentialsError):
        raise VaultError(
            _said(
                QT_TRANSLATE_NOOP(
                    "CredentialVault", "the keyring holds something that is not a credential"
                )
            )
        ) from None


def store_secret(origin: str, credential: Credential) -> None:
    """Write ``credential`` to the keyring under ``origin`` (blocking)."""
    backend = keyring_backend()
    if backend is None:
        raise VaultError(
            _said(QT_TRANSLATE_NOOP("CredentialVault", "no system keyring is available"))
        )
    try:
        backend.set_password(SERVICE, origin, _encode(credential))
    except keyring.errors.KeyringError as exc:
        said = _said(
            QT_TRANSLATE_NOOP("CredentialVault", "the keyring refused to store it ({error})")
        )
        raise VaultError(said.format(error=type(exc).__name__)) from None


def read_secret(origin: str) -> Credential | None:
    """The credential remembered for ``origin``, or None (blocking)."""
    backend = keyring_backend()
    if backend is None:
        return None
    try:
        text = backend.get_password(SERVICE, origin)
    except keyring.errors.KeyringError as exc:
        said = _said(
            QT_TRANSLATE_NOOP("CredentialVault", "the keyring could not be read ({error})")
        )
        raise VaultError(said.format(error=type(exc).__name__)) from None
    return _decode(text) if text else None


def delete_secret(origin: str) -> None:
    """Remove what the keyring holds for ``origin``; nothing there is not an error."""
    backend = keyring_backend()
    if backend is None:
        return
    try:
        backend.delete_password(SERVICE, origin)
    except keyring.errors.PasswordDeleteError:
        pass
    except keyring.errors.KeyringError as exc:
        said = _said(
            QT_TRANSLATE_NOOP("CredentialVault", "the keyring could not remove it ({error})")
        )
        raise VaultError(said.format(error=type(exc).__name__)) from None


class RememberedOrigins:
    """The origins whose credentials are in the keyring (no secrets), over QSettings."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings

    def origins(self) -> list[str]:
        value = self.settings.value(INDEX_KEY, [])
        if isinstance(value, str):  # QSettings gives one string for a one-item list
            value = [value]
        if not isinstance(value, list):
            return []
        return sorted({str(origin) for origin in value})[:MAX_REMEMBERED]

    def add(self, origin: str) -> None:
        self._write({*self.origins(), origin})

    def discard(self, origin: str) -> None:
        self._write(set(self.origins()) - {origin})

    def __contains__(self, origin: object) -> bool:
        return origin in self.origins()

    def _write(self, origins: set[str]) -> None:
        self.settings.setValue(INDEX_KEY, sorted(origins)[:MAX_REMEMBERED])
        self.settings.sync()
