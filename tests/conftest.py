"""Suite-wide setup. The Qt platform must be chosen before anything imports Qt (GUIDE §7)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")
