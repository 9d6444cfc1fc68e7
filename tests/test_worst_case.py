"""The worst case of the README (``tests/rules/slots.meld``: eighteen slots
of single, pair or pung) on hostile hands of 40 tiles, in every
backtracking engine: every answer equals the reference evaluator's and no
engine raises (PCRE2's "match limit exceeded" was one).  The same with a
copy limit (``run_limits``) and with a meld counter; and the compile-time
warning where the order of such melds is not kept.  Timings live in
``benchmarks/worst.py``; the runners' own timeout catches a hang."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from conftest import FLAVOR_ENGINES, TEST_RULES, require_engine

from mahjong_regex import (
    BUILTINS,
    FLAVORS,
    Evaluator,
    HandError,
    compile_pattern,
    load_rules,
)
from mahjong_regex.compiler.melds.sorted_runs import run_splits, unordered_warnings
from mahjong_regex.compiler.registry import Options
from mahjong_regex.engines import run_batch
from mahjong_regex.hands.samples import random_hands
from mahjong_regex.ruleset.checker import load

SLOTS = (TEST_RULES / "slots.meld").read_text("utf-8")
#: The rule set variants and the hand length: as written; with a copy limit; nine
#: slots with a counter (25 tiles: seven pungs and two pairs at most).
VARIANTS = {
    "slots": (SLOTS, 40),
    "slots-limit": (SLOTS.replace("win slots", "win slots where each tile <= 4"), 40),
    "nine-pairs": (
        SLOTS.replace("18 *", "9 *").replace("win slots", "win slots where count(pair) >= 2"),
        25,
    ),
}
#: (flavor, engine) of every backtracking engine.
BACKTRACKING = [(f, e) for f, es in FLAVOR_ENGINES.items() if f != "re2" for e in es]
TILES = [s + k for k in "mps" for s in "123456789"] + ["1z", "2z", "3z", "4z"]


def hostile_hands(length: int = 40) -> list[str]:
    """Hands of ``length`` tiles that make a backtracking engine split a run
    of one tile in many ways: a run of ``1m`` and a tail (the hostile
    ``1m``×k ``2z2m3m``, a tail of distinct tiles, a tail of pairs), runs of
    pairs and pungs side by side, and random hands over few tiles."""
    out = []
    others = [t for t in TILES if t != "1m"]
    for k in range(length - 20, length - 2):
        out.append("1m" * k + "".join(others[: length - k]))
        out.append("1m" * k + "".join(t * 2 for t in others)[: 2 * (length - k)])
    out.append("1m" * (length - 3) + "2z2m3m")
    for unit in ("1m2m", "1m1m2m", "1m1m1m2m2m", "1m1m2m2m3m3m"):
        out.append((unit * length)[: 2 * length])
    rng = random.Random(14)
    for _ in range(60):
        hand = []
        while len(hand) < length:
            hand += [rng.choice(TILES)] * rng.choice((1, 2, 3, 3))
        hand = hand[:length]
        out.append("".join(hand))
        hand[rng.randrange(length)] = rng.choice(TILES)
        out.append("".join(hand))
    for _ in range(60):
        few = rng.sample(TILES, rng.randint(1, 4))
        out.append("".join(rng.choice(few) for _ in range(length)))
    return out


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("flavor,engine", BACKTRACKING, ids=[e for _, e in BACKTRACKING])
def test_interchangeable_small_melds_on_hostile_hands(variant, flavor, engine):
    require_engine(engine)
    source, length = VARIANTS[variant]
    rules = load(source, f"{variant}.meld")
    truth = Evaluator(rules)
    hands = hostile_hands(length)
    assert all(len(rules.alphabet.tokenize(h)) == length for h in hands)
    got = run_batch(engine, compile_pattern(rules, flavor), hands, flags="u")
    wrong = [h for h, g in zip(hands, got) if g != truth.wins(h)]
    assert wrong == []
    assert any(got) and not all(got)  # both answers are exercised


def four_wild_hands(name: str) -> list[str]:
    """Hands of 13 to 19 tiles holding four wild tiles (guangdong: the four
    flowers; hongzhong: four 中): generated hands with four tiles made wild,
    and strings over two to five tiles with four wild tiles put in, where a
    backtracking engine may try every reading of every wild tile."""
    rules = load_rules(name)
    names = [t.name for t in rules.alphabet.tiles]
    wilds = [n for n in names if n in ("梅", "兰", "竹", "菊")] or ["中"] * 4
    plain = [n for n in names if n not in wilds]
    rng = random.Random(4)
    out = []
    for hand in random_hands(rules, 150, seed=4):
        try:
            tiles = [t.name for t in rules.alphabet.tokenize(hand) if t.name not in wilds]
        except HandError:
            continue
        for w in wilds:
            tiles.insert(rng.randrange(len(tiles) + 1), w)
        out.append("".join(tiles[: rng.randint(14, 18)]))
    for length in range(13, 20):
        for _ in range(20):
            few = rng.sample(plain, rng.randint(2, 5))
            tiles = [rng.choice(few) for _ in range(length - 4)]
            for w in wilds:
                tiles.insert(rng.randrange(len(tiles) + 1), w)
            out.append("".join(tiles))
    return out


@pytest.mark.parametrize("name", ["guangdong", "hongzhong"])
@pytest.mark.parametrize("flavor,engine", BACKTRACKING, ids=[e for _, e in BACKTRACKING])
def test_four_wild_tiles_under_a_counted_copy_limit(name, flavor, engine):
    """Every reading of four wild tiles, under a copy limit that counts what
    they stand for, is bounded: no engine stops at a limit (PCRE2's match
    limit or JIT stack), and every answer is the reference's."""
    require_engine(engine)
    rules = load_rules(name)
    truth = Evaluator(rules)
    hands = four_wild_hands(name)
    got = run_batch(engine, compile_pattern(rules, flavor), hands, flags=FLAVORS[flavor].flags)
    assert [h for h, g in zip(hands, got) if g != truth.wins(h)] == []
    assert any(got) and not all(got)


def test_a_shape_whose_order_is_not_kept_is_named_at_compile_time():
    path = str(TEST_RULES / "slots.meld")
    cli = [sys.executable, "-m", "mahjong_regex", "compile", path]
    off = subprocess.run(cli + ["--no-pass", "sorted_runs"], capture_output=True, text=True)
    assert off.returncode == 0
    assert "slots.meld:18:1: warning: hand shape 'slots'" in off.stderr
    assert "single, pair, pung melds" in off.stderr
    assert "run of 54 copies may be split about 6.1e+07 ways" in off.stderr
    on = subprocess.run(cli, capture_output=True, text=True)
    assert on.returncode == 0 and on.stderr == ""


def test_no_built_in_needs_sorted_runs_to_bound_its_runs():
    # Their copy limits keep a run of one tile to a few splits.
    off = Options.without("sorted_runs")
    assert [n for n in BUILTINS if unordered_warnings(load_rules(n), off, FLAVORS["pcre"])] == []
    assert run_splits([1, 2, 3], 4, 18) == 7
