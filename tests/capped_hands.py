"""Hands where a copy limit that counts stand-ins decides: a wild tile
stands for a tile whose copies held then reach its limit, or one past it.

Each hand is a shape of the rule set that is not single tiles only (melds
of its kinds, as the hand samples draw them); one place gets a wild tile that may stand for the tile
there, other melds are redrawn to hold that tile three or four times, and
zero to three more tiles become wild tiles, within the physical limit; the
melds are then put in a random order.  Whether the hand wins is the
reference's to say: often only a reading within the limit wins, or none."""

from __future__ import annotations

import random
from dataclasses import replace

from mahjong_regex.hands.samples import (
    RandomChooser,
    WildKit,
    fitted_melds,
    meld_instances,
)
from mahjong_regex.reference.wild_tables import resolve_table
from mahjong_regex.ruleset.model import RuleSet


def more_copies(rng: random.Random, melds: list, instances, tile: str, skip: int) -> None:
    """Redraw melds (but meld ``skip``) as melds of their kind that hold
    ``tile``, until the hand holds it three or four times (at most four)."""
    target = rng.choice((3, 4, 4))
    others = [j for j in range(len(melds)) if j != skip]
    rng.shuffle(others)
    for j in others:
        held = sum(m.count(tile) for _, m in melds)
        if held >= target:
            return
        kind, meld = melds[j]
        room = 4 - held + meld.count(tile)
        options = [m for m in instances[kind] if tile in m and m.count(tile) <= room]
        if options:
            melds[j] = (kind, list(rng.choice(options)))


def capped_hands(rules: RuleSet, n: int, seed: int = 0) -> list[str]:
    """``n`` hands of ``rules`` (a rule set with static wild tiles) near its
    copy limit on the tiles wild tiles stand for (see the module
    docstring), the same for the same seed."""
    rng = random.Random(seed)
    choose = RandomChooser(seed)
    shapes = [s for s in rules.shapes if any(rules.kinds[k].size > 1 for k in s.kinds)]
    rules = replace(rules, shapes=tuple(shapes))
    instances = meld_instances(rules)
    kit = WildKit(rules, resolve_table(rules, None), instances)
    out = []
    while len(out) < n:
        melds = [(k, list(m)) for k, m in fitted_melds(rules, choose, instances)]
        i = rng.randrange(len(melds))
        meld = melds[i][1]
        p = rng.randrange(len(meld))
        tile = meld[p]
        meld[p] = rng.choice(kit.stand_ins(tile))
        more_copies(rng, melds, instances, tile, i)
        for _ in range(rng.randint(0, 3)):
            _, m = melds[rng.randrange(len(melds))]
            q = rng.randrange(len(m))
            m[q] = rng.choice(kit.spare(kit.stand_ins(m[q]), melds))
        rng.shuffle(melds)
        out.append("".join(t for _, m in melds for t in m))
    return out
