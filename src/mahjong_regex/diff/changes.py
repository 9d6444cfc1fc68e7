"""What changed between two checked rule sets, by meaning rather than by text.

Both sides are :class:`~mahjong_regex.ruleset.model.RuleSet` objects, so
every name is resolved.  The comparison pairs up what each side declares and
reports what has no partner or a different meaning:

- **tiles**, paired by identity (``1s``, ``中``) where both sides know it,
  else by name; a pair differs when its name (the hand text), rank, suit
  (which other tiles share it) or identity differs;
- **meld kinds** used by a hand shape, by the melds they match (their
  instances, as tile pairs), so renaming a kind is no change; kinds with the
  same name and other melds are a change;
- **hand shapes**, by their slots (a multiset of kind sets, counts summed)
  and their own constraints; names and order do not count;
- **constraints**, by kind, comparison, value, the kinds counted and the
  tiles of the class (tiles present on one side only are a tile change, so
  classes are compared on the tiles both sides have; the turned tile's kind
  and the next one count as members), whether they test the tiles as held,
  and their parts.  A constraint that every hand shape carries is a
  constraint of the win condition, wherever it is written;
- **wild tiles** (``wild``, ``proxy``), by the tiles that stand in, what
  they stand for and whether they are proxies; the **indicator** (the
  turned tile a hand starts with), by the tiles that may be turned.

Every change cites the DSL line on each side that has it (``line N: text``).
"""

from __future__ import annotations

from collections import Counter

from ..ruleset.model import Constraint, RuleSet, Shape, Tile, TileClass
from .places import Places
from .rule_change import RuleChange
from .score_changes import scoring_changes


def rule_changes(old: RuleSet, new: RuleSet) -> list[RuleChange]:
    """The changes of meaning from ``old`` to ``new`` (see the module
    docstring), in the order tiles, wild tiles, indicator, meld kinds,
    hand shapes, constraints, scoring elements (:mod:`.scoring`).  An empty
    list means the two rule sets say the same thing."""
    pairing = _Pairing(old, new)
    changes = pairing.tile_changes() + pairing.wild_changes() + pairing.indicator_changes()
    changes += pairing.kind_changes()
    changes += pairing.shape_changes()
    return changes + scoring_changes(old, new, pairing.places, pairing.kid)


def identity_change(name: str, old: str | None, new: str | None) -> str:
    """How a tile's identity changed, in words: ``红中 is 中 (was 白)``, ``红中
    no longer says which tile it is (was 中)``, ``红中 now says it is 中``."""
    if new is None:
        return f"{name} no longer says which tile it is (was {old})"
    if old is None:
        return f"{name} now says it is {new}"
    return f"{name} is {new} (was {old})"


