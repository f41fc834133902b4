"""The pure side of planning a harvest: reading OAI-PMH ListRecords pages, mapping OAI
identifiers to the locs of the ResourceSync view, judging one resource's two views against
each other (parity), and spotting Change List entries an incremental harvester would miss.

No I/O here: the walk of an OAI-PMH endpoint, the spill of both views to disk and the
reading of stored snapshots are ``explorer.net.oai`` and ``explorer.net.history``.
"""
