"""The Source-wide Problems view: every finding of the open Source, and the report."""
