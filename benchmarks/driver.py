"""The engine driver the tests use, ``tests/engines.py``: runner programs, their
protocol (documented there) and the in-process engines.  The benchmark reaches
it through ``from driver import engines``."""

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import engines  # noqa: E402

__all__ = ["engines"]
