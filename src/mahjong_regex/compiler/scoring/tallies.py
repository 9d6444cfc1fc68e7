"""What a scoring pattern counts while it reads the melds: the tallies.

A scoring element's conditions on the split (:data:`~mahjong_regex.ruleset.
model.SPLIT_KINDS`, meld counts) are read off a few counts kept in flag
groups as the counted loop reads each meld (see :mod:`.scorebody`):

- ``count``: melds of some kinds (whose tiles are all of a class, with
  ``of``): ``count(pung | kong of dragon)``;
- ``lack``: melds holding no tile of a class (``every meld holds(X)`` is
  "no such meld");
- ``twins``: pairs of identical melds of some kinds, raised by a
  :class:`Pairing` (each meld is paired with an earlier identical one not
  yet paired, or kept in a free slot);
- ``sig``: a meld of some kinds in one suit at given ranks (``across``,
  ``chain``).

A tally keeps levels 1..``levels`` (level k set: at least k such melds);
it never goes past its top level.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...ruleset.model import Constraint, RuleSet

#: Most levels one tally keeps (a shape has at most 18 melds).
MAX_LEVELS = 18


@dataclass(frozen=True)
class Tally:
    """One count the scoring loop keeps (see the module docstring):
    ``what`` is ``count``, ``lack``, ``twins`` or ``sig``; ``kinds`` the
    meld kinds it counts, ``tiles`` the class (``count`` with ``of``,
    ``lack``), ``suit`` and ``ranks`` the place (``sig``)."""

    what: str
    kinds: frozenset[str] = frozenset()
    tiles: frozenset[int] | None = None
    suit: str | None = None
    ranks: tuple[int, ...] = ()

    def key(self) -> tuple:
        """A sort key that does not depend on hashing (sets print in any
        order), so that patterns come out the same on every run."""
        tiles = tuple(sorted(self.tiles)) if self.tiles is not None else ()
        return (self.what, tuple(sorted(self.kinds)), tiles, self.suit or "", self.ranks)

    def describe(self, rules: RuleSet) -> str:
        """What the tally counts, in DSL words (the outline's label)."""
        kinds = " | ".join(sorted(self.kinds))
        names = lambda tiles: " ".join(
            rules.alphabet.tiles[i].name for i in sorted(tiles)
        )  # noqa: E731
        if self.what == "count":
            return f"count({kinds}" + (f" of {{{names(self.tiles)}}})" if self.tiles else ")")
        if self.what == "lack":
            return f"melds holding none of {{{names(self.tiles)}}}"
        if self.what == "twins":
            return f"twins({kinds})"
        return f"{kinds} of {self.suit} at ranks {'-'.join(map(str, self.ranks))}"

    def counts(self, kind: str, inst: tuple[int, ...], rules: RuleSet) -> bool:
        """Does a meld of ``kind`` with tiles ``inst`` raise this tally
        (``twins`` is raised by its :class:`Pairing` instead)?"""
        if self.what == "lack":
            return not (set(inst) & self.tiles)
        if kind not in self.kinds:
            return False
        if self.what == "count":
            return self.tiles is None or set(inst) <= self.tiles
        if self.what == "sig":
            return signature(inst, rules) == (self.suit, self.ranks)
        return False


def signature(inst: tuple[int, ...], rules: RuleSet) -> tuple[str, tuple[int, ...]] | None:
    """(suit, sorted distinct ranks) of a meld of one suit, else None."""
    tiles = [rules.alphabet.tiles[i] for i in inst]
    if any(t.suit is None for t in tiles) or len({t.suit for t in tiles}) != 1:
        return None
    return tiles[0].suit, tuple(sorted({t.rank for t in tiles}))


def signatures(kinds, rules: RuleSet) -> dict[tuple[int, ...], set[str]]:
    """{ranks: the suits} of the one-suit melds of ``kinds``."""
    out: dict[tuple[int, ...], set[str]] = {}
    for k in sorted(kinds):
        for inst in rules.kinds[k].instances(rules.alphabet):
            sig = signature(inst, rules)
            if sig is not None:
                out.setdefault(sig[1], set()).add(sig[0])
    return out


def chains(kinds, n: int, rules: RuleSet) -> list[tuple[tuple[str, tuple[int, ...]], ...]]:
    """Every chain of ``n`` one-suit melds of ``kinds`` in one suit, each
    starting at the rank after the one before ends: a tuple of (suit,
    ranks) places."""
    nodes = sorted({(s, r) for r, suits in signatures(kinds, rules).items() for s in suits})
    out = []

    def extend(path):
        if len(path) == n:
            out.append(tuple(path))
            return
        suit, ranks = path[-1]
        for s, r in nodes:
            if s == suit and r[0] == ranks[-1] + 1:
                extend(path + [(s, r)])

    for node in nodes:
        extend([node])
    return out


@dataclass(frozen=True)
class Pairing:
    """How a scoring loop counts ``twins(kinds)``: each meld of these kinds
    with ``size`` tiles is compared with the earlier ones kept in ``slots``
    slots; an identical one not yet paired is paired with it (the twins
    tally rises), else it is kept in the first free slot.  Pairing greedily
    makes every tile sequence seen n times count n // 2 times."""

    kinds: frozenset[str]
    size: int
    slots: int


def needed(c: Constraint) -> int:
    """The levels a count compared by ``c`` must tell apart: n for ``>= n``,
    n + 1 for ``<= n`` and ``== n``."""
    return c.value + (1 if c.op in ("<=", "==") else 0)
