"""What the window's checks of a Source take: shared by the Source and folder services
(and said in the tree's context menu), so that neither imports the other."""

RESOURCE_SAMPLE = 20
"""Resources sampled by the link check of a list."""
