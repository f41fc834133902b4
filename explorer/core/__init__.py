"""Pure ResourceSync engine: document model, parser, rules, findings, state and diffs.

Nothing here imports Qt, asyncio or a network library; tests/test_layers.py enforces it.
"""