class _Pairing:
    """The tiles and meld kinds of two rule sets paired up, each pair (and
    each one-sided item) given a common id, so that classes, melds, shapes
    and constraints of both sides can be compared as values."""

    def __init__(self, old: RuleSet, new: RuleSet):
        self.old, self.new = old, new
        self.places = (Places(old), Places(new))
        self.tile_pairs = _pair_tiles(old.alphabet.tiles, new.alphabet.tiles)
        self.tid = ({}, {})  # per side: tile index -> pair number (tiles on both sides)
        for n, (a, b) in enumerate(self.tile_pairs):
            if a is not None and b is not None:
                self.tid[0][a.index], self.tid[1][b.index] = n, n
        self.kid: tuple[dict, dict] = ({}, {})
        self.kind_pairs = self._pair_kinds()

    # ---- tiles --------------------------------------------------------------------

    def _suit_mates(self, side: int, t: Tile) -> frozenset:
        rules = (self.old, self.new)[side]
        if t.suit is None:
            return frozenset()
        mates = rules.alphabet.suit_tiles(t.suit)
        return frozenset(self.tid[side][m.index] for m in mates if m.index in self.tid[side])

    def tile_changes(self) -> list[RuleChange]:
        places = self.places
        grouped: dict[tuple, list] = {}
        for a, b in self.tile_pairs:
            if a is None or b is None:
                how, what = ("added", b.name) if a is None else ("removed", a.name)
            else:
                diffs = []
                if a.name != b.name:
                    diffs.append(f"{a.name} → {b.name}")
                if a.rank != b.rank or self._suit_mates(0, a) != self._suit_mates(1, b):
                    diffs.append(f"{b.name} now rank {b.rank}, suit {b.suit}")
                if a.identity != b.identity:
                    diffs.append(identity_change(b.name, a.identity, b.identity))
                if not diffs:
                    continue
                how, what = "changed", "; ".join(diffs)
            key = (
                how,
                places[0].tile(a.name) if a is not None else None,
                places[1].tile(b.name) if b is not None else None,
            )
            grouped.setdefault(key, []).append((what, a, b))
        return [
            RuleChange(
                "tiles",
                how,
                old,
                new,
                note=", ".join(w for w, _, _ in items),
                old_item=tuple(a for _, a, _ in items if a is not None),
                new_item=tuple(b for _, _, b in items if b is not None),
            )
            for (how, old, new), items in grouped.items()
        ]

    # ---- wild tiles and the indicator -------------------------------------------------

    def tile_class(self, side: int, c: TileClass | None) -> tuple | None:
        """A tile class as a value both sides can compare: its tiles on both
        sides, and the members that depend on the turned tile."""
        if c is None:
            return None
        tid = self.tid[side]
        return (frozenset(tid[i] for i in c.tiles if i in tid), c.dynamic)

    def wild_changes(self) -> list[RuleChange]:
        """``wild`` and ``proxy`` declarations only one side has, or that
        differ (paired by meaning, then by their wild tiles, then in order)."""
        sigs = [
            {
                id(w): (self.tile_class(side, w.tiles), self.tile_class(side, w.domain), w.proxy)
                for w in rules.wilds
            }
            for side, rules in enumerate((self.old, self.new))
        ]
        pairs = pair_up(
            self.old.wilds,
            self.new.wilds,
            lambda a, b: sigs[0][id(a)] == sigs[1][id(b)],
            lambda a, b: sigs[0][id(a)][0] == sigs[1][id(b)][0],
            lambda a, b: True,  # the rest in declaration order
        )
        out = []
        for a, b in pairs:
            if a is not None and b is not None and sigs[0][id(a)] == sigs[1][id(b)]:
                continue
            how = "added" if a is None else "removed" if b is None else "changed"
            out.append(
                RuleChange(
                    "wild tiles",
                    how,
                    self.places[0].declaration(a.span) if a else None,
                    self.places[1].declaration(b.span) if b else None,
                    old_item=a,
                    new_item=b,
                )
            )
        return out

    def indicator_changes(self) -> list[RuleChange]:
        """The ``indicator`` added, removed, or with other tiles to turn."""
        a, b = self.old.indicator, self.new.indicator
        if self.tile_class(0, a) == self.tile_class(1, b):
            return []
        how = "added" if a is None else "removed" if b is None else "changed"
        return [
            RuleChange(
                "indicator",
                how,
                self.places[0].declaration(self.old.indicator_span) if a else None,
                self.places[1].declaration(self.new.indicator_span) if b else None,
                note={
                    "added": "a hand starts with the turned tile and '|' (TURNED|HAND)",
                    "removed": "a hand has no turned tile",
                }.get(how, ""),
                old_item=a,
                new_item=b,
            )
        ]

    # ---- meld kinds -----------------------------------------------------------------

    def _melds(self, side: int, kind) -> frozenset:
        rules = (self.old, self.new)[side]
        tid = self.tid[side]
        return frozenset(
            tuple(tid[i] for i in inst)
            for inst in kind.instances(rules.alphabet)
            if all(i in tid for i in inst)
        )

    def _pair_kinds(self) -> list[tuple]:
        olds = list(self.old.kinds.values())
        news = list(self.new.kinds.values())
        sig_old = {k.name: self._melds(0, k) for k in olds}
        sig_new = {k.name: self._melds(1, k) for k in news}
        pairs = pair_up(
            olds,
            news,
            lambda a, b: sig_old[a.name] == sig_new[b.name],
            lambda a, b: a.name == b.name,
        )
        for n, (a, b) in enumerate(pairs):
            if a is not None:
                self.kid[0][a.name] = n
            if b is not None:
                self.kid[1][b.name] = n
        self.kind_sigs = (sig_old, sig_new)
        return pairs

    def kind_changes(self) -> list[RuleChange]:
        used = (
            {k for s in self.old.shapes for k in s.kinds},
            {k for s in self.new.shapes for k in s.kinds},
        )
        out = []
        for a, b in self.kind_pairs:
            if (a is None or a.name not in used[0]) and (b is None or b.name not in used[1]):
                continue
            if a is not None and b is not None:
                if self.kind_sigs[0][a.name] == self.kind_sigs[1][b.name]:
                    continue
                how = "changed"
            else:
                how = "added" if a is None else "removed"
            out.append(
                RuleChange(
                    "meld kind",
                    how,
                    self.places[0].declaration(a.span) if a else None,
                    self.places[1].declaration(b.span) if b else None,
                    old_item=a,
                    new_item=b,
                )
            )
        return out

    # ---- constraints and hand shapes -------------------------------------------------

    def sig(self, side: int, c: Constraint) -> tuple:
        """A constraint as a value both sides can compare."""
        kid = self.kid[side]
        tiles = self.tile_class(side, c.tiles)
        parts = frozenset(self.sig(side, p) for p in c.parts)
        kinds = frozenset(kid[k] for k in c.kinds)
        return (c.kind, c.op, c.value, kinds, tiles, parts, c.held)

    def slots(self, side: int, shape: Shape) -> frozenset:
        """A shape's slots as a value: {(kind ids, count)} with counts of
        equal kind sets summed."""
        merged: Counter = Counter()
        for count, kinds in shape.slots:
            merged[frozenset(self.kid[side][k] for k in kinds)] += count
        return frozenset(merged.items())

    def scoped(self, side: int) -> tuple[dict, dict]:
        """(constraints every shape carries, {shape name: its other
        constraints}), each as {sig: first Constraint with it}."""
        rules = (self.old, self.new)[side]
        every = {
            s.name: {self.sig(side, c): c for c in reversed(rules.where + s.where)}
            for s in rules.shapes
        }
        common_keys = set.intersection(*(set(v) for v in every.values())) if every else set()
        common: dict = {}
        for s in rules.shapes:
            for k, c in every[s.name].items():
                if k in common_keys:
                    common.setdefault(k, c)
        own = {n: {k: c for k, c in v.items() if k not in common_keys} for n, v in every.items()}
        return common, own

    def shape_changes(self) -> list[RuleChange]:
        (common0, own0), (common1, own1) = self.scoped(0), self.scoped(1)
        out = self.constraint_changes(common0, common1, "")
        sig0 = {s.name: (self.slots(0, s), frozenset(own0[s.name])) for s in self.old.shapes}
        sig1 = {s.name: (self.slots(1, s), frozenset(own1[s.name])) for s in self.new.shapes}
        pairs = pair_up(
            self.old.shapes,
            self.new.shapes,
            lambda a, b: sig0[a.name] == sig1[b.name],
            lambda a, b: a.name == b.name,
            lambda a, b: sig0[a.name][0] == sig1[b.name][0],
        )
        for a, b in pairs:
            if a is None or b is None:
                out.append(self.shape_change("added" if a is None else "removed", a, b))
                continue
            if sig0[a.name][0] != sig1[b.name][0]:
                out.append(self.shape_change("changed", a, b))
            out += self.constraint_changes(own0[a.name], own1[b.name], b.name)
        return out

    def shape_change(self, how: str, a: Shape | None, b: Shape | None) -> RuleChange:
        return RuleChange(
            "hand shape",
            how,
            self.places[0].declaration(a.span) if a else None,
            self.places[1].declaration(b.span) if b else None,
            old_item=a,
            new_item=b,
        )

    def constraint_changes(self, old: dict, new: dict, scope: str) -> list[RuleChange]:
        """Constraints of one scope (the win condition, or a pair of hand
        shapes) that only one side has; a removed and an added one about the
        same thing (kind, kinds counted, tiles) are one change."""
        removed = [(k, c) for k, c in old.items() if k not in new]
        added = [(k, c) for k, c in new.items() if k not in old]
        out = []
        for subject in (lambda k: (k[0], k[3], k[4], bool(k[5])), lambda k: k[0]):
            for ka, a in list(removed):
                match = next(((kb, b) for kb, b in added if subject(kb) == subject(ka)), None)
                if match is not None:
                    out.append(self.constraint_change("changed", a, match[1], scope))
                    removed.remove((ka, a))
                    added.remove(match)
        out += [self.constraint_change("removed", a, None, scope) for _, a in removed]
        out += [self.constraint_change("added", None, b, scope) for _, b in added]
        return sorted(out, key=lambda ch: (ch.old or ch.new).line)

    def constraint_change(self, how, a: Constraint | None, b: Constraint | None, scope):
        old = self.places[0].piece(a.span) if a else None
        new = self.places[1].piece(b.span) if b else None
        same_text = old is not None and new is not None and old.text == new.text
        return RuleChange(
            "constraint",
            how,
            old,
            new,
            scope=scope,
            note=(
                "the same words, other tiles or melds (a class or kind it names changed)"
                if same_text
                else ""
            ),
            old_item=a,
            new_item=b,
        )


def _pair_tiles(old: tuple[Tile, ...], new: tuple[Tile, ...]) -> list[tuple]:
    """(old tile | None, new tile | None) pairs: by identity where both know
    it, then by name; the pairs in the old side's order, one-sided tiles
    last."""
    pairs = pair_up(
        old,
        new,
        lambda a, b: a.identity is not None and a.identity == b.identity,
        lambda a, b: a.name == b.name,
    )
    both = sorted((p for p in pairs if None not in p), key=lambda p: p[0].index)
    return both + [p for p in pairs if None in p]


def pair_up(olds, news, *alike) -> list[tuple]:
    """Pairs (old, new): each old item with the first new item left that is
    ``alike[0]`` to it, then, among those left, ``alike[1]``, and so on;
    then (old, None) and (None, new) for the items left on each side."""
    olds, news = list(olds), list(news)
    pairs: list[tuple] = []
    for same in alike:
        for a in list(olds):
            b = next((b for b in news if same(a, b)), None)
            if b is not None:
                pairs.append((a, b))
                olds.remove(a)
                news.remove(b)
    return pairs + [(a, None) for a in olds] + [(None, b) for b in news]
