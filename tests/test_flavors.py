"""Every flavor's pattern, in its real engine, agrees with the reference
evaluator on every fixture hand and every generated hand -- or the flavor
refuses the rule set with the documented error."""

from __future__ import annotations

from functools import lru_cache

import pytest
from capped_hands import capped_hands
from conftest import (
    FLAVOR_ENGINES,
    INDICATOR_RULE_SETS,
    RULE_SETS,
    WILD_RULE_SETS,
    disagreements,
    evaluator,
    hand_corpus,
    hand_count,
    holds_wild,
    require_engine,
    rules,
    wins,
)

from mahjong_regex import FLAVORS, Evaluator, UnsupportedError, ir
from mahjong_regex.engines import run_batch
from mahjong_regex.pipeline import compile_for, compile_rules, render

#: Flavors that refuse a rule set by default (and why, in the message).
REFUSED = {(name, "re2") for name in RULE_SETS}
#: ... and the ones that cannot say it even with --allow-unchecked, with a
#: word of the message: RE2 has neither calls nor counters, and changchun's
#: meld automaton (four special kongs, each at most once) unfolds past its
#: memory budget; a copy limit on the tiles wild tiles stand for is a tally
#: of each meld's tiles in groups, read with lookaround and backreferences;
#: the wild tiles of a turned tile are read with backreferences.
CANNOT = {("changchun", "re2"): "default memory budget"}
CANNOT |= {(name, "re2"): "tallies each meld's tiles" for name in ("hongzhong", "guangdong")}
CANNOT |= {(name, "re2"): "--indicator TILE" for name in INDICATOR_RULE_SETS}

CASES = [
    (name, flavor, engine)
    for name in RULE_SETS
    for flavor in FLAVORS
    for engine in FLAVOR_ENGINES[flavor]
]


def ids(cases):
    return ["-".join(c) for c in cases]


