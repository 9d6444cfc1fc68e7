"""A flavor without lookaround (re2): one pattern per hand shape and the
host checks of each, as ``compile --format json`` lists them, decide every
rule set exactly -- RE2 runs the patterns, and the checks are read from the
JSON by an evaluator written here from its documented meaning."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from functools import lru_cache

import pytest
from conftest import RULE_SETS, disagreements, hand_corpus, require_engine, rules
from snippet_programs import MAY_REFUSE, compiled

from mahjong_regex import UnsupportedError
from mahjong_regex.engines import run_batch
from mahjong_regex.flavors.table import get
from mahjong_regex.outputs import compile_output
from mahjong_regex.outputs.shape_patterns import bounded_split, shape_patterns
from mahjong_regex.pipeline import compile_for
from mahjong_regex.ruleset.model import compare


def holds(check: dict, counts: Counter) -> bool:
    """Does a JSON host check hold on the tile counts (tile name -> count)?"""
    kind = check["kind"]
    if kind in ("any", "all"):
        found = [holds(p, counts) for p in check["parts"]]
        return any(found) if kind == "any" else all(found)
    tiles = check["tiles"]
    if kind == "contains":
        return any(counts[t] for t in tiles)
    if kind == "only":
        return all(t in tiles for t, n in counts.items() if n)
    if kind == "each":
        return all(compare(counts[t], check["op"], check["value"]) for t in tiles)
    if kind == "tiles":
        return compare(sum(counts[t] for t in tiles), check["op"], check["value"])
    assert kind == "suits", kind
    held = sum(1 for ts in check["suits"].values() if any(counts[t] for t in ts))
    return compare(held, check["op"], check["value"])


@lru_cache(maxsize=None)
def json_text(name: str) -> str:
    """``compile NAME --flavor re2 --format json`` (its shapes' patterns
    shared with the Go and Rust snippets' tests)."""
    done = compiled(name, "re2")
    return json.dumps(compile_output.compile_json(done, rules(name), name, None, False))


def json_of(name: str) -> dict:
    """``compile NAME --flavor re2 --format json``, as data."""
    return json.loads(json_text(name))


def decide(name: str, info: dict, hands: list[str]) -> list[bool]:
    """The verdicts of the JSON's patterns and checks on ``hands``."""
    r = rules(name)
    answers = [False] * len(hands)
    for p in info["patterns"]:
        picked = []
        for i, hand in enumerate(hands):
            turned, bar, rest = hand.partition("|")
            if p["turned"] is None:
                picked.append((i, hand))
            elif bar and turned == p["turned"]:
                picked.append((i, rest))
        got = run_batch("re2", p["pattern"], [h for _, h in picked])
        for (i, hand), matched in zip(picked, got):
            if not matched or answers[i]:
                continue
            counts = Counter(t.name for t in r.alphabet.tokenize(hand))
            answers[i] = all(holds(info["unchecked"][c], counts) for c in p["checks"])
    return answers


CASES = [n for n in RULE_SETS if (n, "re2") not in MAY_REFUSE]


@pytest.mark.parametrize("name", CASES)
def test_shape_patterns_and_json_checks_agree_with_reference(name):
    require_engine("re2")
    info = json_of(name)
    hands = list(hand_corpus(name))
    answers = decide(name, info, hands)
    bad = disagreements(name, hands, answers)
    assert not bad, f"{len(bad)} of {len(hands)} hands disagree, e.g.\n" + "\n".join(bad[:10])
    assert all(len(p["pattern"]) <= get("re2").max_length for p in info["patterns"])


def test_riichi_json_lists_each_shape_and_its_checks():
    info = json_of("riichi")
    assert info["pattern"] is None  # the one pattern would leave checks out
    assert [(p["shape"], p["part"], p["turned"]) for p in info["patterns"]] == [
        ("standard", None, None),
        ("seven_pairs", None, None),
        ("thirteen_orphans", None, None),
    ]
    assert [p["checks"] for p in info["patterns"]] == [[0], [0, 1], [0, 2, 3]]
    terminals_honors = [
        "1m",
        "9m",
        "1p",
        "9p",
        "1s",
        "9s",
        "1z",
        "2z",
        "3z",
        "4z",
        "5z",
        "6z",
        "7z",
    ]
    every = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    assert info["unchecked"] == [
        {"label": "line 27: each tile <= 4", "kind": "each", "op": "<=", "value": 4,
         "tiles": every, "shape": None, "turned": None},
        {"label": "line 21: each tile <= 2", "kind": "each", "op": "<=", "value": 2,
         "tiles": every, "shape": "seven_pairs", "turned": None},
        {"label": "line 24: only(terminal | honor)", "kind": "only",
         "tiles": terminals_honors, "shape": "thirteen_orphans", "turned": None},
        {"label": "line 25: each (terminal | honor) >= 1", "kind": "each", "op": ">=",
         "value": 1, "tiles": terminals_honors, "shape": "thirteen_orphans", "turned": None},
    ]  # fmt: skip
    assert info["notation"] == "mpsz" and info["tiles"] == every
    assert info["example"] == "1m1m1m3z3z3z6z6z1z1z1z7s7s7s"


def test_suits_and_compound_checks_as_data():
    harbin = json_of("harbin")["unchecked"][0]
    assert harbin["kind"] == "suits" and (harbin["op"], harbin["value"]) == (">=", 2)
    assert harbin["suits"]["条"][:2] == ["幺鸡", "二条"] and len(harbin["suits"]["万"]) == 9
    hefei = json_of("hefei")["unchecked"][0]
    assert hefei["label"] == "line 23: tiles(some suit) >= 8" and hefei["kind"] == "any"
    assert [(p["kind"], p["op"], p["value"], p["tiles"][0]) for p in hefei["parts"]] == [
        ("tiles", ">=", 8, "二万"),
        ("tiles", ">=", 8, "二筒"),
        ("tiles", ">=", 8, "二条"),
    ]


def test_an_indicator_gives_the_patterns_of_each_turned_tile():
    info = json_of("wuhan")
    r = rules("wuhan")
    turned = {p["turned"] for p in info["patterns"]}
    assert turned == {r.alphabet.tiles[t].name for t in r.indicator.tiles}
    assert len(info["patterns"]) == len(turned) * len(r.shapes)
    physical = [c for c in info["unchecked"] if c["label"].endswith("no flower twice")]
    assert len(physical) == len(turned)  # the turned tile's kind: at most 3 held
    first = next(c for c in physical if c["turned"] == "一万")
    assert first["parts"][-1] == {"kind": "each", "op": "<=", "value": 3, "tiles": ["一万"]}
    suits = next(c for c in info["unchecked"] if c["label"] == "line 28: suits == 1")
    # On the tiles held as themselves: a wild tile (here 二万) can be of any suit.
    assert (suits["op"], suits["value"], suits["shape"]) == ("<=", 1, "qingyise")
    assert "二万" not in suits["tiles"] and "三万" in suits["tiles"]


def test_changchun_fits_re2_as_shapes_split_on_their_special_kongs():
    patterns = shape_patterns(rules("changchun"), "re2")
    assert [p.name for p in patterns] == [
        "standard where count(yaogang) == 0, count(jiugang) == 0",
        "standard where count(yaogang) == 0, count(jiugang) == 1",
        "standard where count(yaogang) == 1, count(jiugang) == 0",
        "standard where count(yaogang) == 1, count(jiugang) == 1",
        "seven_pairs",
    ]
    assert [p.slug for p in patterns][:2] == ["standard.1", "standard.2"]
    assert max(len(p.output.text) for p in patterns) <= get("re2").max_length
    with pytest.raises(UnsupportedError, match="default memory budget"):
        compile_for(rules("changchun"), "re2", allow_unchecked=True)


def test_a_bounded_count_splits_into_one_shape_per_count():
    shape = rules("changchun").shapes[0]
    parts = bounded_split(shape)
    assert [text for text, _ in parts] == ["count(yaogang) == 0", "count(yaogang) == 1"]
    none, one = (s for _, s in parts)
    assert none.slots == (
        (4, ("chow", "pung", "kong", "jiugang", "xuanfeng", "xigang")),
        (1, ("pair", "dragon_pair")),
    )
    assert one.slots[:2] == (
        (3, ("chow", "pung", "kong", "jiugang", "xuanfeng", "xigang")),
        (1, ("yaogang",)),
    )
    assert "count(yaogang) <= 1" not in [c.text for c in one.where]
    assert bounded_split(replace(shape, where=())) is None


def test_a_shape_left_without_its_checks_is_named_with_what_it_accepts():
    r = rules("riichi")
    out = compile_for(r, "re2", allow_unchecked=True)
    assert compile_output.accepts(r, out.unchecked) == [
        "seven_pairs then accepts any 7 * pair",
        "thirteen_orphans then accepts any 14 tiles",
    ]
    harbin = rules("harbin")
    assert compile_output.accepts(harbin, ("line 23: suits >= 2",)) == []
