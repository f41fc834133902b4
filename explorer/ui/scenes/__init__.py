"""Scripted scenes on the real window: the ``--self-test`` scenario and the user guide's
screenshots (``docs/make_screenshots.py``). They drive the whole window as a user
would, so they may reach any feature; no feature imports them."""
