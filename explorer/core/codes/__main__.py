"""Print the finding-code table in Markdown for the README."""

from explorer.core.codes import markdown_table

print(markdown_table())
