"""The fleet, pure: many Sources watched unattended (issue 43).

``fleet_file`` reads a fleet file (which Sources, how often, what to do with each) into
``SourcePlan`` values; ``durations`` reads its ``"15m"`` periods; ``health`` derives a
Source's state from its latest runs. The database and the runs live in ``explorer.net.fleet``.
"""
