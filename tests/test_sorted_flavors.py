"""Sorted input (``--input sorted``) in every flavor's real engine: every
built-in rule set and the test-only ones, on their fixtures' tiles sorted,
on arranged hands near the boundary sorted, and on sorted hands of the
families of :mod:`mahjong_regex.hands.sorted_hands`, against the multiset
reference; hands out of canonical order are rejected everywhere.

``MAHJONG_SORTED_HANDS`` sets the distinct generated hands per rule set
(default 5,000: half arranged hands sorted, half sorted hands, drawn until
that many differ).  RE2 reads sorted patterns larger than its default
memory budget allows, so google-re2 runs them with ``max_mem`` raised (Go's
``regexp`` has no such budget)."""

from __future__ import annotations

import os
import sys
from functools import lru_cache

import pytest
from conftest import FLAVOR_ENGINES, RULE_SETS, read_fixtures, require_engine, rules
from hands import corpus, sorted_corpus

from mahjong_regex import HandError, UnsupportedError, load_rules
from mahjong_regex.engines import run_batch
from mahjong_regex.pipeline import render_sorted
from mahjong_regex.reference.multiset import MultisetEvaluator, sort_hand
from mahjong_regex.ruleset.notations import builtin_notation, rewrite

SORTED_HANDS = int(os.environ.get("MAHJONG_SORTED_HANDS", "5000"))
#: google-re2's memory budget for sorted patterns (its default is 8 MiB).
RE2_MAX_MEM = 512 << 20
#: What sorted input refuses, and a word of the refusal (checked below): a
#: turned tile read from the hand in ``re2`` (``--indicator`` fixes it:
#: tests/test_sorted_wilds.py), and patterns past the size limit (the
#: message gives the size they would need).
REFUSED = {
    **{(n, "re2"): "indicator" for n in ("tianjin", "wuhan", "wenzhou")},
    **{(n, "re2"): "bytes (UTF-8)" for n in ("hongzhong", "hangzhou", "guangdong")},
}
CASES = [
    (name, flavor, engine)
    for name in RULE_SETS
    for flavor, engines in FLAVOR_ENGINES.items()
    for engine in engines
]


@lru_cache(maxsize=None)
def evaluator(name: str) -> MultisetEvaluator:
    return MultisetEvaluator(rules(name))


@lru_cache(maxsize=None)
def _verdicts(name: str) -> dict[str, bool]:
    """The reference's verdicts on ``name``'s hands so far, by hand."""
    return {}


def wins(name: str, hand: str) -> bool:
    """Does ``hand`` win ``name`` in the multiset reference?  Each hand is
    decided once per process: every engine's row reads the same verdicts
    (with wild tiles the reference takes seconds per thousand hands)."""
    known = _verdicts(name)
    if hand not in known:
        known[hand] = evaluator(name).wins(hand)
    return known[hand]


