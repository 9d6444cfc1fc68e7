"""`--format code`: every rule set's snippet, in every host language's real
toolchain (Go and Rust against the real regex engines: Go's regexp, the
regex crate from Debian's librust-regex-dev), agrees with the reference
evaluator on the fixtures and at least 2,000 generated hands per rule set
(half of them holding a wild tile where the rule set has wild tiles).

Each language's program holds every rule set's snippet and is compiled once
(:mod:`snippet_programs`), then run once per rule set."""

from __future__ import annotations

import pytest
from conftest import (
    HANDS,
    RULE_SETS,
    WILD_RULE_SETS,
    disagreements,
    hand_corpus,
    holds_wild,
    read_fixtures,
)
from snippet_programs import LANGS, build, program_getter

#: Generated hands per rule set and language (besides the fixtures).
SNIPPET_HANDS = 2000


def snippet_hands(name: str) -> list[str]:
    """The fixture hands, then up to SNIPPET_HANDS generated ones (with wild
    tiles, half of them holding one)."""
    fixtures = [h for _, h, _, _ in read_fixtures(name)]
    rest = [h for h in hand_corpus(name) if h not in set(fixtures)]
    count = min(HANDS, SNIPPET_HANDS)
    if name in WILD_RULE_SETS:
        wild = [h for h in rest if holds_wild(name, h)][: count // 2]
        plain = [h for h in rest if not holds_wild(name, h)][: count - len(wild)]
        rest = plain + wild
    return fixtures + rest[:count]


@pytest.fixture(scope="session")
def programs(tmp_path_factory):
    """{language: its program}, each built on first use."""
    return program_getter(build, tmp_path_factory, RULE_SETS, "")


CASES = [(lang, name) for lang in LANGS for name in RULE_SETS]


@pytest.mark.parametrize("lang,name", CASES, ids=[f"{lang}-{name}" for lang, name in CASES])
def test_snippet_agrees_with_reference(programs, lang, name):
    program = programs(lang)
    if name not in program.held:
        pytest.skip(f"the {lang} flavor refuses {name} (see test_flavors)")
    hands = snippet_hands(name)
    if HANDS >= 2 * SNIPPET_HANDS:  # the corpus holds more than enough
        assert len(hands) - len(read_fixtures(name)) == SNIPPET_HANDS
    answers = program.decide(name, lang, hands)
    assert len(answers) == len(hands)
    bad = disagreements(name, hands, answers)
    assert not bad, f"{lang}: {len(bad)} of {len(hands)} hands disagree, e.g.\n" + "\n".join(
        bad[:10]
    )
    assert any(answers) and not all(answers)
