"""Tools that stand alone from the open Source: the signature checker."""
