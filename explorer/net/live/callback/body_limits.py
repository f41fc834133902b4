"""The callback server's default bound on one delivery's body, in a module of its own so
that a command's options can show it as their default without loading the server (aiohttp
and the live session): argument parsing imports only what parsing needs."""

from __future__ import annotations

DEFAULT_MAX_BODY = 50 * 1024 * 1024
"""Bytes of one delivery's body (after decompression) the callback server accepts."""
