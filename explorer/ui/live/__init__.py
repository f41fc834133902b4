"""The live side as the user sees it: subscriptions and the feed of what arrives."""
