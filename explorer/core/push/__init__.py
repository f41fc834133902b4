"""Pure side of push: notification checks, 2012 push links, payload templates and X-Hub-
Signature.
"""
