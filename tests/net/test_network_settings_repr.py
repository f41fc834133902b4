"""A manual proxy URL may carry a password: NetworkSettings' repr leaves it out."""

from explorer.net.http.network_access import NetworkAccess, NetworkSettings, ProxyMode

PASSWORD = "pr0xy-pa55word"
PROXY = f"http://user:{PASSWORD}@127.0.0.1:3128"


def test_settings_repr_hides_the_proxy_password() -> None:
    settings = NetworkSettings(proxy_mode=ProxyMode.MANUAL, proxy_url=PROXY)
    assert settings.proxy_url == PROXY
    assert PASSWORD not in repr(settings)
    assert PASSWORD not in repr(NetworkAccess(settings=settings))


def test_manual_proxy_still_reaches_the_client() -> None:
    settings = NetworkSettings(proxy_mode=ProxyMode.MANUAL, proxy_url=PROXY)
    assert NetworkAccess(settings=settings).client_options()["proxy"] == PROXY
