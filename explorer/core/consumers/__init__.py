"""What the programs that read a Source's documents will take from them: search engines,
harvesters, robots.txt readers."""
