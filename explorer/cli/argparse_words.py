"""argparse's own refusals (Python's wording) said in the run's language.

argparse words its errors itself, in English (its gettext message ids). Each is read here
by the fixed words of its message id, the way a translation reads a message id, into the
catalog line ``cli.argparse.*`` that says it; an error this table does not know is shown
as argparse said it.
"""

from __future__ import annotations

from explorer.core import catalog

_PREFIXED = (
    ("the following arguments are required: ", "cli.argparse.required", "names"),
    ("unrecognized arguments: ", "cli.argparse.unrecognized", "names"),
    ("not allowed with argument ", "cli.argparse.not-allowed-with", "name"),
)
_EXPECTED_ONE = "expected one argument"
_ARGUMENT = "argument "
_CHOICE, _CHOICES, _CHOICES_END = "invalid choice: ", " (choose from ", ")"


def argparse_said(message: str, lang: str) -> str:
    """argparse's ``message`` in ``lang`` (as it came when its words are unknown here)."""
    if message == _EXPECTED_ONE:
        return catalog.text("cli.argparse.expected-one", lang)
    for prefix, key, name in _PREFIXED:
        if message.startswith(prefix):
            return catalog.text(key, lang, **{name: message.removeprefix(prefix)})
    if message.startswith(_CHOICE) and message.endswith(_CHOICES_END) and _CHOICES in message:
        value, _, choices = message.removeprefix(_CHOICE)[: -len(_CHOICES_END)].partition(_CHOICES)
        return catalog.text("cli.argparse.invalid-choice", lang, value=value, choices=choices)
    if message.startswith(_ARGUMENT) and ": " in message:
        name, _, inner = message.removeprefix(_ARGUMENT).partition(": ")
        said = argparse_said(inner, lang)
        return catalog.text("cli.argparse.argument", lang, name=name, message=said)
    return message
