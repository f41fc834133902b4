"""``python -m explorer``: same as the ``resourcesync-explorer`` console script."""

from explorer.cli import main

raise SystemExit(main())
