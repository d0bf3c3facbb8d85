"""What clients talk to: the MCP server, its wire types, importers."""
