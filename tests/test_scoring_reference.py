"""The reference scorer (mahjong_regex.reference.scorer) against the riichi
oracle (tests/riichi_oracle.py: the ``mahjong`` package's own yaku classes)
on fixtures, on the generated riichi corpus and on hypothesis' hands; the
generated corpora's coverage (every element at least 200 times in 20,000
hands, at least 5% of hands splitting two ways with different scores) for
riichi and changsha, and for a rule set written here; hands that split more
than one way; the DSL's errors for the scoring constructs.

``MAHJONG_HANDS`` scales the corpora (default 20,000 hands per rule set);
each corpus is generated and scored once per module.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

import pytest
from conftest import IN_CI, rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from score_hands import score_corpus, score_kit, scored_hands

from mahjong_regex import MeldError
from mahjong_regex.hands.score_samples import ScoreKit, appearances, scoring_corpus
from mahjong_regex.ruleset.checker import load

try:
    import riichi_oracle
except ImportError as missing:  # the mahjong package, a test dependency
    riichi_oracle, MISSING = None, str(missing)

#: Elements another always supersedes where they hold, counted as held
#: (before supersession) instead: in a closed hand won by self-draw every
#: toitoi (four pungs or kongs) is a suuankou.
ALWAYS_SUPERSEDED = {"riichi": {"toitoi"}, "changsha": set()}


def oracle(hand: str):
    """The riichi oracle's value of ``hand``; skips the test when the
    ``mahjong`` package is missing (fails under CI)."""
    if riichi_oracle is None:
        if IN_CI:
            pytest.fail(f"the mahjong package is missing in CI: {MISSING}")
        pytest.skip(f"the mahjong package is missing: {MISSING}")
    return riichi_oracle.oracle(hand)


def names_of(score) -> tuple[str, ...]:
    """The sorted element names of a :class:`Score` (each once: riichi's
    elements count once)."""
    return tuple(sorted(e.name for e in score.elements))


def compare(hand: str, got, want) -> str | None:
    """How the scorer's Score ``got`` and the oracle's value ``want`` of a
    riichi hand differ, or None: both win or neither, the same total, and
    the scorer's elements those of one highest-scoring split of the
    oracle's."""
    if want is None or not got.win:
        return f"{hand}: oracle {want}, scorer {got.reason or 'win'}" if want or got.win else None
    if got.total == want.total and names_of(got) in want.best:
        return None
    return f"{hand}: scorer {got.total} {names_of(got)}, oracle {want.total} {sorted(want.best)}"


def disagreement(hand: str) -> str | None:
    """:func:`compare` of the scorer's and the oracle's value of ``hand``."""
    return compare(hand, score_kit("riichi").scorer.score(hand), oracle(hand))


