"""Frozen entry point of the bundle: the same ``main`` as ``python -m explorer``.

PyInstaller needs a script rather than a module. QT_API is fixed before qasync can
probe for other Qt bindings (GUIDE §4). The bundle leaves multiprocessing out
(explorer.spec); if the explorer ever uses a process pool, put it back and call
``multiprocessing.freeze_support()`` here first, or the frozen workers re-run the app.
"""

import os

if __name__ == "__main__":
    os.environ.setdefault("QT_API", "pyside6")

    from explorer.cli import main

    raise SystemExit(main())
