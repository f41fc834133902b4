"""The explorer's SQLite store and what lives in it: the database, its lock and the exchange
log.
"""
