"""The opened Source: its tree, the document view, entries, address and folder, and
the credentials a Source asks for (with their Settings pages)."""

from __future__ import annotations

from explorer.ui.shared.shell import Feature, Shell


def install(shell: Shell) -> None:
    """Put the feature into the window (its modules load here, after the first frame)."""
    from explorer.ui.source.wiring import install as install_feature

    install_feature(shell)


FEATURE = Feature("source", install)
