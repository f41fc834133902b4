"""The options several commands share (language, network, crawl, secrets, push forms...):
each module adds its arguments to a command's parser and reads them back, so a flag means
the same in every command that takes it."""
