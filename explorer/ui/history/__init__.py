"""Across time: snapshots of a Source and their comparison, the audit of a local copy."""
