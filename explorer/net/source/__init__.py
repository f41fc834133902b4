"""Reading a Source: discovery, the crawl and its tree, Sources on disk, dump and resource
checks, inspections.
"""