#: Riichi fixtures: (hand, total, elements of the best split).  One for
#: every element, and hands that split more than one way.
RIICHI = [
    ("2m3m4m5p6p7p3s4s5s6s6s6s8p8p", 1, ["tanyao"]),
    ("1m2m3m1m2m3m4p5p6p7s8s9s5z5z", 1, ["iipeikou"]),
    ("5z5z5z1m2m3m4p5p6p7s8s9s9m9m", 1, ["haku"]),
    ("6z6z6z1m2m3m4p5p6p7s8s9s9m9m", 1, ["hatsu"]),
    ("7z7z7z1m2m3m4p5p6p7s8s9s9m9m", 1, ["chun"]),
    ("1m1m3m3m5p5p7p7p9s9s2z2z6z6z", 2, ["chiitoitsu"]),
    ("1m1m1m3p3p3p5s5s5s7m7m7m9p9p", 13, ["suuankou"]),  # toitoi superseded
    ("1m1m1m3p3p3p5s5s5s6m7m8m9p9p", 2, ["sanankou"]),
    ("1m1m1m1m3p3p3p3p5s5s5s5s6m7m8m9p9p", 4, ["sanankou", "sankantsu"]),
    ("1m2m3m1p2p3p1s2s3s5z5z5z9m9m", 5, ["chanta", "haku", "sanshoku_doujun"]),
    ("2m2m2m2p2p2p2s2s2s4m5m6m8p8p", 5, ["sanankou", "sanshoku_doukou", "tanyao"]),
    ("1p2p3p4p5p6p7p8p9p2m3m4m5s5s", 2, ["ittsu"]),
    ("1m2m3m7p8p9p1s1s1s1z1z1z9m9m", 2, ["chanta"]),
    ("1m1m9m9m1p1p9p9p1s1s1z1z5z5z", 4, ["chiitoitsu", "honroutou"]),
    ("5z5z5z6z6z6z7z7z1m2m3m4p5p6p", 4, ["haku", "hatsu", "shousangen"]),
    ("1m2m3m7m8m9m1p1p1p9s9s9s1s1s", 3, ["junchan"]),
    ("2m3m4m2m3m4m6p7p8p6p7p8p5s5s", 4, ["ryanpeikou", "tanyao"]),
    ("1m2m3m4m5m6m7m7m7m1z1z1z5z5z", 3, ["honitsu"]),
    ("1s2s3s3s4s5s5s6s7s7s8s9s9s9s", 6, ["chinitsu"]),
    ("1m2m3m1m2m3m1m2m3m1m2m3m9m9m", 12, ["chinitsu", "junchan", "ryanpeikou"]),
    ("1m9m1p9p1s9s1z2z3z4z5z6z7z7z", 13, ["kokushi"]),
    ("5z5z5z6z6z6z7z7z7z1m2m3m9p9p", 13, ["daisangen"]),
    ("1z1z1z2z2z2z3z3z3z4z4z1m2m3m", 13, ["shousuushii"]),
    ("1z1z1z2z2z2z3z3z3z4z4z4z5z5z", 39, ["daisuushii", "suuankou", "tsuuiisou"]),
    ("1z1z2z2z3z3z4z4z5z5z6z6z7z7z", 13, ["tsuuiisou"]),  # seven honor pairs
    ("1m1m1m9m9m9m1p1p1p9p9p9p1s1s", 26, ["chinroutou", "suuankou"]),
    ("2s3s4s2s3s4s6s6s6s8s8s8s6z6z", 13, ["ryuuiisou"]),
    ("1m1m1m2m3m4m5m5m6m7m8m9m9m9m", 13, ["chuuren_poutou"]),
    ("1m1m1m1m3p3p3p3p5s5s5s5s7z7z7z7z9m9m", 26, ["suuankou", "suukantsu"]),
    ("1m2m3m4p5p6p7s8s9s2m2m2m9p9p", 0, []),
    # Seven pairs holding three dragon pairs: no shousangen, as HandCalculator
    # scores it (it needs two dragon pungs or kongs and a dragon pair).
    ("5z5z6z6z7z7z1m1m2m2m3m3m4m4m", 5, ["chiitoitsu", "honitsu"]),
    ("4z4z2z2z6z6z5z5z7z7z1z1z9s9s", 7, ["chiitoitsu", "honitsu", "honroutou"]),
    # Two splits, 11|123|444 or 111|234|44, with different scores.
    ("1s1s1s2s3s4s4s4s8m8m8m1s2s3s", 1, ["iipeikou"]),
    ("4m4m4m5m6m7m7m7m1m2m3m7m8m9m", 8, ["chinitsu", "ittsu"]),
    ("1p1p1p2p3p4p4p4p1m2m3m1s2s3s", 2, ["sanshoku_doujun"]),
    # A kong read two ways: 1111|234|444 or 111|123|4444 (same score).
    ("1m1m1m1m2m3m4m4m4m4m7p8p9p5z5z", 0, []),
]


@pytest.mark.parametrize("hand,total,names", RIICHI)
def test_oracle_and_scorer_on_the_fixtures(hand, total, names):
    want = oracle(hand)
    assert (want.total, list(want.names)) == (total, names)
    got = score_kit("riichi").scorer.score(hand)
    assert (got.total, list(names_of(got))) == (total, names)


def test_every_riichi_element_has_a_fixture():
    named = {n for _, _, ns in RIICHI for n in ns}
    assert named | ALWAYS_SUPERSEDED["riichi"] == {e.name for e in rules("riichi").scoring}
    kit = score_kit("riichi")
    _, best = kit.judge("1m1m1m3p3p3p5s5s5s7m7m7m9p9p")
    assert set(kit.held("1m1m1m3p3p3p5s5s5s7m7m7m9p9p", best)) == {"toitoi", "suuankou"}


@lru_cache(maxsize=None)
def riichi_table() -> tuple:
    """(hand, the scorer's Score, the oracle's value) of every riichi corpus
    hand, computed once per module."""
    scorer = score_kit("riichi").scorer
    return tuple((h, scorer.score(h), oracle(h)) for h in score_corpus("riichi"))


@lru_cache(maxsize=None)
def coverage(name: str) -> tuple[Counter, Counter, int, int]:
    """(effective, held, multi, hands) over the corpus of ``name``: how many
    hands have each element effective on their best split, held there
    before supersession, and split two ways that rank differently (riichi:
    by the oracle's splits; else by the scorer's)."""
    kit = score_kit(name)
    if name != "riichi":
        return (*appearances(kit, score_corpus(name)), len(score_corpus(name)))
    effective, held, multi = Counter(), Counter(), 0
    for hand, got, want in riichi_table():
        effective.update(e.name for e in got.elements)
        held.update(kit.held(hand, (got.elements, got.shape, got.split)))
        multi += want is not None and len(want.ranks) > 1
    return effective, held, multi, len(riichi_table())


