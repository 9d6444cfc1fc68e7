"""The search of :mod:`.multiset`: does a multiset of tiles split into melds
that fill one hand shape and keep every rule?

The tiles are counted, not read in order.  The tile of lowest index still
held must lie in some meld, so the search takes each meld that holds it
(its other places taken from the tiles held, or from wild tiles standing
there), and goes on with what is left; wild tiles left over when every other
tile is placed form melds of their own.  A state seen before is not searched
again.  At the end the meld counts must fill the shape's slots one to one
and every constraint of the win and of the shape must hold: tile conditions
on the tiles stood for, ``held`` ones on the tiles held, ``substitutes`` on
the wild tiles standing for another tile.

The rules are those of :mod:`mahjong_regex.reference.evaluator` and
:mod:`mahjong_regex.reference.wild_tables` (the README's "What a pattern
decides" and "Wild tiles"); nothing here is shared with the compiler.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

from ..ruleset.model import Constraint, RuleSet, Shape, compare, successors

#: Most states one shape's search visits before it gives up (a guard against
#: rule sets whose searches explode; no built-in comes near it).
MAX_STATES = 2_000_000


class SearchTooLarge(Exception):
    """The search passed :data:`MAX_STATES` states."""


@dataclass(frozen=True)
class Placed:
    """One meld of a winning split: its ``kind``, the tiles it stands for
    (``stands``, tile indices in the kind's order) and, per place, where the
    tile held there comes from: ``-1`` a tile held as itself (or a proxy
    playing it), else the index of the wild tile standing there."""

    kind: str
    stands: tuple[int, ...]
    sources: tuple[int, ...]


def holds_on_tiles(c: Constraint, counts: dict[int, int], rules: RuleSet, turned) -> bool:
    """Does tile-level constraint ``c`` hold on a tile multiset (``counts``:
    tile index -> copies)?  ``turned`` (a tile index or None) resolves
    classes that depend on the turned tile.  ``substitutes`` is not a tile
    condition and raises ValueError, as do meld counts."""
    if c.kind == "any":
        return any(holds_on_tiles(p, counts, rules, turned) for p in c.parts)
    if c.kind == "all":
        return all(holds_on_tiles(p, counts, rules, turned) for p in c.parts)
    tiles = _resolve(c.tiles, rules, turned) if c.tiles is not None else frozenset()
    present = {t for t, n in counts.items() if n > 0}
    if c.kind == "suit_count":
        suits = {rules.alphabet.tiles[t].suit for t in present} - {None}
        return compare(len(suits), c.op, c.value)
    if c.kind == "contains":
        return bool(present & tiles)
    if c.kind == "only":
        return present <= tiles
    if c.kind == "each_tile":
        return all(compare(counts.get(t, 0), c.op, c.value) for t in tiles)
    if c.kind == "tile_count":
        return compare(sum(counts.get(t, 0) for t in tiles), c.op, c.value)
    raise ValueError(f"not a tile condition: {c.kind}")


def _resolve(cls, rules: RuleSet, turned) -> frozenset[int]:
    if not cls.dynamic:
        return cls.tiles
    return cls.resolve(turned, successors(rules.alphabet))


def slots_filled(kinds: dict[str, int], shape: Shape) -> bool:
    """Can melds with these kind counts fill ``shape``'s slots one to one?
    Hall's condition: the totals agree, and no set of kinds has more melds
    than the slots that take any of them."""
    if sum(kinds.values()) != shape.size:
        return False
    used = [k for k, n in kinds.items() if n]
    for r in range(1, len(used) + 1):
        for group in combinations(used, r):
            room = sum(c for c, ks in shape.slots if set(ks) & set(group))
            if sum(kinds[k] for k in group) > room:
                return False
    return True


class ShapeSearch:
    """The search for one shape, one rule set and one wild table.

    ``domain[w]`` lists the tiles wild tile ``w`` may stand for (itself
    included); ``turned`` the turned tile or None.  :meth:`run` takes the
    tiles held as themselves (by the tile they play) and the wild tiles held,
    and returns the melds of a winning split or None, with
    :attr:`broken` naming a rule a fitting split broke."""

    def __init__(self, rules: RuleSet, shape: Shape, domain: dict, turned):
        self.rules, self.shape, self.turned = rules, shape, turned
        self.domain = domain
        self.size = len(rules.alphabet.tiles)
        self.rules_here = rules.where + shape.where
        self.room = {k: sum(c for c, ks in shape.slots if k in ks) for k in shape.kinds}
        self.instances = []  # (kind, instance tuple)
        for name in shape.kinds:
            kind = rules.kinds[name]
            for inst in _instances(kind, rules, turned):
                self.instances.append((name, inst))
        self.touching = [[] for _ in range(self.size)]
        for i, (_, inst) in enumerate(self.instances):
            for t in set(inst):
                self.touching[t].append(i)
        bounds = [c for c in self.rules_here if _prunes(c)]
        # Per tile: the most copies it may stand for, and whether it may at all.
        self.cap = [None] * self.size
        #: Per tile, the rules that cap it (named where they cut a split).
        self.capped_by: list[list[str]] = [[] for _ in range(self.size)]
        for c in bounds:
            if c.kind == "each_tile":
                for t in _resolve(c.tiles, rules, turned):
                    cap = self.cap[t]
                    self.cap[t] = c.value if cap is None else min(cap, c.value)
                    self.capped_by[t].append(c.label())
            elif c.kind == "only":
                allowed = _resolve(c.tiles, rules, turned)
                for t in range(self.size):
                    if t not in allowed:
                        self.cap[t] = 0
                        self.capped_by[t].append(c.label())
        self.bounds = [c for c in bounds if c.kind not in ("each_tile", "only")]
        self.wild_kinds = [w for w in range(self.size) if domain[w]]
        self.shares = [set() for _ in range(self.size)]
        for _, inst in self.instances:
            for t in inst:
                self.shares[t].update(inst)
        sizes = {len(inst) for _, inst in self.instances} or {0}
        self.smallest, self.largest = min(sizes), max(sizes)
        self.lengths = _lengths(shape, {k: rules.kinds[k].size for k in shape.kinds})

    def _hopeless(self, held, wilds, kinds) -> bool:
        """Can the tiles left no longer fill the slots left?  Too many or
        too few tiles for them, or more tiles that no meld can hold together
        (each needs a meld of its own) than slots."""
        left = self.shape.size - sum(kinds.values())
        tiles = sum(held) + sum(wilds)
        if not left * self.smallest <= tiles <= left * self.largest:
            return True
        if not any(wilds):
            return False  # the search fails fast enough by itself
        apart: list[int] = []
        for t, n in enumerate(held):
            if n and not any(u in self.shares[t] for u in apart):
                apart.append(t)
                if len(apart) > left:
                    return True
        return False

    def run(self, held: list[int], wilds: list[int], held_counts: dict[int, int]):
        """The melds of a winning split (list of :class:`Placed`) or None.
        ``held``: copies per tile index of the tiles held as themselves;
        ``wilds``: copies per tile index of the wild tiles held."""
        self.held_counts = held_counts
        self.seen: set = set()
        self.broken: list[str] = []
        #: The rules that cut a split short (before it filled the shape).
        self.pruned: list[str] = []
        self.fits = False
        if sum(held) + sum(wilds) not in self.lengths:
            return None
        for c in self.shape.where:
            if c.held and not holds_on_tiles(c, held_counts, self.rules, self.turned):
                self.fits = True
                self.broken.append(c.label())
                return None
        stood = [0] * self.size
        return self._walk(list(held), list(wilds), {}, stood, 0, [], 0)

    def _key(self, held, wilds, kinds, stood, subs):
        return (tuple(held), tuple(wilds), tuple(sorted(kinds.items())), tuple(stood), subs)

    def _walk(self, held, wilds, kinds, stood, subs, melds, low):
        key = (self._key(held, wilds, kinds, stood, subs), low if not any(held) else 0)
        if key in self.seen:
            return None
        self.seen.add(key)
        if len(self.seen) > MAX_STATES:
            raise SearchTooLarge(self.shape.name)
        first = next((t for t in range(self.size) if held[t]), None)
        if first is None and not any(wilds):
            return self._leaf(kinds, stood, subs, melds)
        if self._hopeless(held, wilds, kinds):
            return None
        if first is None:
            choices = range(low, len(self.instances))
        else:
            choices = self.touching[first]
        for i in choices:
            kind, inst = self.instances[i]
            if kinds.get(kind, 0) >= self.room[kind] or sum(kinds.values()) >= self.shape.size:
                continue
            for sources in self._sources(inst, held, wilds, first):
                found = self._take(i, kind, inst, sources, held, wilds, kinds, stood, subs, melds)
                if found is not None:
                    return found
        return None

    def _take(self, i, kind, inst, sources, held, wilds, kinds, stood, subs, melds):
        """Place one meld and search on; undo it after."""
        extra = 0
        for t, s in zip(inst, sources):
            if s < 0:
                held[t] -= 1
            else:
                wilds[s] -= 1
                extra += s != t
            stood[t] += 1
        kinds[kind] = kinds.get(kind, 0) + 1
        melds.append(Placed(kind, inst, sources))
        found = None
        over = next((t for t in inst if self.cap[t] is not None and stood[t] > self.cap[t]), None)
        cut = self.capped_by[over] if over is not None else None
        if cut is None and self.bounds:
            cut = self._doomed(stood, subs + extra)
        if cut is None:
            low = i if all(s >= 0 for s in sources) else 0
            found = self._walk(held, wilds, kinds, stood, subs + extra, melds, low)
        else:
            self.pruned += [label for label in cut if label not in self.pruned]
        melds.pop()
        kinds[kind] -= 1
        if not kinds[kind]:
            del kinds[kind]
        for t, s in zip(inst, sources):
            if s < 0:
                held[t] += 1
            else:
                wilds[s] += 1
            stood[t] -= 1
        return found

    def _sources(self, inst, held, wilds, first):
        """Every way to take the places of ``inst`` from the tiles held (-1)
        or from wild tiles (their index), as tuples; with ``first`` (a tile
        held as itself), at least one place takes it.  Ways that differ only
        in which of two places of one tile takes which are given once."""
        options = []
        for t in inst:
            opts = [-1] if held[t] else []
            opts += [w for w in self.wild_kinds if wilds[w] and t in self.domain[w]]
            if not opts:
                return
            options.append(opts)
        seen = set()
        for sources in product(*options):
            if first is not None and not any(s < 0 and t == first for t, s in zip(inst, sources)):
                continue
            sig = tuple(sorted(zip(inst, sources)))
            if sig in seen or not _affordable(inst, sources, held, wilds):
                continue
            seen.add(sig)
            yield sources

    def _doomed(self, stood, subs) -> list[str] | None:
        """The rule that can only get worse and already fails (as a list of
        its label), or None."""
        counts = {t: n for t, n in enumerate(stood) if n}
        for c in self.bounds:
            if c.kind == "substitutes":
                if not compare(subs, c.op, c.value):
                    return [c.label()]
            elif not holds_on_tiles(c, counts, self.rules, self.turned):
                return [c.label()]
        return None

    def _leaf(self, kinds, stood, subs, melds):
        if not slots_filled(kinds, self.shape):
            return None
        self.fits = True
        counts = {t: n for t, n in enumerate(stood) if n}
        for c in self.rules_here:
            if c.is_meld_level:
                ok = c.holds_on_melds(kinds)
            elif c.kind == "substitutes":
                ok = compare(subs, c.op, c.value)
            elif c.held:
                ok = holds_on_tiles(c, self.held_counts, self.rules, self.turned)
            else:
                ok = holds_on_tiles(c, counts, self.rules, self.turned)
            if not ok:
                if c.label() not in self.broken:
                    self.broken.append(c.label())
                return None
        return list(melds)


def _lengths(shape: Shape, sizes: dict[str, int]) -> frozenset[int]:
    """Every number of tiles a split filling ``shape`` may hold."""
    totals = {0}
    for count, kinds in shape.slots:
        for _ in range(count):
            totals = {t + sizes[k] for t in totals for k in kinds}
    return frozenset(totals)


def _affordable(inst, sources, held, wilds) -> bool:
    need: dict = {}
    for t, s in zip(inst, sources):
        key = ("h", t) if s < 0 else ("w", s)
        need[key] = need.get(key, 0) + 1
    return all((held[k[1]] if k[0] == "h" else wilds[k[1]]) >= n for k, n in need.items())


def _prunes(c: Constraint) -> bool:
    """Can ``c`` be checked on a part of a split, failing for good?  Upper
    bounds and ``only`` on the tiles stood for, and ``substitutes <=``."""
    if c.held or c.is_meld_level or c.parts:
        return False
    if c.kind == "substitutes":
        return c.op == "<="
    return c.kind == "only" or (
        c.op == "<=" and c.kind in ("each_tile", "tile_count", "suit_count")
    )


def _instances(kind, rules: RuleSet, turned) -> list[tuple[int, ...]]:
    """The tile tuples a meld kind stands for, its class resolved for the
    turned tile: ``same`` N copies, ``run`` N ranks of one suit ``step``
    apart, ascending, ``distinct`` N different tiles in declaration order."""
    alphabet = rules.alphabet
    allowed = _resolve(kind.of, rules, turned) if kind.of else {t.index for t in alphabet.tiles}
    if kind.form == "same":
        return [(t,) * kind.size for t in sorted(allowed)]
    if kind.form == "distinct":
        return list(combinations(sorted(allowed), kind.size))
    out = []
    for suit in alphabet.suits:
        by_rank = {t.rank: t.index for t in alphabet.tiles if t.suit == suit}
        for start in sorted(by_rank):
            ranks = [start + i * kind.step for i in range(kind.size)]
            if all(r in by_rank and by_rank[r] in allowed for r in ranks):
                out.append(tuple(by_rank[r] for r in ranks))
    return out
