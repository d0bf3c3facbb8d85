"""The command line's commands for people and hooks, beside the maintenance commands in ``cli``."""