@pytest.mark.parametrize("name,flavor,engine", CASES, ids=ids(CASES))
def test_engine_agrees_with_reference(name, flavor, engine):
    version = require_engine(engine)
    hands = list(hand_corpus(name))
    # Duplicates are dropped, so a little under the count asked for.
    assert len(hands) >= min(1000, hand_count(name) // 2)
    if (name, flavor) in CANNOT:
        with pytest.raises(UnsupportedError, match=CANNOT[name, flavor]) as info:
            compile_for(rules(name), flavor, allow_unchecked=True)
        assert info.value.flavor == flavor
        return
    pattern = compile_rules(rules(name), flavor=flavor)
    if (name, flavor) in REFUSED:
        with pytest.raises(UnsupportedError) as info:
            render(pattern, flavor)
        assert info.value.flavor == flavor
        assert "--allow-unchecked" in str(info.value)
        assert info.value.span is not None
        # The opt-out emits the rest: it decides the rule set less the
        # unchecked constraints, exactly.
        out = render(pattern, flavor, allow_unchecked=True)
        assert out.unchecked
        relaxed = Evaluator(rules(name).relaxed(out.unchecked))
        answers = run_batch(engine, out.text, hands, flags=out.flavor.flags)
        bad = [h for h, got in zip(hands, answers) if got != relaxed.wins(h)]
        assert not bad, f"{engine} {version}: {len(bad)} hands disagree, e.g. {bad[:5]}"
        # On hands that satisfy the unchecked constraints it is the rule set.
        strict = Evaluator(rules(name))
        for hand, got in zip(hands, answers):
            if relaxed.wins(hand) == strict.wins(hand):
                continue
            assert got and not strict.wins(hand)  # only hands the unchecked rules reject
        return
    out = render(pattern, flavor)
    answers = run_batch(engine, out.text, hands, flags=out.flavor.flags)
    bad = disagreements(name, hands, answers)
    assert (
        not bad
    ), f"{engine} {version}: {len(bad)} of {len(hands)} hands disagree, e.g.\n" + "\n".join(
        bad[:10]
    )


@pytest.mark.parametrize("name", WILD_RULE_SETS)
def test_wild_corpus_holds_enough_wild_tiles(name):
    """Every engine above sees at least 5,000 generated hands that hold a
    wild tile (when MAHJONG_HANDS asks for that many)."""
    hands = hand_corpus(name)
    assert sum(holds_wild(name, h) for h in hands) >= min(5000, hand_count(name))


#: The rule sets whose copy limit counts stand-ins.
CAPPED_RULE_SETS = ("hongzhong", "guangdong")
CAPPED_CASES = [
    (name, flavor, engine)
    for name in CAPPED_RULE_SETS
    for flavor in FLAVORS
    if (name, flavor) not in CANNOT
    for engine in FLAVOR_ENGINES[flavor]
]


@lru_cache(maxsize=None)
def capped_corpus(name: str) -> tuple[tuple[str, ...], tuple[bool, ...], int]:
    """(hands near the copy limit that counts stand-ins, the reference's
    verdicts, how many of them the copy limit alone decides)."""
    r = rules(name)
    hands = tuple(capped_hands(r, 800, seed=3))
    limits = [c.label() for c in r.where + tuple(c for s in r.shapes for c in s.where)]
    relaxed = Evaluator(r.relaxed([x for x in limits if "each tile <= 4" in x]))
    truth = tuple(evaluator(name).wins(h) for h in hands)
    decided = sum(w != relaxed.wins(h) for h, w in zip(hands, truth))
    return hands, truth, decided


@pytest.mark.parametrize("name,flavor,engine", CAPPED_CASES, ids=ids(CAPPED_CASES))
def test_copy_limit_with_stand_ins_in_every_engine(name, flavor, engine):
    """Hands where a wild tile stands for a tile held three or four times
    (tests/capped_hands.py): every engine agrees with the reference, on
    hands the copy limit alone makes lose among them."""
    version = require_engine(engine)
    hands, truth, decided = capped_corpus(name)
    assert decided >= 100 and any(truth)
    out = compile_for(rules(name), flavor)
    got = run_batch(engine, out.text, list(hands), flags=out.flavor.flags)
    bad = [h for h, g, w in zip(hands, got, truth) if g != w]
    assert not bad, f"{engine} {version}: {len(bad)} hands disagree, e.g. {bad[:5]}"


INDICATOR_CASES = [
    (name, flavor, engine)
    for name in INDICATOR_RULE_SETS
    for flavor in FLAVORS
    if flavor != "re2"
    for engine in FLAVOR_ENGINES[flavor]
]


@pytest.mark.parametrize("name,flavor,engine", INDICATOR_CASES, ids=ids(INDICATOR_CASES))
def test_one_pattern_serves_every_turned_tile(name, flavor, engine):
    """One pattern per flavor accepts winning hands with every tile the
    indicator may be, and rejects the same hands turned on another tile
    where the reference does."""
    require_engine(engine)
    r = rules(name)
    names = [t.name for t in r.alphabet.tiles]
    winners: dict[str, str] = {}
    for hand in hand_corpus(name):
        turned = hand.split("|", 1)[0]
        if turned in names and turned not in winners and wins(name, hand):
            winners[turned] = hand
    assert set(winners) == {names[i] for i in r.indicator.tiles}
    moved = [
        names[(names.index(t) + 1) % len(names)] + "|" + h.split("|", 1)[1]
        for t, h in winners.items()
    ]
    hands = list(winners.values()) + moved
    out = compile_for(r, flavor)
    got = run_batch(engine, out.text, hands, flags=out.flavor.flags)
    assert got[: len(winners)] == [True] * len(winners)
    assert got == [Evaluator(r).wins(h) for h in hands]


def most_turned(name: str, count: int = 3):
    """(rule set fixed on a turned tile, the corpus hands turned on it written
    without it) for the ``count`` turned tiles the corpus holds most often."""
    r = rules(name)
    names = [t.name for t in r.alphabet.tiles]
    by_turned: dict[str, list[str]] = {}
    for hand in hand_corpus(name):
        turned, bar, rest = hand.partition("|")
        if bar and turned in names:
            by_turned.setdefault(turned, []).append(rest)
    for turned in sorted(by_turned, key=lambda t: -len(by_turned[t]))[:count]:
        yield r.with_indicator(names.index(turned)), by_turned[turned]


FIXED_CASES = [(name, engine) for name in INDICATOR_RULE_SETS for engine in FLAVOR_ENGINES["re2"]]


@pytest.mark.parametrize("name,engine", FIXED_CASES, ids=ids(FIXED_CASES))
def test_re2_says_a_rule_set_with_an_indicator_for_one_turned_tile(name, engine):
    """``--indicator TILE``: the rule set for one turned tile, in RE2, on the
    corpus hands turned on that tile (written without it), agrees with the
    reference given the turned tile, less the copy limits RE2 cannot check."""
    require_engine(engine)
    for fixed, hands in most_turned(name):
        out = compile_for(fixed, "re2", allow_unchecked=True)
        relaxed = Evaluator(fixed.relaxed(out.unchecked))
        got = run_batch(engine, out.text, hands)
        bad = [h for h, g in zip(hands, got) if g != relaxed.wins(h)]
        assert not bad, (fixed.turned, bad[:5])
        strict = [Evaluator(fixed).wins(h) for h in hands]
        turned = fixed.alphabet.tiles[fixed.turned].name
        assert strict == [wins(name, f"{turned}|{h}") for h in hands]


IN_PROCESS = {"pcre": "pcre2", "regex": "regex", "python": "python"}
FIXED_EVERYWHERE = [(name, flavor) for name in INDICATOR_RULE_SETS for flavor in IN_PROCESS]


@pytest.mark.parametrize("name,flavor", FIXED_EVERYWHERE, ids=ids(FIXED_EVERYWHERE))
def test_indicator_option_agrees_with_reference(name, flavor):
    """``--indicator TILE`` in a flavor that could read the turned tile
    itself: the pattern for one turned tile agrees with the reference given
    that tile, on the corpus hands turned on it (written without it), for the
    three turned tiles the corpus holds most often."""
    for fixed, hands in most_turned(name):
        out = compile_for(fixed, flavor)
        got = run_batch(IN_PROCESS[flavor], out.text, hands)
        expected = [Evaluator(fixed).wins(h) for h in hands]
        bad = [h for h, g, e in zip(hands, got, expected) if g != e]
        assert not bad, (fixed.turned, bad[:5])
        assert sum(expected) > 0


@pytest.mark.parametrize("flavor", [*IN_PROCESS, "re2"])
def test_a_stand_in_for_itself_fills_no_place(flavor):
    """Wuhan turned on 四条: 五条 is the wild tile.  In a meld with exactly one
    stand-in, the place of 五条 has no stand-in (a wild tile standing for
    itself is not one), so a chow 三条四条 with nothing at that place is no
    chow: a kong makes the string 14 tiles long, and it still loses."""
    r = rules("wuhan")
    fixed = r.with_indicator([t.name for t in r.alphabet.tiles].index("四条"))
    hands = [
        "一万一万一万一万三条四条七筒八筒九筒二筒三筒四筒二条二条",
        "五条五条五条五条五条三筒四筒五筒七筒八筒九筒二条二条",
        "一万一万一万一万三条四条五条七筒八筒九筒二筒三筒四筒二条二条",
    ]
    out = compile_for(fixed, flavor, allow_unchecked=True)
    engine = IN_PROCESS.get(flavor, "re2")
    assert run_batch(engine, out.text, hands) == [False, False, True]
    assert [Evaluator(fixed).wins(h) for h in hands] == [False, False, True]


def test_re2_escapes_only_what_the_regex_crate_takes():
    """The regex crate 1.7 rejects an escape of a character that is not
    one of its meta characters ("\\/"); Go's RE2 syntax takes both."""
    lit = ir.Pattern(ir.Lit("a/b#c.d"), (), None)
    assert render(lit, "re2").text == "a/b\\#c\\.d"
    assert render(lit, "js").text == "a\\/b#c\\.d"
