"""A subscription's hub.secret never shows in its repr (logs, tracebacks, test output)."""

from explorer.net.live.subscription import Subscription, SubscriptionView, new_secret


def _subscription(secret: str) -> Subscription:
    return Subscription(
        id="s1",
        topic="http://127.0.0.1/topic",
        hub="http://127.0.0.1/hub",
        callback_path="/cb/s1",
        callback_url="http://127.0.0.1/cb/s1",
        secret=secret,
    )


def test_live_subscription_repr_hides_the_secret() -> None:
    secret = new_secret()
    sub = _subscription(secret)
    assert sub.secret == secret
    assert secret not in repr(sub)
    assert "http://127.0.0.1/topic" in repr(sub)


def test_subscription_view_repr_hides_the_secret() -> None:
    secret = new_secret()
    view = SubscriptionView.of(_subscription(secret), serving_url=None)
    assert secret not in repr(view)
