"""A crawl's tree prints as one short line whatever its size: ``asyncio.run`` formats the
finished main task, result included, when it restores the SIGINT handler (Python 3.11)."""

from __future__ import annotations

from explorer.net.source.crawl_tree import CrawlResult, DocumentNode, NodeState
from explorer.net.source.discovery import Discovery


def _tree(children: int) -> CrawlResult:
    root = DocumentNode("http://127.0.0.1/index.xml", state=NodeState.LOADED)
    root.children = [
        DocumentNode(f"http://127.0.0.1/lists/{n}.xml", parent=root, depth=1)
        for n in range(children)
    ]
    return CrawlResult(root.url, Discovery(root.url, source_url=root.url), root)


def test_repr_does_not_grow_with_the_tree() -> None:
    small, large = repr(_tree(1)), repr(_tree(3000))
    assert len(large) - len(small) <= 3  # only the count of children grows
    assert "children=3000" in large


def test_repr_names_the_node() -> None:
    node = _tree(2).root
    assert node is not None
    assert repr(node) == (
        "DocumentNode('http://127.0.0.1/index.xml', state=loaded, children=2, findings=0)"
    )
