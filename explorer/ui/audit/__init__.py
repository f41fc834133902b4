"""The open Source across time: File ▸ Save snapshot and Audit a local copy…."""
