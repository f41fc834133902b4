"""What a harvest of a Source will cost before it is run: requests, bytes and time for a
baseline, an incremental and an audit run at a client's profile, and what forces a client
to fetch a resource again. Pure: the counts are fed in by ``explorer.net.plan``."""
