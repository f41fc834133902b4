"""ZIP packages for the Resource Dump and the Change Dump (core 1.1 §11.1, §13.1).

Each package holds ``manifest.xml`` at its root plus the bytes at each manifest
entry's ``path``. Member timestamps come from the resources, so a package is
byte-identical for the same seed and history; callers cache packages because a
dump's ``length`` must be known before the package is fetched.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from datetime import UTC, datetime


def _member(name: str, moment: datetime) -> zipfile.ZipInfo:
    stamp = moment.astimezone(UTC)
    info = zipfile.ZipInfo(
        name.lstrip("/"),
        date_time=(
            max(stamp.year, 1980),
            stamp.month,
            stamp.day,
            stamp.hour,
            stamp.minute,
            stamp.second,
        ),
    )
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def build_package(
    manifest: bytes, manifest_moment: datetime, members: Iterable[tuple[str, datetime, bytes]]
) -> bytes:
    """A ZIP with ``manifest.xml`` first, then each ``(path, modified, bytes)`` member."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(_member("manifest.xml", manifest_moment), manifest)
        for path, moment, data in members:
            archive.writestr(_member(path, moment), data)
    return buffer.getvalue()
