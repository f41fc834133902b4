"""Helpers shared by test folders (importable as ``helpers``: pytest puts ``tests`` on the
path, see ``pythonpath`` in pyproject.toml)."""
