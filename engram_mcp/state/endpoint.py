"""Where the process that owns a memory folder listens for the folder's other clients.

Standard library only: a hook or a one-shot command computes this path on every call, before
it knows whether it will need anything heavier (the owner's MCP server, or the folder itself).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

__all__ = ["endpoint_path"]

_SOCKET_NAME = "owner.sock"
# sockaddr_un holds 108 bytes with the terminating NUL on Linux (104 on macOS).
_MAX_SOCKET_PATH = 100


def endpoint_path(state_dir: Path) -> Path:
    """Where the owner of the folder whose state lives in ``state_dir`` listens.

    Under ``.engram/`` when the path fits a socket address; otherwise in a private per-user
    folder, named by a hash of the state folder so every process computes the same path.
    """
    preferred = state_dir / _SOCKET_NAME
    if len(os.fsencode(preferred)) <= _MAX_SOCKET_PATH:
        return preferred
    digest = hashlib.sha256(os.fsencode(state_dir.resolve())).hexdigest()[:24]
    private = Path(tempfile.gettempdir()) / f"engram-{os.getuid()}"
    private.mkdir(mode=0o700, exist_ok=True)
    if private.stat().st_uid != os.getuid() or private.stat().st_mode & 0o077:
        raise PermissionError(f"{private} must belong to this user and be private (mode 0700)")
    return private / f"{digest}.sock"
