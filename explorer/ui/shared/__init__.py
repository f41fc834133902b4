"""Helpers every feature of the window uses: plain text, thread hand-over, icons, wording."""
