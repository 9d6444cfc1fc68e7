"""The search for hands that changed verdict, and their shrinking.

:func:`search` tries ``budget`` distinct strings, in batches, on both sides:
hands near the boundary of each side that is a rule set, hands built to win
one of its shapes, hands aimed at each rule change, and mutations of the winning hands either side has shown so far
(with white space and second lines around them where a side is a pattern).
Every string the two sides decide differently is a witness; witnesses are
grouped by direction and by each side's reason (:meth:`cause`).

The first witness of each group is then shrunk toward the nearest hand the
rejecting side wins: one tile at a time (changed, dropped or added, along an
edit script to that hand), as long as the witness stays in its group.  What
is left differs from a hand the other side wins as little as the search
could make it, so it shows what the change did.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterator

from ..hands.candidates import Mutator, RuleHands, Tokens
from ..hands.sorted_hands import sorted_boundary
from .rule_change import RuleChange
from .sides import Side

#: Strings decided per batch.
BATCH = 500
#: Winning hands kept per side, for mutations and as shrink targets.
POOL = 1000
#: Witnesses kept per group.
KEEP = 5
#: Hands aimed at the rule changes per round of the generators (where a
#: round also gives two hands per rule set and two mutations).
AIMED = 4
#: Shrink targets aligned with a witness (the nearest by tiles held).
NEAREST = 20


@dataclass(frozen=True)
class Witness:
    """A string the two sides decide differently.

    ``hand`` the string; ``old_wins`` which side wins it; ``old_why`` and
    ``new_why`` each side's explanation; ``toward`` the winning hand of the
    rejecting side it was shrunk toward (None when that side won none);
    ``alike`` how many witnesses of its group the search found."""

    hand: str
    old_wins: bool
    old_why: str
    new_why: str
    toward: str | None
    alike: int


@dataclass(frozen=True)
class Found:
    """What :func:`search` found: ``witnesses`` (one per group, shrunk),
    ``tried`` (strings decided by both sides, shrinking left out),
    ``groups`` ({group key: the witnesses found, at most :data:`KEEP`}),
    ``generators`` (where the strings came from, in words) and ``seed``
    (the search's random seed: the same seed tries the same strings)."""

    witnesses: tuple[Witness, ...]
    tried: int
    groups: dict
    generators: tuple[str, ...] = ()
    seed: int = 0


def search(
    old: Side,
    new: Side,
    changes: list[RuleChange],
    budget: int,
    seed: int = 0,
    shrunk: int | None = None,
    normal: Callable[[str], str] | None = None,
) -> Found:
    """Decide ``budget`` distinct candidate strings on both sides and shrink
    one witness per group (see the module docstring); with ``shrunk`` (int),
    only that many groups per direction, those found most first (shrinking
    is the slow part: a report shows at most ``--limit`` of them).
    ``normal``, when given, rewrites every string before it is decided (for
    sorted input: into canonical order, :mod:`.sorted_sides`), and the
    search adds sorted hands near each rule set's boundary.

    Hands are built from each side's rule set, and from the hand space
    (``space``) of a pattern side that has one.  Raises ValueError when
    neither gives a rule set (nothing to build hands from); an engine's
    :class:`~mahjong_regex.engines.EngineError` passes through."""
    sides = (old, new)
    plan = _Plan(sides, _makers(sides, seed), changes, seed, normal)
    groups: dict[tuple, list[str]] = {}
    counts: dict[tuple, int] = {}
    tried = 0
    while tried < budget:
        batch = plan.batch(min(BATCH, budget - tried))
        if not batch:
            break
        tried += len(batch)
        for hand, a, b in zip(batch, old.decide(batch), new.decide(batch)):
            plan.won(hand, a, b)
            if a != b:
                key = group(old, new, hand, a)
                counts[key] = counts.get(key, 0) + 1
                if len(groups.setdefault(key, [])) < KEEP:
                    groups[key].append(hand)
    witnesses = []
    rank: dict[tuple, int] = {}
    for key in sorted(groups, key=lambda k: -counts[k]):  # stable: ties keep search order
        rank[key] = sum(k[0] == key[0] for k in rank)
    for key, hands in groups.items():
        a = key[0] == "old"
        hand, toward = hands[0], None
        if shrunk is None or rank[key] < shrunk:
            targets = plan.winners[1 if a else 0]
            hand, toward = shrink(old, new, hand, key, targets, plan.tokens, plan.normal)
        witnesses.append(Witness(hand, a, old.why(hand), new.why(hand), toward, counts[key]))
    return Found(tuple(witnesses), tried, groups, plan.describe(), seed)


def _makers(sides, seed: int) -> list[RuleHands]:
    """The hand makers of each side's rule set, and of a pattern side's hand
    space (``--rules``) not made already.  Raises ValueError when there is
    none."""
    makers = [RuleHands(s.rules, seed + i) for i, s in enumerate(sides) if s.rules is not None]
    known = {m.rules.source_hash for m in makers}
    for i, s in enumerate(sides):
        space = getattr(s, "space", None)  # a pattern's hand space (--rules)
        if s.rules is None and space is not None and space.source_hash not in known:
            known.add(space.source_hash)
            makers.append(RuleHands(space, seed + i))
    if not makers:
        raise ValueError(
            "a diff needs a rule set on at least one side, to build hands from; to compare "
            "two patterns, give the hands' rule set: --pattern OLD --flavor F --rules R NEW, "
            "or diff each pattern against R"
        )
    return makers


def group(old: Side, new: Side, hand: str, old_wins: bool) -> tuple:
    """A witness's group: which side wins it and each side's reason."""
    return ("old" if old_wins else "new", old.cause(hand), new.cause(hand))


class _Plan:
    """Where the next candidates come from: a round over the generators,
    strings never tried before only."""

    def __init__(self, sides, makers: list[RuleHands], changes, seed: int, normal=None):
        self.sides = sides
        self.sorted = normal is not None
        self.normal = normal or (lambda hand: hand)
        self.makers = makers
        self.rng = random.Random(seed ^ 0x5EED)
        instances = {f"{i}/{k}": v for i, m in enumerate(makers) for k, v in m.instances.items()}
        self.tokens = Tokens([n for m in makers for n in m.names])
        self.mutator = Mutator(self.tokens, instances, self.rng)
        self.aims = []
        for i, s in enumerate(sides):
            maker = next((m for m in makers if m.rules is s.rules), None)
            if maker is not None:
                self.aims += change_aims(maker, changes, i)
        self.patterns = any(s.rules is None for s in sides)
        self.winners: tuple[list[str], list[str]] = ([], [])
        self.splits: dict[str, tuple] = {}
        self.pending: list[str] = []
        self.seen: set[str] = set()

    def describe(self) -> tuple[str, ...]:
        """The generators of this plan, in words, in the order of a round."""
        out = ["every hand written in canonical order (sorted input)"] if self.sorted else []
        if self.patterns:
            out.append("white space and second lines around a pattern's winning hands")
        for maker in self.makers:
            mine = (
                s.rules if s.rules is not None else getattr(s, "space", None) for s in self.sides
            )
            side = "/".join(n for n, r in zip(("old", "new"), mine) if r is maker.rules)
            name = f"{side or 'the hand space'} ({maker.rules.name})"
            out += [f"near the boundary of {name}", f"built to win a shape of {name}"]
            if self.sorted:
                out.append(f"sorted hands near the boundary of {name}")
        if self.aims:
            ways = len(self.aims)
            out.append(f"aimed at the rule changes ({ways} way{'s' * (ways > 1)})")
        out.append("mutations of either side's winning hands")
        return tuple(out)

    def won(self, hand: str, a: bool, b: bool) -> None:
        """Note a decided string: a winner joins its side's pool."""
        for side, wins in enumerate((a, b)):
            if wins and len(self.winners[side]) < POOL:
                self.winners[side].append(hand)
                if self.patterns and len(self.winners[side]) <= POOL // 10:
                    self.pending += Mutator.around(hand)
                s = self.sides[side]
                if s.rules is not None:
                    self.splits[hand] = s.split(hand)

    def candidates(self) -> Iterator[str]:
        """An endless round over the generators."""
        rng = self.rng
        while True:
            while self.pending:
                yield self.pending.pop()
            for maker in self.makers:
                yield maker.boundary()
                yield maker.winning()
                if self.sorted:
                    yield sorted_boundary(maker.rules, maker.chooser, maker.instances)
            for _ in range(AIMED if self.aims else 0):
                yield rng.choice(self.aims)()
            for pool in self.winners:
                if pool:
                    hand = rng.choice(pool)
                    yield self.mutator.mutate(hand, self.splits.get(hand))

    def batch(self, n: int) -> list[str]:
        """Up to ``n`` strings not tried before (fewer when the generators
        keep repeating themselves)."""
        out: list[str] = []
        misses = 0
        for hand in map(self.normal, self.candidates()):
            if len(out) == n or misses > 20 * n:
                break
            if hand in self.seen:
                misses += 1
                continue
            self.seen.add(hand)
            out.append(hand)
        return out


def align(source: list[str], target: list[str]) -> list[tuple[str | None, str | None]]:
    """A least-edits alignment of two token lists: pairs (source token or
    None, target token or None), in order."""
    n, m = len(source), len(target)
    dist = [[i + j if i == 0 or j == 0 else 0 for j in range(m + 1)] for i in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            same = source[i - 1] == target[j - 1]
            dist[i][j] = min(
                dist[i - 1][j] + 1, dist[i][j - 1] + 1, dist[i - 1][j - 1] + (not same)
            )
    out: list[tuple[str | None, str | None]] = []
    i, j = n, m
    while i > 0 or j > 0:
        if i and j and dist[i][j] == dist[i - 1][j - 1] + (source[i - 1] != target[j - 1]):
            out.append((source[i - 1], target[j - 1]))
            i, j = i - 1, j - 1
        elif i and dist[i][j] == dist[i - 1][j] + 1:
            out.append((source[i - 1], None))
            i -= 1
        else:
            out.append((None, target[j - 1]))
            j -= 1
    return out[::-1]


def _apart(a: Counter, b: Counter) -> int:
    """How many tiles two hands do not share."""
    return sum(((a - b) + (b - a)).values())


def _between(pairs, kept: tuple[int, ...]) -> str:
    """The string with the source side of the differing pairs in ``kept``
    and the target side everywhere else."""
    return "".join((a if k in kept else b) or "" for k, (a, b) in enumerate(pairs))


def shrink(
    old: Side,
    new: Side,
    hand: str,
    key: tuple,
    targets: list[str],
    tokens: Tokens,
    normal: Callable[[str], str] = lambda hand: hand,
) -> tuple[str, str | None]:
    """``hand`` moved toward the nearest of ``targets`` (winning hands of
    the side that rejects it), staying in group ``key``: of the places where
    the two differ, as many as possible -- one to four neighbouring places
    at a time -- take the target's tiles, each string tried rewritten by
    ``normal`` (sorted input: into canonical order).  Returns (the shrunk
    witness, the target); the target is None when there is none."""
    if not targets:
        return hand, None
    source = tokens(hand)
    have = Counter(source)
    split = {t: tokens(t) for t in targets}
    # The few targets nearest by tiles held, then the nearest by edits.
    near = sorted(targets, key=lambda t: (_apart(have, Counter(split[t])), t))[:NEAREST]
    aligned = {t: align(source, split[t]) for t in near}
    target = min(near, key=lambda t: (sum(a != b for a, b in aligned[t]), t))
    pairs = aligned[target]
    kept = tuple(k for k, (a, b) in enumerate(pairs) if a != b)
    while kept:
        tries = {}
        for size in (4, 3, 2, 1):
            for i in range(len(kept) - size + 1):
                fewer = kept[:i] + kept[i + size :]
                tries.setdefault(normal(_between(pairs, fewer)), fewer)
        steps = list(tries)
        wins_old, wins_new = old.decide(steps), new.decide(steps)
        keep = next(
            (
                s
                for s, a, b in zip(steps, wins_old, wins_new)
                if a != b and group(old, new, s, a) == key
            ),
            None,
        )
        if keep is None:
            break
        kept = tries[keep]
    return normal(_between(pairs, kept)), target


def change_aims(maker: RuleHands, changes: list[RuleChange], side: int) -> list[Callable[[], str]]:
    """Hand makers of ``maker`` (a side's rule set) aimed at each change
    this side (0 old, 1 new) has."""
    out: list[Callable[[], str]] = []
    for ch in changes:
        item = (ch.old_item, ch.new_item)[side]
        if not item:
            continue
        if ch.what == "constraint":
            out += maker.constraint_aims(item)
        elif ch.what == "meld kind":
            out.append(maker.counted(frozenset({item.name}), None))
            counts = [c for c in maker.meld_counts(None) if item.name in c.kinds]
            out += [maker.counted(c.kinds, c.value) for c in counts]
        elif ch.what == "hand shape":
            other = (ch.new_item, ch.old_item)[side]
            extra = frozenset(item.kinds) - frozenset(other.kinds if other else ())
            out += [lambda s=item: maker.fill(s), lambda s=item: maker.winning(s)]
            out += [
                maker.counted(c.kinds, c.value, item, extra & c.kinds)
                for c in maker.meld_counts(item)
            ]
        elif ch.what == "tiles":
            names = {t.name for t in item}
            out.append(maker.kept(lambda m, n=names: any(t in n for t in m)))
        elif ch.what in ("wild tiles", "indicator"):
            out.append(maker.boundary)  # hands with wild tiles, see near_boundary
    return out
