"""A change notification sent as a <sitemapindex> is one mistake, said once."""

from __future__ import annotations

from explorer.core.rules.context import ValidationContext
from explorer.core.validator import check_bytes

NOTIFICATION_AS_INDEX = b"""<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
      xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:ln rel="up" href="http://example.org/capabilitylist.xml"/>
  <rs:md capability="change-notification" from="2021-01-01T00:00:00Z"/>
  <sitemap><loc>http://example.org/a</loc>
    <rs:md change="updated" datetime="2021-01-01T00:00:01Z"/></sitemap>
</sitemapindex>
"""


def test_a_notification_index_is_not_also_told_that_it_describes_no_changes() -> None:
    codes = {item.code for item in check_bytes(NOTIFICATION_AS_INDEX, ValidationContext()).findings}
    assert "document.notification-index" in codes
    assert "document.change-not-used" not in codes