def test_scorer_agrees_with_the_oracle_on_the_riichi_corpus():
    table = riichi_table()
    found = [d for d in (compare(h, got, want) for h, got, want in table) if d]
    assert len(table) == len(score_corpus("riichi")) > 0
    assert found == [], f"{len(found)} of {len(table)} disagree:\n" + "\n".join(found[:20])


@settings(
    max_examples=120,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(st.deferred(lambda: scored_hands("riichi")))
def test_scorer_agrees_with_the_oracle_on_hypothesis_hands(hand):
    assert disagreement(hand) is None


def needed(hands: int) -> int:
    """The least count an element needs in ``hands`` hands: 200 in 20,000."""
    return math.ceil(200 * hands / 20000)


@pytest.mark.parametrize("name", ["riichi", "changsha"])
def test_every_element_appears_in_the_corpus(name):
    effective, held, _, hands = coverage(name)
    counts = {
        e.name: (held if e.name in ALWAYS_SUPERSEDED[name] else effective)[e.name]
        for e in rules(name).scoring
    }
    low = {n: c for n, c in counts.items() if c < needed(hands)}
    assert not low, f"fewer than {needed(hands)} in {hands} hands: {low}; all: {counts}"
    for n in ALWAYS_SUPERSEDED[name]:
        assert effective[n] == 0 and held[n] == counts[n], (n, effective[n], held[n])


@pytest.mark.parametrize("name", ["riichi", "changsha"])
def test_the_corpus_splits_two_ways_with_different_scores(name):
    _, _, multi, hands = coverage(name)
    assert multi >= 0.05 * hands, f"{multi} of {hands} hands split two ways with different scores"


def test_the_scorer_sees_the_oracles_differently_scored_splits():
    kit = score_kit("riichi")
    by_oracle = [h for h, _, want in riichi_table() if len(want.ranks) > 1]
    for hand in by_oracle:
        splits, _ = kit.judge(hand)
        ranks = sorted({kit.scorer.rank(s[0]) for s in splits}, reverse=True)
        assert tuple(ranks) == oracle(hand).ranks, hand
    assert len(by_oracle) >= 0.05 * len(riichi_table())


#: Hands that split more than one way: (rule set, hand, total, elements of
#: the best split each as often as it counts, {shape: the ranks of its
#: splits}).
MULTI = [
    # 碰碰胡 + 将将胡; also a small win (将将胡 alone) and a 将将胡 shape.
    (
        "changsha",
        "二万二万二万五万五万五万八万八万八万二筒二筒二筒五筒五筒",
        2,
        ["将将胡", "碰碰胡"],
        {"pengpeng": [(0, 2)], "small": [(0, 1)], "jiangjiang": [(0, 1)]},
    ),
    # Four of a kind as two pairs: 将将胡 + 七小对 + 豪华 x3, or 将将胡 alone.
    (
        "changsha",
        "二万二万二万二万五万五万五万五万八万八万八万八万二筒二筒",
        5,
        ["七小对", "将将胡", "豪华", "豪华", "豪华"],
        {"qixiaodui": [(0, 5)], "jiangjiang": [(0, 1)]},
    ),
    # 11|123|444 (iipeikou with the other 123) or 111|234|44.
    ("riichi", "1s1s1s2s3s4s4s4s8m8m8m1s2s3s", 1, ["iipeikou"], {"standard": [(0, 1), (0, 0)]}),
    # 44|456|777 with 123 and 789 (ittsu) or 444|567|77.
    (
        "riichi",
        "4m4m4m5m6m7m7m7m1m2m3m7m8m9m",
        8,
        ["chinitsu", "ittsu"],
        {"standard": [(0, 8), (0, 6)]},
    ),
    # A kong read at 1m or at 4m: 1111|234|444 or 111|123|4444.  The tile
    # count fixes how many kongs a riichi split has, and no hand scores
    # these two readings differently (one meld is left beside them).
    ("riichi", "1m1m1m1m2m3m4m4m4m4m7p8p9p5z5z", 0, [], {"standard": [(0, 0), (0, 0)]}),
]


@pytest.mark.parametrize("name,hand,total,names,shapes", MULTI)
def test_hands_that_split_more_than_one_way(name, hand, total, names, shapes):
    kit = score_kit(name)
    got = kit.scorer.score(hand)
    assert (got.total, sorted(got.names())) == (total, names)
    splits, _ = kit.judge(hand)
    found: dict[str, list] = {}
    for elements, shape, _ in splits:
        found.setdefault(shape, []).append(kit.scorer.rank(elements))
    assert {s: sorted(r, reverse=True) for s, r in found.items()} == shapes
    if name == "riichi":
        assert (oracle(hand).total, list(oracle(hand).names)) == (total, names)


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    st.deferred(
        lambda: st.sampled_from(score_kit("changsha").plans).flatmap(
            lambda plan: st.tuples(st.just(plan), scored_hands("changsha", plan))
        )
    )
)
def test_changsha_hypothesis_hands_win_for_their_plan(planned):
    plan, hand = planned
    kit = score_kit("changsha")
    assert kit.evaluator.wins(hand)
    splits, best = kit.judge(hand)
    if plan == "multi":
        assert len({kit.scorer.rank(s[0]) for s in splits}) > 1
    elif plan != "random":
        assert plan in [e.name for e in best[0]]


