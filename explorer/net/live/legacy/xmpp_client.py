"""The XMPP client the 2012 XMPP PubSub transport logs in with (``xmpp_push``), apart so
that the XMPP library loads only when a run first connects."""

from __future__ import annotations

from typing import Any

import slixmpp


class BoundedClient(slixmpp.ClientXMPP):
    """Counts the bytes of the stanza being received and cuts the stream once one passes
    ``max_stanza``, while it arrives: slixmpp would otherwise build any size in memory."""

    max_stanza = 0
    on_too_large: Any = None
    _stanza_bytes = 0

    def data_received(self, data: bytes | str) -> None:
        inside = self.xml_depth > 1  # within a stanza begun by an earlier chunk
        self._stanza_bytes = (self._stanza_bytes if inside else 0) + len(data)
        if self.max_stanza and self._stanza_bytes > self.max_stanza:
            if self.on_too_large is not None:
                self.on_too_large(self._stanza_bytes)
            self.abort()
            return
        super().data_received(data)
