"""asyncio I/O for the explorer: fetching, discovery, crawl, WebSub subscriber, store.

No Qt here; tests/test_layers.py enforces it.
"""
