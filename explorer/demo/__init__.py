"""The embedded demo Source and reference WebSub hub (aiohttp.web), with fault injection."""