@lru_cache(maxsize=None)
def hands(name: str) -> tuple[str, ...]:
    """The sorted hands of ``name``, at least :data:`SORTED_HANDS` of them
    distinct (the corpora hold repeats: drawn again, half as many more,
    until enough differ), and a few out of canonical order."""
    r = rules(name)
    n = SORTED_HANDS
    while True:
        arranged = [h for _, h, _, _ in read_fixtures(name)] + corpus(r, n // 2)
        out = []
        for hand in arranged:
            try:
                out.append(sort_hand(r, hand))
            except HandError:
                out.append(hand)
        out += sorted_corpus(r, n // 2)
        out = list(dict.fromkeys(out))
        if len(out) >= SORTED_HANDS or n >= 4 * SORTED_HANDS:
            break
        n += n // 2
    won = [h for h in out if wins(name, h)]
    out += [swapped(h) for h in won[:20]]
    return tuple(dict.fromkeys(out))


def swapped(hand: str) -> str:
    """A winning sorted hand with its first two different tiles swapped."""
    return hand[::-1] if hand == hand[::-1] else hand[len(hand) // 2 :] + hand[: len(hand) // 2]


@lru_cache(maxsize=None)
def pattern(name: str, flavor: str):
    try:
        return render_sorted(rules(name), flavor)
    except UnsupportedError as e:
        return e


def run(engine: str, text: str, flags: str, batch: list[str]) -> list[bool]:
    if engine != "re2":
        return run_batch(engine, text, batch, flags=flags)
    import re2

    options = re2.Options()
    options.max_mem = RE2_MAX_MEM
    options.log_errors = False
    search = re2.compile(text, options).search
    return [search(h) is not None for h in batch]


@pytest.mark.parametrize("name, flavor, engine", CASES)
def test_sorted_pattern_agrees_with_the_multiset_reference(name, flavor, engine):
    out = pattern(name, flavor)
    if (name, flavor) in REFUSED:
        assert isinstance(out, UnsupportedError) and REFUSED[name, flavor] in str(out)
        return
    assert not isinstance(out, UnsupportedError), str(out)
    require_engine(engine)
    batch = list(hands(name))
    got = run(engine, out.text, out.flavor.flags, batch)
    want = [wins(name, h) for h in batch]
    bad = [f"{h}: engine {g}, reference {w}" for h, g, w in zip(batch, got, want) if g != w]
    assert not bad, f"{len(bad)} disagreements:\n" + "\n".join(bad[:10])
    assert sum(want) >= 5  # the corpus holds winning hands too
    assert len(batch) >= SORTED_HANDS


@pytest.mark.parametrize("name", [n for n in RULE_SETS if (n, "pcre") not in REFUSED])
def test_out_of_order_hands_are_rejected(name):
    ms = evaluator(name)
    batch = [h for h in hands(name) if ms.evaluate(h).error is not None]
    assert batch and not any(wins(name, h) for h in batch)
    out = pattern(name, "pcre")
    assert not any(run("pcre2", out.text, "", batch))


M_SUIT = "tiles {\n  suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m\n}\n"
#: Small rule sets at corners of the register machine, each once wrong:
#: a kong and a six of a kind beside chows (the pair's residue lookahead
#: applies at several lengths: its flag was defined twice); melds that link
#: tiles others stand between (a stepped run, a distinct meld over tiles
#: with gaps: the residue lookahead read part of the tiles, false rejects);
#: a meld kind a count rules out (its flags were read and never set: no
#: engine compiled the pattern); a shape that never wins (JavaScript refused
#: a quantified ``(?!)``); two shapes of same-melds the machine cannot
#: count, each read as an arranged hand (their groups shared names: an
#: internal error); wild tiles left over standing for a run of 2 and a pair
#: of terminals (the multiset reference once said no, the patterns yes); a
#: run a count rules out, with wild tiles (the places of its later tiles,
#: dropped with the run, were still read by the pointer: no engine compiled
#: the pattern); a copy cap on tiles that runs through a tile the hand
#: lacks fill with wild tiles (more stand-ins than the cap were let through
#: where no copy was held: false wins, found only among random hands, so
#: one is named in :data:`CORNER_HANDS`); a slot of melds of two sizes
#: beside gapped runs (an at-most count read only at the end of the hand let
#: the machine try every spread of the small melds: 15 s in ``re`` and
#: PCRE2's match limit on the hand named in :data:`CORNER_HANDS`), and an
#: at-most count read at every length (its level past the bound is never
#: set: the group is dropped and every read of it resolved).
CORNERS = {
    "six": M_SUIT + "meld chow = run 3\nmeld kong = same 4\nmeld six = same 6\nmeld pair = same 2\n"
    "hand standard = 2 * (chow | kong | six) + pair\nwin standard\n",
    "step2": M_SUIT
    + "meld chow = run 3 step 2\nmeld pair = same 2\nhand h = 2 * chow + pair\nwin h\n",
    "gapped": M_SUIT
    + "meld pung = same 3\nmeld pair = same 2\nmeld x = distinct 3 of {1m, 5m, 9m}\n"
    "hand h = 2 * (pung | x) + pair\nwin h\n",
    "terminals": M_SUIT
    + "meld pair = same 2\nmeld pung = same 3\nmeld term = distinct 2 of terminal\n"
    "hand h = 2 * (pung | term) + pair\nwin h\n",
    "pengpeng": M_SUIT + "meld chow = run 3\nmeld pung = same 3\nmeld pair = same 2\n"
    "hand h = 4 * (chow | pung) + pair where count(chow) == 0\nwin h\n",
    "two_arranged": M_SUIT + "meld single = same 1\nmeld pair = same 2\nmeld pung = same 3\n"
    "hand a = 6 * (single | pair | pung)\nhand b = 5 * (single | pair | pung) + pair\n"
    "win a | b\n",
    "never": M_SUIT + "meld pung = same 3\nmeld pair = same 2\nhand h = pung + pair\n"
    "hand odd = 2 * pung + pair where each tile <= 1\nwin h | odd\n",
    "wild_only": M_SUIT.replace("}", "  honor dragon: 7z\n}")
    + "wild 7z\nmeld two = run 2\nmeld tpair = same 2 of terminal\n"
    "hand h = two + 2 * tpair\nwin h where each tile <= 2\n",
    "wild_banned_run": M_SUIT.replace("}", "  honor dragon: 7z\n}")
    + "wild 7z\nmeld chow = run 3\nmeld pung = same 3\nmeld pair = same 2\n"
    "hand h = 2 * (chow | pung) + pair where count(pung) >= 2\nwin h\n",
    "wild_capped_absent": M_SUIT.replace("}", "  honor dragon: 7z\n}")
    + "wild 7z for suited\nmeld chow = run 3\nmeld knit = run 3 step 3\nmeld pair = same 2\n"
    "hand h = 3 * (chow | knit) + pair\nwin h where each tile <= 2\n",
    "at_most_everywhere": M_SUIT + "meld chow = run 3\nmeld pung = same 3\nmeld pair = same 2\n"
    "hand h = 3 * (chow | pung) + pair where count(pung) <= 1\nwin h\n",
    "two_sizes": M_SUIT.replace("}", "  suit p: 1p 2p 3p 4p 5p 6p 7p 8p 9p\n}")
    + "meld sdist = distinct 2 of simple\nmeld knit = run 3 step 3\n"
    "hand h = 3 * knit + (knit | sdist)\nwin h\n",
}
#: Hands a corner's generated hands may miss (each was once decided wrong,
#: or took an engine past its limits).
CORNER_HANDS = {
    "wild_capped_absent": ["1m2m2m4m6m8m8m9m7z7z7z"],
    "two_sizes": ["2m3m4m5m5m6m6m7m1p2p5p"],
}


@pytest.mark.parametrize(
    "name, flavor, engine",
    [(n, f, e) for n in CORNERS for f, es in FLAVOR_ENGINES.items() for e in es if f != "re2"],
)
def test_register_machine_corners_compile_and_agree(name, flavor, engine, tmp_path):
    path = tmp_path / f"{name}.meld"
    path.write_text(f"ruleset {name}\n{CORNERS[name]}", encoding="utf-8")
    r = load_rules(str(path))
    out = render_sorted(r, flavor)
    require_engine(engine)
    ms = MultisetEvaluator(r)
    batch = list(dict.fromkeys(CORNER_HANDS.get(name, []) + sorted_corpus(r, 300)))
    want = [ms.wins(h) for h in batch]
    got = run(engine, out.text, out.flavor.flags, batch)
    assert [h for h, g, w in zip(batch, got, want) if g != w] == []
    assert sum(want) >= 5 and len(batch) - sum(want) >= 20


@pytest.mark.parametrize(
    "name, flavor, engine",
    [
        (n, f, e)
        for n in ("hongzhong", "guangdong")
        for f, es in FLAVOR_ENGINES.items()
        for e in es
        if f != "re2"
    ],
)
def test_wild_tiles_of_two_characters_are_read_two_characters_at_a_time(name, flavor, engine):
    """In mpsz the wild tiles are written in two characters (``5z``, ``1f``):
    the pointer reads each as ``..``, once compiled as a class, which took
    guangdong's ``pcre`` pattern past PCRE2's 64K code units."""
    r = rewrite(rules(name), builtin_notation("mpsz"))
    out = render_sorted(r, flavor)
    assert ".." in out.text
    require_engine(engine)
    ms = MultisetEvaluator(r)
    batch = sorted_corpus(r, 600)
    for hand in corpus(r, 300):
        try:
            batch.append(sort_hand(r, hand))
        except HandError:
            pass  # not tile names (the corpus holds such hands)
    batch = list(dict.fromkeys(batch))
    want = [ms.wins(h) for h in batch]
    got = run(engine, out.text, out.flavor.flags, batch)
    assert [h for h, g, w in zip(batch, got, want) if g != w] == []
    assert sum(want) >= 20 and len(batch) - sum(want) >= 20


def test_without_the_pcre2_module_a_sorted_pcre_pattern_is_refused(monkeypatch):
    """Its fit in PCRE2's 64K code units cannot be told from its characters
    (PHP would warn and match nothing), so nothing unchecked is printed."""
    monkeypatch.setitem(sys.modules, "pcre2", None)  # import pcre2 fails
    with pytest.raises(UnsupportedError, match="the pcre2 module"):
        render_sorted(rules("riichi"), "pcre")
    assert render_sorted(rules("riichi"), "regex").text  # other flavors need no check


def test_a_tile_that_starts_many_melds_compiles_for_re2(tmp_path):
    """``distinct 2`` over two suits: 17 melds start at 1m.  The automaton's
    ways of reading a tile were once every count of each of them, filtered
    after (3^17 here, 5^17 with four melds: no end); they are cut at the
    shape's melds as they are made."""
    path = tmp_path / "many_starts.meld"
    two_suits = M_SUIT.replace("}", "  suit p: 1p 2p 3p 4p 5p 6p 7p 8p 9p\n}")
    path.write_text(
        f"ruleset many_starts\n{two_suits}meld d = distinct 2\nhand h = 2 * d\nwin h\n",
        encoding="utf-8",
    )
    r = load_rules(str(path))
    out = render_sorted(r, "re2")
    require_engine("re2")
    ms = MultisetEvaluator(r)
    batch = list(dict.fromkeys(sorted_corpus(r, 300)))
    want = [ms.wins(h) for h in batch]
    assert [h for h, g, w in zip(batch, run("re2", out.text, "", batch), want) if g != w] == []
    assert sum(want) >= 20 and len(batch) - sum(want) >= 20


#: One suit, melds of three sizes beside gapped runs: its machine with the
#: at-most checks that fail at once passes 64K characters, the one with the
#: smallest counters fits.
TWO_PLANS = (
    M_SUIT + "meld sdist = distinct 2 of simple\nmeld gap = distinct 3 of {1m, 5m, 9m}\n"
    "meld two = run 2\nmeld knit = run 3 step 3\n"
    "hand h = gap + 3 * (knit | two | sdist) + 2 * (two | gap)\nwin h\n"
)


def test_an_at_most_count_is_planned_first_and_the_smaller_plan_kept_where_it_alone_fits(
    tmp_path,
):
    """At equal cost the count plan takes an at-most check, which the
    machine fails where it is broken (the corner ``two_sizes``: at 11 tiles
    at most one ``sdist``, not at least two ``knit``); a rule set whose
    pattern would then not fit gets the plan with the smallest counters."""
    from mahjong_regex.compiler.sorted.count_checks import Check
    from mahjong_regex.compiler.sorted.sorted_build import SortedCaps
    from mahjong_regex.compiler.sorted.sorted_plan import plan_shape
    from mahjong_regex.flavors.table import TooLarge, get
    from mahjong_regex.pipeline import _render_sorted

    path = tmp_path / "two_sizes.meld"
    path.write_text("ruleset two_sizes\n" + CORNERS["two_sizes"], encoding="utf-8")
    r = load_rules(str(path))
    assert plan_shape(r, r.shapes[0]).checks[11] == (Check(frozenset({"sdist"}), "<=", 1),)
    small = plan_shape(r, r.shapes[0], prune=False).checks[11]
    assert small == (Check(frozenset({"knit"}), ">=", 2),)

    path = tmp_path / "two_plans.meld"
    path.write_text("ruleset two_plans\n" + TWO_PLANS, encoding="utf-8")
    r = load_rules(str(path))
    with pytest.raises(TooLarge):
        _render_sorted(r, get("python"), False, SortedCaps())
    out = render_sorted(r, "python")
    assert len(out.text) <= SortedCaps().lookaround
    ms = MultisetEvaluator(r)
    batch = list(dict.fromkeys(["2m2m2m3m3m4m4m4m5m5m6m6m7m7m"] + sorted_corpus(r, 200)))
    want = [ms.wins(h) for h in batch]
    assert run("python", out.text, out.flavor.flags, batch) == want
    assert sum(want) >= 5 and len(batch) - sum(want) >= 20
