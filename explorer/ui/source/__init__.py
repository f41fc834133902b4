"""The opened Source: its tree, the document view, entries, problems, XML and diff views."""