#: A rule set of this file's own, for the recipe's other constructs: chains
#: of pungs, one chow in two suits, a per count, every meld holding a class,
#: a limit on seven pairs by a tile count, an 'or', twins counted per pair.
GENERIC = """ruleset generic
tiles {
  suit 条: 幺鸡 二条 三条 四条 五条 六条 七条 八条 九条
  suit 筒: 一筒 二筒 三筒 四筒 五筒 六筒 七筒 八筒 九筒
  honor dragon: 红中
}
meld chow = run 3
meld pung = same 3
meld kong = same 4
meld pair = same 2
hand standard = 4 * (chow | pung | kong) + pair
hand pairs = 7 * pair where each tile <= 2
win standard | pairs where each tile <= 4
score steps = 2 where chain(pung | kong) >= 3
score mirrored = 1 where across(chow) >= 2
score kongs = 1 per count(kong)
score dragon = 3 where count(pung | kong of 红中) >= 1 supersedes kongs
score outside = 2 where every meld holds(terminal | honor), count(chow) >= 1
score eights = 5 limit on pairs where tiles(rank in {8}) >= 4
score heavy = 1 on standard where tiles(筒) >= 11 or tiles(条) >= 11
score doubles = 1 per twins(chow) on standard
"""


def test_the_recipe_meets_every_element_of_another_rule_set():
    r = load(GENERIC, "generic.meld")
    hands = scoring_corpus(r, 400, seed=1)
    assert hands == scoring_corpus(r, 400, seed=1)
    effective, _, multi = appearances(ScoreKit(r), hands)
    counts = {e.name: effective[e.name] for e in r.scoring}
    assert min(counts.values()) >= 10, counts
    assert multi >= 20, multi
    assert len(set(hands)) > 350


HEAD = "ruleset t\ntiles { suit 条: 幺鸡 二条 三条 四条 五条 六条 七条 八条 九条\n honor dragon: 红中 }\n"
PAIRS = HEAD + "meld pair = same 2\nhand h = 7 * pair\n"
TWO = (
    HEAD
    + "meld pair = same 2\nmeld pung = same 3\nhand h = 4 * pung + pair\nhand s = 7 * pair\nwin h | s\n"
)
SCORING = "a scoring condition, allowed only in a 'score' statement"


@pytest.mark.parametrize(
    "source,line,col,message",
    [
        (PAIRS + "win h where twins(pair) >= 1\n", 6, 13, SCORING),
        (PAIRS.replace("7 * pair", "7 * pair where twins(pair) >= 1") + "win h\n", 5, 25, SCORING),
        (PAIRS + "win h where count(pair of 条) >= 1\n", 6, 13, SCORING),
        (PAIRS + "win h where every meld holds(红中)\n", 6, 13, SCORING),
        (PAIRS + "win h where suits == 1, chain(pair) >= 2 or count(pair) >= 7\n", 6, 25, SCORING),
        (TWO + "score a = 1 supersedes b\n", 9, 24, "unknown scoring element 'b'"),
        (TWO + "score a = 1 supersedes a\n", 9, 24, "'a' cannot supersede itself"),
        (
            TWO + "score a = 1 supersedes b\nscore b = 2 supersedes c\nscore c = 3 supersedes a\n",
            11,
            1,
            "supersede each other in a circle: a -> b -> c -> a",
        ),
        (
            TWO + "hand g = 7 * pair\nscore a = 1 on g\n",
            10,
            16,
            "'g' is not a hand shape of the win",
        ),
        (TWO + "score a = 1 on h | nope\n", 9, 20, "'nope' is not a hand shape of the win"),
        (TWO + "score a = 1\nscore a = 2\n", 10, 7, "scoring element 'a' is defined twice"),
        (TWO + "score a = 1001\n", 9, 1, "worth 0 to 1000, not 1001"),
        (
            TWO + "score a = 1 where count(pair of 条 & honor) >= 1\n",
            9,
            33,
            "the tile class '条 & honor' is empty",
        ),
        (TWO + "score a = 1 per count(pung of 红中 & 条)\n", 9, 31, "'红中 & 条' is empty"),
        (TWO + "score a = 1 where twins(pong) >= 1\n", 9, 25, "unknown meld kind 'pong'"),
        (
            PAIRS + "win h\nwild 红中 for 条\nscore a = 1\n",
            8,
            1,
            "scoring elements need a rule set without wild tiles",
        ),
    ],
)
def test_scoring_error_positions(source, line, col, message):
    with pytest.raises(MeldError) as info:
        load(source, "t.meld")
    e = info.value
    assert (e.span.line, e.span.column) == (line, col), e.render("t.meld", source)
    assert message in e.message


