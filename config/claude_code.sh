#!/usr/bin/env bash
# Registers Engram with Claude Code for your user (all projects). Run from the repository root.
claude mcp add --scope user engram -- "$PWD/.venv/bin/engram-mcp" serve --memory-dir "$HOME/engram/memories"
