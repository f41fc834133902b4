"""``signature sign|verify``: the X-Hub-Signature of a body, computed or judged (WebSub §7.1).

``sign`` prints ``<algorithm>=<hex>`` for FILE (or standard input, ``-``); ``verify``
says whether ``--signature`` is valid for it, and with which algorithm. The secret comes
from ``--secret``, ``--secret-file`` or ``$RESOURCESYNC_EXPLORER_SECRET`` and is never
printed; the expected signature is printed only with ``--show-expected``.
Exit status: 0 signed or valid, 1 invalid, 2 unusable input.
"""

from __future__ import annotations

import argparse
import json
import sys

from explorer.cli.arguments import InputError, fail, read_regular_file
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.cli.options.secret_option import SecretError, add_secret_options, secret_of
from explorer.core import catalog
from explorer.core.push.signature_tool import DEFAULT_ALGORITHM, header_algorithm, judge
from explorer.core.push.signatures import ALGORITHMS, sign

EXIT_OK, EXIT_INVALID, EXIT_UNUSABLE = 0, 1, 2
MAX_BODY = 64 * 1024 * 1024
"""The largest body read (a hub's delivery is far smaller; the listen default is 50 MB)."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("sign", "verify"))
    add_secret_options(parser, say("signature.help-key"))
    parser.add_argument(
        "--algorithm",
        choices=tuple(ALGORITHMS),
        help=say("signature.help-algorithm", default=DEFAULT_ALGORITHM),
    )
    parser.add_argument("--signature", metavar="ALG=HEX", help=say("signature.help-signature"))
    parser.add_argument(
        "--show-expected",
        action="store_true",
        help=say("signature.help-show-expected"),
    )
    parser.add_argument("--json", action="store_true", help=say("signature.help-json"))
    parser.add_argument("file", metavar="FILE", help=say("signature.help-file"))
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    lang = language_of(args)
    try:
        secret = secret_of(args, lang)
    except SecretError as exc:
        return fail("signature", str(exc))
    if secret is None:
        return fail("signature", catalog.text("signature.no-secret", lang))
    try:
        body = read_body(args.file, MAX_BODY)
    except InputError as exc:
        return fail("signature", catalog.text("signature.cannot-read", lang, problem=exc))
    if len(body) > MAX_BODY:
        return fail("signature", catalog.text("signature.body-too-large", lang, limit=MAX_BODY))
    if args.action == "sign":
        value = sign(secret, body, args.algorithm or DEFAULT_ALGORITHM)
        print(json.dumps({"signature": value}) if args.json else value)
        return EXIT_OK
    return _verify(args, body, secret, lang)


def _verify(args: argparse.Namespace, body: bytes, secret: str, lang: str) -> int:
    header = args.signature
    if header is None:
        return fail("signature", catalog.text("signature.no-signature", lang))
    if header_algorithm(header) is None:
        return fail("signature", catalog.text("signature.malformed", lang))
    verdict = judge(body, secret, header, args.algorithm)
    if args.json:
        data: dict[str, object] = {
            "valid": verdict.valid,
            "state": str(verdict.state),
            "algorithm": verdict.algorithm,
            "required": verdict.required,
            "size": len(body),
        }
        if args.show_expected:
            data["expected"] = verdict.expected
        print(json.dumps(data))
    else:
        key = "signature.valid" if verdict.valid else "signature.invalid"
        if not verdict.valid and verdict.required and verdict.required != verdict.algorithm:
            key = "signature.wrong-algorithm"
        print(
            catalog.text(
                key, lang, algorithm=verdict.algorithm, required=verdict.required, size=len(body)
            )
        )
        if args.show_expected:
            print(catalog.text("signature.expected", lang, expected=verdict.expected))
    return EXIT_OK if verdict.valid else EXIT_INVALID


def read_body(path: str, limit: int) -> bytes:
    """FILE or standard input (``-``), at most ``limit`` + 1 bytes (one more shows excess)."""
    if path == "-":
        return sys.stdin.buffer.read(limit + 1)
    return read_regular_file(path, limit + 1)