def test_scoring_constructs_resolve():
    r = load(
        TWO
        + "score a = 2 limit on s where count(pair of 条) >= 2 supersedes b\nscore b = 1 per twins(pair)\n",
        "t.meld",
    )
    a, b = r.scoring
    assert (a.name, a.value, a.limit, a.shapes, a.supersedes) == ("a", 2, True, ("s",), {"b"})
    assert (a.where[0].kind, a.where[0].value, len(a.where[0].within.tiles)) == ("meld_count", 2, 9)
    assert (b.per.kind, b.per.kinds, b.shapes) == ("twins", {"pair"}, ("h", "s"))
    assert r.superseded_by() == {"a": frozenset(), "b": frozenset({"a"})}


def hand_calculator_yaku(hand: str) -> tuple[int, list[str]] | None:
    """(han, yaku names as riichi.meld names them) that the ``mahjong``
    package's HandCalculator gives a closed hand won by self-draw with no
    riichi and no seat or round wind, menzen tsumo left out (the winning
    tile is play state); None when it finds no win."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig

    tiles, seen = [], Counter()
    for t in riichi_oracle.tiles34(hand):
        tiles.append(t * 4 + seen[t])
        seen[t] += 1
    result = HandCalculator().estimate_hand_value(
        tiles, tiles[-1], config=HandConfig(is_tsumo=True)
    )
    if result.error:
        return None
    names = sorted(
        HAND_CALCULATOR_NAMES.get(y.name, y.name) for y in result.yaku if y.name != "Menzen Tsumo"
    )
    tsumo = any(y.name == "Menzen Tsumo" for y in result.yaku)
    return result.han - tsumo, names


#: HandCalculator's yaku names that riichi.meld spells otherwise.
HAND_CALCULATOR_NAMES = {
    "Chiitoitsu": "chiitoitsu",
    "Honitsu": "honitsu",
    "Chinitsu": "chinitsu",
    "Honroutou": "honroutou",
    "Tanyao": "tanyao",
    "Tsuu Iisou": "tsuuiisou",
}


def seven_pairs_hands() -> list[str]:
    """Riichi hands of seven different pairs: every winning seven-pairs hand
    of the corpus, and seven pairs drawn from dragons, winds, terminals and
    simples (seed 0)."""
    import random

    corpus = [h for h, got, _ in riichi_table() if got.win and got.shape == "seven_pairs"]
    rng = random.Random(0)
    kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    drawn = ["".join(k + k for k in rng.sample(kinds, 7)) for _ in range(300)]
    honors = ["".join(k + k for k in rng.sample(kinds[20:], 7)) for _ in range(100)]
    return corpus + drawn + honors + ["1z1z2z2z3z3z4z4z5z5z6z6z7z7z"]


def test_scorer_agrees_with_hand_calculator_on_seven_pairs():
    """On seven pairs the scorer gives what a riichi game gives: the yaku of
    HandCalculator (no shousangen from dragon pairs)."""
    if riichi_oracle is None:
        pytest.skip(f"the mahjong package is missing: {MISSING}")
    scorer = score_kit("riichi").scorer
    checked = 0
    for hand in seven_pairs_hands():
        want = hand_calculator_yaku(hand)
        if want is None or "chiitoitsu" not in want[1]:
            continue  # HandCalculator read it as melds (ryanpeikou ranks higher)
        got = scorer.score(hand)
        assert (got.total, list(names_of(got))) == want, hand
        checked += 1
    assert checked >= 300
