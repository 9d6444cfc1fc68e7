"""Hypothesis strategies for arranged hands near the win/no-win boundary
(the recipe is :mod:`mahjong_regex.hands.samples`; hypothesis makes the choices,
so a failure shrinks to a small hand)."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path

import hypothesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from mahjong_regex.hands.samples import meld_instances, near_boundary
from mahjong_regex.ruleset.model import RuleSet

#: Where corpora are kept between test processes (pytest-xdist's workers
#: and later runs): one JSON file per corpus, named by a digest of what
#: makes it (see :func:`_shared`).
CORPORA = Path(tempfile.gettempdir()) / "mahjong-regex-corpora"
SOURCES = Path(__file__).resolve().parent.parent / "src" / "mahjong_regex"
GRAMMAR = Path(__file__).resolve().parent.parent / "grammar"


@lru_cache(maxsize=1)
def _code_digest() -> str:
    """A digest of the package's files (its code, built-in rule sets and
    notations) and this file: a corpus made by other code or data is never
    reused."""
    h = hashlib.sha256(hypothesis.__version__.encode())
    files = [
        p
        for folder in (SOURCES, GRAMMAR)
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    ]
    for p in sorted(files) + [Path(__file__)]:
        h.update(p.as_posix().encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def _shared(kind: str, rules: RuleSet, n: int, make) -> list[str]:
    """``make()`` (a list of hand strings), computed once for every test
    process on this machine: the first process to ask makes it under a lock
    and writes it; the others wait and read it."""
    key = json.dumps([kind, rules.name, rules.source, n, _code_digest()])
    digest = hashlib.sha256(key.encode()).hexdigest()[:20]
    CORPORA.mkdir(parents=True, exist_ok=True)
    target = CORPORA / f"{kind}-{rules.name}-{n}-{digest}.json"
    with open(CORPORA / f"{digest}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.is_file():
            return json.loads(target.read_text("utf-8"))
        made = make()
        scratch = target.with_suffix(f".{os.getpid()}.tmp")
        scratch.write_text(json.dumps(made), "utf-8")
        os.replace(scratch, target)
        return made


@lru_cache(maxsize=None)
def _integers(lo: int, hi: int) -> st.SearchStrategy[int]:
    return st.integers(lo, hi)


class _Draws:
    """A :class:`mahjong_regex.hands.samples.Chooser` over hypothesis draws
    (integer strategies made once: building a strategy per draw cost a third
    of the corpus time)."""

    def __init__(self, draw):
        self.draw = draw

    def element(self, options):
        options = options if isinstance(options, (list, tuple)) else list(options)
        return options[self.draw(_integers(0, len(options) - 1))]

    def integer(self, lo: int, hi: int) -> int:
        return self.draw(_integers(lo, hi))

    def permutation(self, items):
        return self.draw(st.permutations(list(items)))


def hands(rules: RuleSet) -> st.SearchStrategy[str]:
    """Strategy of hand strings for ``rules``."""
    instances = meld_instances(rules)

    @st.composite
    def build(draw) -> str:
        return near_boundary(rules, _Draws(draw), instances)

    return build()


def corpus(rules: RuleSet, n: int) -> list[str]:
    """``n`` hands for ``rules``, the same ones on every run (derandomized),
    for batch runs in external engines; made once per machine and code
    (:func:`_shared`)."""
    return _shared("arranged", rules, n, lambda: _corpus(rules, n))


def _corpus(rules: RuleSet, n: int) -> list[str]:
    out: list[str] = []

    @settings(
        max_examples=n,
        database=None,
        derandomize=True,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(hands(rules))
    def collect(hand: str) -> None:
        out.append(hand)

    collect()
    return out


def sorted_corpus(rules: RuleSet, n: int) -> list[str]:
    """``n`` sorted hands for ``rules`` (:mod:`mahjong_regex.hands.sorted_hands`),
    the same ones on every run (derandomized); made once per machine and
    code (:func:`_shared`)."""
    return _shared("sorted", rules, n, lambda: _sorted_corpus(rules, n))


def _sorted_corpus(rules: RuleSet, n: int) -> list[str]:
    from mahjong_regex.hands.sorted_hands import sorted_boundary

    instances = meld_instances(rules)
    out: list[str] = []

    @st.composite
    def build(draw) -> str:
        return sorted_boundary(rules, _Draws(draw), instances)

    @settings(
        max_examples=n,
        database=None,
        derandomize=True,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(build())
    def collect(hand: str) -> None:
        out.append(hand)

    collect()
    return out
