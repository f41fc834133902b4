"""Views of the docks: classes that build and lay out widgets and expose them, with no
behaviour. The dock's class (its controller) derives from its view, connects the
widgets' signals, talks to ``ExplorerServices`` and updates what the view shows, so
layout and behaviour can each be read (and changed) without the other."""
