"""Words said to readers: findings in their language, engine words, languages, times and
visible text.
"""
