"""Shared test helpers: rule sets, fixture files, hand corpora, engines.

``MAHJONG_HANDS`` sets how many generated hands each rule set is tested on
in every engine (default 20,000).  With ``CI=true`` an engine that is missing
fails the run instead of being skipped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from hands import corpus

from mahjong_regex import BUILTINS, FLAVORS, Evaluator, HandError, load_rules
from mahjong_regex.engines import EngineUnavailable, engine_version
from mahjong_regex.hands.samples import random_hands
from mahjong_regex.reference.wild_tables import resolve_table, split_turned

FIXTURES = Path(__file__).parent / "fixtures"
try:
    HANDS = int(os.environ.get("MAHJONG_HANDS", "20000"))
except ValueError:
    raise pytest.UsageError("MAHJONG_HANDS must be a whole number of hands") from None
IN_CI = os.environ.get("CI") == "true"


#: Rule sets the tests prove in every engine: the built-ins, plus test-only
#: ones in tests/rules/ (``unicode``: tiles outside the BMP; ``counters``:
#: meld counts above one, several shapes).
TEST_RULES = Path(__file__).parent / "rules"
RULE_SETS = BUILTINS + ("unicode", "counters")
#: The built-in rule sets with wild tiles.
WILD_RULE_SETS = ("hongzhong", "hangzhou", "guangdong", "tianjin", "wuhan", "wenzhou")
#: ... and those whose hands start with the turned tile (``TURNED|HAND``).
INDICATOR_RULE_SETS = ("tianjin", "wuhan", "wenzhou")
#: The rule sets with a fixture file.
FIXTURE_RULE_SETS = RULE_SETS
#: The rule sets every pass is switched off for, one at a time: the first
#: built-ins, the test-only ones, and the regional ones with constructs of
#: their own (special kongs and counters over several branches; knitted
#: melds and 'or').
PASS_RULE_SETS = ("harbin", "sichuan", "riichi", "unicode", "counters", "changchun", "mcr")
#: The regional rule sets run in every engine on at most this many generated
#: hands each (the first ones on MAHJONG_HANDS), to keep CI well inside its
#: time; their fixtures always run.
REGIONAL_HANDS = 5000
#: A rule set with wild tiles adds this many hands of
#: :func:`~mahjong_regex.hands.samples.random_hands` (seed 0) to its
#: hypothesis corpus, so that at least REGIONAL_HANDS of its hands hold a
#: wild tile.
WILD_EXTRA_HANDS = 4000


def hand_count(name: str) -> int:
    """How many generated hands rule set ``name`` is proven on."""
    first = ("harbin", "sichuan", "riichi", "unicode", "counters")
    return HANDS if name in first else min(HANDS, REGIONAL_HANDS)


@lru_cache(maxsize=None)
def rules(name: str):
    """The checked rule set ``name``: a built-in or a test-only one."""
    return load_rules(name if name in BUILTINS else str(TEST_RULES / f"{name}.meld"))


@lru_cache(maxsize=None)
def evaluator(name: str) -> Evaluator:
    return Evaluator(rules(name))


def read_fixtures(name: str) -> list[tuple[bool, str, str, int]]:
    """Lines of ``tests/fixtures/<name>.txt`` as (win, hand, comment, line).

    A line is ``win`` or ``no``, then the hand: bare, or a JSON string when
    it holds white space, ``#`` or quotes; then an optional ``# comment``."""
    out = []
    for number, line in enumerate((FIXTURES / f"{name}.txt").read_text("utf-8").splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        verdict, _, rest = text.partition(" ")
        rest = rest.strip()
        if rest.startswith('"'):
            hand, end = json.JSONDecoder().raw_decode(rest)
            comment = rest[end:].strip().lstrip("#").strip()
        else:
            hand, _, comment = rest.partition("#")
            hand = hand.strip()
            comment = comment.strip()
        assert verdict in ("win", "no"), f"{name}.txt:{number}: bad verdict {verdict!r}"
        out.append((verdict == "win", hand, comment, number))
    return out


@lru_cache(maxsize=None)
def hand_corpus(name: str) -> tuple[str, ...]:
    """The generated hands for rule set ``name`` (deterministic), plus its
    fixture hands."""
    generated = corpus(rules(name), hand_count(name))
    if name in WILD_RULE_SETS:
        generated += random_hands(rules(name), min(HANDS, WILD_EXTRA_HANDS), seed=0)
    return tuple(dict.fromkeys([h for _, h, _, _ in read_fixtures(name)] + generated))


def holds_wild(name: str, hand: str) -> bool:
    """Does ``hand`` hold a tile that is wild (or a proxy) for its turned
    tile?  False for a string that is not a hand."""
    r = rules(name)
    try:
        turned, tiles = split_turned(r, hand)
    except HandError:
        return False
    table = resolve_table(r, turned)
    return any(t.index in table.domain or t.index in table.proxy for t in tiles)


def require_engine(engine: str) -> str:
    """The engine's version; skips the test when the engine is missing,
    except under CI, where a missing engine fails."""
    try:
        return engine_version(engine)
    except EngineUnavailable as e:
        if IN_CI:
            pytest.fail(f"engine {engine} is missing in CI: {e}")
        pytest.skip(f"engine {engine} unavailable: {e}")


@pytest.fixture(params=BUILTINS)
def ruleset(request) -> str:
    return request.param


#: The real engines each flavor is proven in: its row's ``engines``.
FLAVOR_ENGINES = {name: flavor.engines for name, flavor in FLAVORS.items()}


@lru_cache(maxsize=None)
def wins(name: str, hand: str) -> bool:
    """The reference verdict, computed once per rule set and hand."""
    return evaluator(name).wins(hand)


def disagreements(name: str, hands, answers) -> list[str]:
    """Hands where ``answers`` (bools) differ from the reference evaluator,
    as readable lines."""
    ev = evaluator(name)
    out = []
    for hand, got in zip(hands, answers):
        want = wins(name, hand)
        if got != want:
            out.append(
                f"{json.dumps(hand, ensure_ascii=False)}: engine {got}, reference {want} ({ev.evaluate(hand).explain()})"
            )
    return out


@lru_cache(maxsize=1)
def builtin_tests_report() -> dict:
    """What ``mahjong-regex test --flavor python --format json`` says of the
    built-ins' tests (run once): the reference and Python's ``re``."""
    argv = [sys.executable, "-m", "mahjong_regex", "test", *BUILTINS]
    done = subprocess.run(
        argv + ["--flavor", "python", "--format", "json"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def run_cli(*args: str, stdin: str | None = None, cwd=None) -> subprocess.CompletedProcess:
    """``mahjong-regex ARGS`` as a user runs it (``python -m mahjong_regex``),
    text in and out as UTF-8."""
    return subprocess.run(
        [sys.executable, "-m", "mahjong_regex", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
    )
