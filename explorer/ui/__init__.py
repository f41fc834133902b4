"""The PySide6 desktop explorer: windows, docks, item models and highlighters."""
