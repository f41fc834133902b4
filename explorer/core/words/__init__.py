"""Words said to readers: findings in their language, engine words, languages, times,
visible text and its width on a terminal.
"""
