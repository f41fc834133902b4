"""The hub workbench: exercising a WebSub hub by hand."""
