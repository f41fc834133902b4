"""Files handed to people and programs: the HTML and CSV reports, JUnit cases and exchange
exports.
"""
