"""What the benchmark runs: the patterns of each row, the hand mixes, the hostile strings.

Patterns: ``ours`` (:func:`compile_pattern`; for ``re2`` the
``--allow-unchecked`` text), ``seed`` (regex 11 of the seed post, from
``../shared/baselines/``), ``linear`` (``START(?:TILE|…)*END``) and ``empty``.

Hand mixes, both of ``--hands`` hands:

- ``boundary``: :func:`random_hands` with seed 0, arranged hands near the
  win/no-win boundary (about one in ten wins);
- ``losers``: losing hands that pass every cheap scan -- the string is made of
  tile names, its tile count lies in the rule set's length window, and every
  tile-level rule holds on its tiles (those of the win condition, and those of
  at least one hand shape; with wild tiles the rules hold on the tiles
  represented, so only the names, the count and the physical limit are scanned; with an
  indicator the count is of the tiles after ``TURNED|``) -- so only the meld
  body can reject them.  They are
  drawn from :func:`random_hands` with seeds 1, 2, … and kept when they pass
  the scans and the reference evaluator says no.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from internals import (
    HandError,
    UnsupportedError,
    compile_for,
    compile_pattern,
    crowded_wild_hands,
    emit,
    ir,
    literal_set,
    load_rules,
    physical_excess,
    random_hands,
    split_turned,
    tile_constraint_holds,
)
from results import LINEAR_TIME

REPO = Path(__file__).resolve().parent.parent
SEED_PATH = REPO.parent / "shared" / "baselines" / "seed-regex-11.pcre.txt"
#: Hands drawn from random_hands per seed while looking for losers.
CHUNK = 10_000


@dataclass
class Mix:
    """A named list of hands with the reference verdicts (``truth``)."""

    name: str
    description: str
    hands: list[str]
    truth: list[bool]


# --- Patterns ---


def seed_source() -> str | None:
    """The seed regex (PCRE syntax, one line), or None when the file is absent."""
    if not SEED_PATH.is_file():
        return None
    return SEED_PATH.read_text("utf-8").strip("\r\n")


def harbin_tiles(rules) -> bool:
    """Does ``rules`` use the tile names of the built-in ``harbin`` (the seed's tiles)?"""
    names = {t.name for t in rules.alphabet.tiles}
    return names == {t.name for t in load_rules("harbin").alphabet.tiles}


def python_named_groups(pattern: str) -> str:
    """Respell ``(?<n>`` as ``(?P<n>`` and ``\\k<n>`` as ``(?P=n)`` (Python's syntax)."""
    pattern = re.sub(r"\(\?<([A-Za-z_]\w*)>", r"(?P<\1>", pattern)
    return re.sub(r"\\k<([A-Za-z_]\w*)>", r"(?P=\1)", pattern)


def our_pattern(rules, flavor: str) -> tuple[str, tuple[str, ...]]:
    """Our pattern in ``flavor`` and the constraints it leaves unchecked (re2 only)."""
    try:
        return compile_pattern(rules, flavor), ()
    except UnsupportedError:
        out = compile_for(rules, flavor, allow_unchecked=True)
        return out.text, out.unchecked


def linear_pattern(rules, flavor: str) -> str:
    """``START(?:TILE|…)*END``: a scan that validates every tile of the hand."""
    tiles = literal_set([t.name for t in rules.alphabet.tiles])
    node = ir.seq(ir.Start(), ir.Repeat(tiles, 0, None), ir.End())
    return emit(ir.Pattern(node), flavor)


def patterns_for(rules, flavor: str, engine: str, seed: str | None):
    """(label -> pattern text in :data:`results.LABELS` order, the constraints ours
    leaves unchecked) for one row; the seed is left out where it cannot run."""
    ours, unchecked = our_pattern(rules, flavor)
    out = {"ours": ours, "linear": linear_pattern(rules, flavor), "empty": ""}
    if seed is not None and engine not in LINEAR_TIME:
        out["seed"] = python_named_groups(seed) if engine in ("regex", "re") else seed
    return out, unchecked


# --- Hand mixes ---


def length_window(rules) -> tuple[int, int]:
    """The fewest and the most tiles of a winning hand: per shape, the sum over
    its slots of count × the smallest (largest) meld size the slot allows."""
    size = {name: kind.size for name, kind in rules.kinds.items()}
    low = [sum(n * min(size[k] for k in kinds) for n, kinds in s.slots) for s in rules.shapes]
    high = [sum(n * max(size[k] for k in kinds) for n, kinds in s.slots) for s in rules.shapes]
    return min(low), max(high)


def passes_scans(rules, hand: str, window: tuple[int, int]) -> bool:
    """Does ``hand`` pass every cheap scan: made of tile names (after the
    turned tile and ``|`` of a rule set with an indicator), a tile count in
    ``window``, the win condition's tile-level rules all holding, and those of
    at least one hand shape (with wild tiles, only the names and the count:
    the rules hold on the tiles represented)?"""
    try:
        turned, tiles = split_turned(rules, hand)
    except HandError:
        return False
    if not window[0] <= len(tiles) <= window[1]:
        return False
    if rules.wilds:
        # A wild tile's copies count for the tiles it stands for: the rules
        # hold on the tiles represented, which only the search can choose.
        return physical_excess(rules, tiles, turned) is None
    counts = Counter(t.index for t in tiles)

    def holds(constraints) -> bool:
        return all(
            tile_constraint_holds(c, counts, rules) for c in constraints if not c.is_meld_level
        )

    return holds(rules.where) and any(holds(s.where) for s in rules.shapes)


def losing_hands(rules, evaluator, n: int) -> tuple[list[str], int]:
    """``n`` losers (see the module docstring), the same on every run, and the
    number of random_hands seeds drawn from."""
    window = length_window(rules)
    out: list[str] = []
    seed = 0
    while len(out) < n:
        seed += 1
        for hand in random_hands(rules, CHUNK, seed=seed):
            if passes_scans(rules, hand, window) and not evaluator.wins(hand):
                out.append(hand)
                if len(out) == n:
                    break
        if seed % 10 == 0:
            print(f"  losers: {len(out):,} of {n:,} after {seed} seeds", file=sys.stderr)
    return out, seed


def hand_mixes(rules, evaluator, n: int) -> list[Mix]:
    """The ``boundary`` and ``losers`` mixes of ``n`` hands each."""
    hands = random_hands(rules, n, seed=0)
    truth = [evaluator.wins(h) for h in hands]
    described = (
        f"arranged hands near the win/no-win boundary (random_hands seed 0), {sum(truth):,} win"
    )
    boundary = Mix("boundary", described, hands, truth)
    losers, seeds = losing_hands(rules, evaluator, n)
    low, high = length_window(rules)
    described = (
        f"losing hands of tile names, {low}..{high} tiles, every tile-level rule kept "
        f"(from random_hands seeds 1..{seeds})"
    )
    return [boundary, Mix("losers", described, losers, [False] * len(losers))]


# --- Hostile strings ---


def hostile_strings(rules, evaluator, mix: Mix, size: int) -> list[tuple[str, str, str]]:
    """(key, description, text) of the worst-case inputs, about ``size`` characters
    each except (d) and (f).  The winning hand is the first winning hand of
    ``mix``.  A rule set with an indicator gets its strings after the winning
    hand's ``TURNED|``; one with wild tiles also gets (f): hands of 14 to 22
    tiles made of wild tiles and near-melds (``crowded_wild_hands`` of the hand samples)."""
    alphabet = rules.alphabet
    names = [t.name for t in alphabet.tiles]
    win = next((h for h, w in zip(mix.hands, mix.truth) if w), None)
    if win is None:  # a tiny --hands: look further
        win = next(h for h in random_hands(rules, 20_000, seed=1) if evaluator.wins(h))
    turned = ""
    if rules.indicator is not None:
        turned, win = win.split("|", 1)
        turned += "|"
    tiles = [t.name for t in alphabet.tokenize(win)]
    head = "".join(tiles[:-1])
    near = next((head + t for t in names if not evaluator.wins(turned + head + t)), head)
    stray = next((win + t for t in names if not evaluator.wins(turned + win + t)), win + names[0])
    twos = [t.name for t in alphabet.tiles if t.suit is not None and t.rank == 2]
    mixed = twos if len(twos) >= 2 else names

    def repeat(unit: str) -> str:
        return turned + unit * max(1, round(size / len(unit)))

    out = [
        ("a", f"one tile ({names[0]}) repeated", repeat(names[0])),
        ("b", "a near-win hand repeated", repeat(near)),
        ("c", f"alternating suits ({''.join(mixed)}…)", repeat("".join(mixed))),
        ("d", "a winning hand + a stray tile", turned + stray),
        ("e", "a winning hand repeated", repeat(win)),
    ]
    if rules.has_wilds:
        shorts = list(crowded_wild_hands(rules, turned, tiles).values())
        described = f"{len(shorts)} hands of 14-22 tiles of wild tiles and near-melds"
        out += [(f"f{i}", described, text) for i, text in enumerate(shorts, 1)]
    return out
