"""ResourceSync Explorer: inspect ResourceSync Sources and debug WebSub hubs."""

APP_NAME = "ResourceSync Explorer"
DISTRIBUTION = "resourcesync-explorer"


def __getattr__(name: str) -> str:
    """``__version__``, read from the installed metadata on first use: importing
    ``importlib.metadata`` takes 15-20 ms, which the window's start-up should not pay.
    ``from explorer import __version__`` works as before."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        value = version(DISTRIBUTION)
    except PackageNotFoundError:  # running from a source tree that was never installed
        value = "0+source"
    globals()["__version__"] = value
    return value
