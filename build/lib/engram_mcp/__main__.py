"""python -m engram_mcp"""

import sys

from engram_mcp.cli import main

sys.exit(main())
