"""Across time: snapshots of a Source, their comparison, and audits of a Destination's copy."""
