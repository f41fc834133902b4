"""Forwarding targets kept across restarts of the window, so what the outbox still holds
goes out after a restart without the user asking again (as ``listen --forward`` drains
it on start).

QSettings keeps, per subscription, the target URL, the algorithm, whether it signs and
whether it forwards unverified deliveries; never a secret or a header value. Those are
in the system keyring (the credentials vault, under ``forward:<subscription id>``).
Without a keyring a signing target is not restarted (an unsigned copy would be refused
by the application): the Subscriptions log says to give the secret again with Forward to….
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass

from PySide6.QtCore import QSettings

from explorer.net.http.credentials import Credential, CredentialsError
from explorer.net.live.forwarding.forwarder import ForwardTarget
from explorer.ui.shared.credential_vault import (
    VaultError,
    delete_secret,
    keyring_backend,
    read_secret,
    store_secret,
)

SETTINGS_KEY = "forwarding/targets"
VAULT_PREFIX = "forward:"


@dataclass(frozen=True, slots=True)
class KeptTarget:
    url: str
    algorithm: str
    signed: bool  # a secret or headers are in the keyring
    unverified: bool = False  # forwards unverified deliveries (absent before: not)


def kept_targets(settings: QSettings) -> dict[str, KeptTarget]:
    """subscription id → its remembered target (nothing unreadable is kept)."""
    try:
        data = json.loads(str(settings.value(SETTINGS_KEY, "{}")))
        return {
            str(sub): KeptTarget(
                str(v["url"]),
                str(v["algorithm"]),
                bool(v["signed"]),
                v.get("unverified") is True,
            )
            for sub, v in data.items()
        }
    except (ValueError, TypeError, KeyError, AttributeError):
        return {}


def _write(settings: QSettings, targets: dict[str, KeptTarget]) -> None:
    data = {
        sub: {
            "url": t.url,
            "algorithm": t.algorithm,
            "signed": t.signed,
            "unverified": t.unverified,
        }
        for sub, t in targets.items()
    }
    settings.setValue(SETTINGS_KEY, json.dumps(data))
    settings.sync()


async def keep_target(settings: QSettings, subscription_id: str, target: ForwardTarget) -> bool:
    """Remember ``target``; False when its secret or headers could not go to a keyring
    (they are then kept for this session only)."""
    signed = bool(target.secret or target.headers)
    kept = True
    if signed:
        try:
            if keyring_backend() is None:
                raise VaultError("no system keyring is available")
            credential = Credential(token=target.secret, headers=target.headers)
            await asyncio.to_thread(store_secret, VAULT_PREFIX + subscription_id, credential)
        except (VaultError, CredentialsError):
            kept = False
    targets = kept_targets(settings)
    targets[subscription_id] = KeptTarget(
        target.url, target.algorithm, signed, target.forward_unverified
    )
    _write(settings, targets)
    return kept


async def forget_target(settings: QSettings, subscription_id: str) -> None:
    targets = kept_targets(settings)
    if targets.pop(subscription_id, None) is not None:
        _write(settings, targets)
        with contextlib.suppress(VaultError):  # nothing left in a keyring that failed
            await asyncio.to_thread(delete_secret, VAULT_PREFIX + subscription_id)


async def recalled_target(subscription_id: str, kept: KeptTarget) -> ForwardTarget | None:
    """The target as it was given (None: its secret is not in any keyring)."""
    if not kept.signed:
        return ForwardTarget(kept.url, None, kept.algorithm, forward_unverified=kept.unverified)
    try:
        credential = await asyncio.to_thread(read_secret, VAULT_PREFIX + subscription_id)
    except VaultError:
        return None
    if credential is None:
        return None
    return ForwardTarget(
        kept.url,
        credential.token,
        kept.algorithm,
        credential.headers,
        forward_unverified=kept.unverified,
    )
