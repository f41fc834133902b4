"""A separate XMPP client (plain slixmpp, none of the explorer's code) that plays a 2012
Source's XMPP PubSub side (core 0.1-alpha §5.2.1): it creates a node, publishes a Change
Set file as one item's payload, or lists the node's subscribers, then logs out. The tests
run it as a script:

    python xmpp_publisher.py JID PASSWORD HOST PORT CA_FILE SERVICE NODE [CHANGE_SET_FILE]

With ``--subscribers`` instead of a file it prints the node's subscriptions (as its owner).
After a publication it prints when the service acknowledged it (``time.time()``).
"""

from __future__ import annotations

import asyncio
import ssl
import sys
import time
import xml.etree.ElementTree as ET

import slixmpp
from slixmpp.exceptions import IqError


async def main(argv: list[str]) -> int:
    jid, password, host, port, ca_file, service, node, *payload_file = argv
    context = ssl.create_default_context(cafile=ca_file)
    client = slixmpp.ClientXMPP(jid, password, ssl_context=context)
    client.register_plugin("xep_0060")
    # slixmpp writes a namespaced attribute (rs:type) only for a namespace it has a prefix for
    client.namespace_map["http://www.openarchives.org/rs/terms/"] = "rs"
    started = asyncio.get_running_loop().create_future()
    client.add_event_handler("session_start", lambda _: started.done() or started.set_result(1))
    client.connect(host, int(port))
    async with asyncio.timeout(20):
        await started
        pubsub = client.plugin["xep_0060"]
        if payload_file == ["--subscribers"]:
            answer = await pubsub.get_node_subscriptions(service, node)
            for item in answer["pubsub_owner"]["subscriptions"]:
                print(item["jid"], item["subscription"])
        elif payload_file:
            with open(payload_file[0], "rb") as handle:
                payload = ET.fromstring(handle.read())
            await pubsub.publish(service, node, payload=payload)
            print("published", time.time())
        else:
            try:
                await pubsub.create_node(service, node)
            except IqError as exc:
                if exc.condition != "conflict":
                    raise
    await client.disconnect()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
