import stat
from pathlib import Path

import pytest

from engram_mcp.edge.http import HttpOptions, ensure_token, is_loopback, read_token, token_file
from engram_mcp.errors import ConfigError


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
def test_loopback_addresses_are_recognised(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "memory.example.org"])
def test_every_other_address_is_not_loopback(host: str) -> None:
    assert not is_loopback(host)


def test_binding_beyond_loopback_without_a_token_is_refused_with_the_way_out() -> None:
    with pytest.raises(ConfigError, match="add --token"):
        HttpOptions("0.0.0.0").check()
    HttpOptions("0.0.0.0", require_token=True).check()
    HttpOptions("127.0.0.1").check()


def test_the_token_is_made_once_readable_only_by_its_user_and_then_reused(tmp_path: Path) -> None:
    state = tmp_path / ".engram"
    assert read_token(state) is None
    token = ensure_token(state)
    assert len(token) >= 40
    assert stat.S_IMODE(token_file(state).stat().st_mode) == 0o600
    assert ensure_token(state) == token == read_token(state)
