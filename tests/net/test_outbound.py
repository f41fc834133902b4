"""Which addresses the outbound policy treats as the local network, however written."""

from __future__ import annotations

import httpx
import pytest

from explorer.net.http.outbound import (
    AddressRefused,
    non_public,
    private_addresses_allowed,
    refuse_private_addresses,
)


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "0.0.0.0",
     "100.64.0.1", "::1", "[::1]", "fe80::1%eth0", "fd00::1", "::ffff:127.0.0.1", "224.0.0.1"],
)  # fmt: skip
def test_local_network_addresses_are_not_public(address: str) -> None:
    assert non_public(address)


@pytest.mark.parametrize("address", ["93.184.215.14", "2606:4700::1111", "example.org"])
def test_global_addresses_and_names_are_public(address: str) -> None:
    assert not non_public(address)


@pytest.mark.parametrize(
    "url", ["http://2130706433/x", "http://0x7f.1/x", "http://localhost:8080/x", "http://[::1]/"]
)
async def test_the_hook_refuses_local_addresses_however_written(url: str) -> None:
    with pytest.raises(AddressRefused, match="--allow-private-addresses"):
        await refuse_private_addresses(httpx.Request("GET", url))


def test_a_url_given_on_the_local_network_allows_it() -> None:
    assert private_addresses_allowed(["http://127.0.0.1:8080/"])
    assert private_addresses_allowed(["http://source.example/", "http://localhost/hub"])
    assert not private_addresses_allowed(["http://source.example/", "file.xml"])
    assert private_addresses_allowed(["http://source.example/"], asked=True)
