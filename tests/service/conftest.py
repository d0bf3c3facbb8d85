"""The fact pipeline and forgetting over the real service, shared by the service tests."""

from __future__ import annotations

import pytest

from engram_mcp.service.facts import FactService
from engram_mcp.service.forgetting import Forgetting
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock


@pytest.fixture
def facts(service: MemoryService, clock: SteppingClock) -> FactService:
    return FactService(service, clock)


@pytest.fixture
def forgetting(service: MemoryService, facts: FactService, clock: SteppingClock) -> Forgetting:
    return Forgetting(service, facts, clock)
