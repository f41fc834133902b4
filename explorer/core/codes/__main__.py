"""Print the finding-code table in Markdown, or write it into README.md.

``python -m explorer.core.codes`` prints the table; ``python -m explorer.core.codes
--write-readme [PATH]`` replaces the table between the README's ``<!-- codes-table -->``
and ``<!-- /codes-table -->`` markers (tests/test_readme_codes.py checks they agree).
"""

import sys
from pathlib import Path

from explorer.core.codes import markdown_table, readme_with_table

if len(sys.argv) > 1 and sys.argv[1] == "--write-readme":
    readme = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("README.md")
    readme.write_text(readme_with_table(readme.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote the finding-code table into {readme}")
else:
    print(markdown_table())
