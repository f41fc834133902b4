"""ResourceSync Explorer: inspect ResourceSync Sources and debug WebSub hubs."""

from importlib.metadata import PackageNotFoundError, version

APP_NAME = "ResourceSync Explorer"
DISTRIBUTION = "resourcesync-explorer"

try:
    __version__ = version(DISTRIBUTION)
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+source"
