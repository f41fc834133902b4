"""Print the finding-code table in Markdown, or write it into docs/finding-codes.md.

``python -m explorer.core.codes`` prints the table; ``python -m explorer.core.codes
--write-docs [PATH]`` replaces the table between the page's ``<!-- codes-table -->`` and
``<!-- /codes-table -->`` markers (tests/test_readme_codes.py checks they agree).
"""

import sys
from pathlib import Path

from explorer.core import catalog
from explorer.core.codes import CODES_PAGE, markdown_table, page_with_table

if len(sys.argv) > 1 and sys.argv[1] == "--write-docs":
    page = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(CODES_PAGE)
    page.write_text(page_with_table(page.read_text(encoding="utf-8")), encoding="utf-8")
    print(catalog.text("finding_codes.table-written", catalog.ENGLISH, page=page))
else:
    print(markdown_table())
