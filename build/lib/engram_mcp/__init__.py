"""Engram MCP: persistent, human-editable, time-aware long-term memory for AI assistants."""

__all__ = ["__version__"]

__version__ = "0.1.0"
