"""Gadgets for :mod:`.score_samples`: short blocks of tiles that split into
melds of the same kinds in more than one way, so that a hand holding one
has two winning splits (``1m1m1m2m3m4m4m4m`` is 11|123|444 and 111|234|44).

They are found by brute force over the rule set's meld kinds, with nothing
known of any rule set: every sorted block of two or three melds of one suit
is split every way it can be.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

Inst = tuple[int, ...]
Reading = tuple[tuple[str, Inst], ...]


def find_gadgets(kit) -> list[tuple[Inst, list[Reading]]]:
    """Blocks of tiles in sorted order, from two or three melds of one suit
    (or of none), that split into melds of the same kinds in two or more
    ways (``1m1m1m2m3m4m4m4m``: pair, chow, pung as 11|123|444 and
    111|234|44), kinds some shape can hold: [(block, readings)], each
    reading a tuple of (kind, instance).  Melds of one tile are left out."""
    ev = kit.evaluator
    melds = [(k, i) for k, insts in kit.instances.items() for i in insts if len(i) > 1]
    groups: dict[str | None, list[Inst]] = {}
    for _, inst in melds:
        suits = {kit.tiles[t].suit for t in inst}
        if len(suits) == 1:
            groups.setdefault(suits.pop(), []).append(inst)
    blocks = set()
    for insts in groups.values():
        insts = sorted(set(insts))
        for n in (2, 3):
            for combo in combinations_with_replacement(insts, n):
                block = tuple(sorted(t for i in combo for t in i))
                if max(Counter(block).values()) <= 4:
                    blocks.add(block)
    out = []
    for block in sorted(blocks):
        same: dict[tuple, dict[tuple, tuple]] = {}
        for reading in readings(ev, block, 0):
            kinds = Counter(k for k, _ in reading)
            if ev.viable(kinds):
                key = tuple(sorted(kinds.items()))
                same.setdefault(key, {}).setdefault(tuple(sorted(i for _, i in reading)), reading)
        for ways in same.values():
            if len(ways) > 1:
                out.append((block, list(ways.values())))
    return out


def readings(ev, block: Inst, pos: int) -> list[Reading]:
    """Every split of ``block[pos:]`` into melds of two or more tiles, as
    tuples of (kind, instance); ``ev`` is the rule set's evaluator."""
    if pos == len(block):
        return [()]
    out = []
    for size in ev.sizes:
        for kind in ev.melds_by_tiles.get(block[pos : pos + size], ()) if size > 1 else ():
            head = (kind, block[pos : pos + size])
            out += [(head, *rest) for rest in readings(ev, block, pos + size)]
    return out
