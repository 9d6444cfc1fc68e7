"""Drafts of winning hands for :mod:`.score_samples`: the slots of one hand
shape filled with melds so that a list of constraints can hold.

The constraints are read generically (see :mod:`.score_samples` for the
recipe): :func:`restrict` narrows the tiles, copies and counts a draft may
take, :func:`require` places the melds a constraint asks for, and
:func:`fill` fills the free slots, greedily where a tile quota is unmet.
Every step raises :class:`Unbuildable` when the draft cannot be completed.
"""

from __future__ import annotations

from collections import Counter

from ..ruleset.model import Constraint, Shape
from .samples import Chooser

Inst = tuple[int, ...]


class Unbuildable(Exception):
    """A draft that cannot be completed (the attempt is dropped)."""


class Draft:
    """One hand under construction: the free slots of its shape (each a
    tuple of meld kinds), the melds placed, the tiles allowed, the copies
    held and allowed, the classes every meld must hold, the quotas
    ([tiles, need]) and caps ((tiles, most)) on tiles, and the caps on meld
    counts ((kinds, within, most)).  ``kit`` is the rule set's
    :class:`~.score_samples.ScoreKit`."""

    def __init__(self, kit, shape: Shape, choose: Chooser):
        self.kit, self.shape, self.choose = kit, shape, choose
        self.free = [kinds for count, kinds in shape.slots for _ in range(count)]
        self.melds: list[tuple[str, Inst]] = []
        self.allowed = set(range(len(kit.tiles)))
        self.limit = [4] * len(kit.tiles)
        self.counts: Counter = Counter()
        self.hold: list[frozenset[int]] = []
        self.quotas: list[list] = []
        self.caps: list[tuple[frozenset[int], int]] = []
        self.meld_caps: list[tuple[frozenset[str], frozenset[int] | None, int]] = []
        self.static: dict[str, list[Inst]] = {}
        self.floor: dict[tuple[frozenset[int], tuple[str, ...]], int] = {}

    def settle(self) -> None:
        """Fix the instances each kind may take (allowed tiles, held classes)
        once the restrictions are read (the kit keeps them for the next
        draft with the same)."""
        key = (frozenset(self.allowed), tuple(self.hold))
        if key not in self.kit.static:
            self.kit.static[key] = {
                kind: [
                    i
                    for i in insts
                    if self.allowed.issuperset(i) and all(not h.isdisjoint(i) for h in self.hold)
                ]
                for kind, insts in self.kit.instances.items()
            }
        self.static = self.kit.static[key]
        self.floor = {}

    def least(self, tiles: frozenset[int], kinds: tuple[str, ...]) -> int:
        """The fewest tiles of ``tiles`` a free slot of ``kinds`` takes."""
        key = (tiles, kinds)
        if key not in self.floor:
            sizes = [sum(t in tiles for t in i) for k in kinds for i in self.static[k]]
            self.floor[key] = min(sizes, default=0)
        return self.floor[key]

    def fitter(self, slot: int, times: int = 1):
        """A test ``(kind, inst) -> bool``: may ``inst`` of ``kind`` go into
        free slot ``slot``, ``times`` times over, as the draft stands now
        (copies; caps, the other free slots' least counted; meld caps)?"""
        counts, limit, copies = self.counts, self.limit, self.kit.copies
        caps = []
        for tiles, most in self.caps:
            rest = sum(self.least(tiles, k) for j, k in enumerate(self.free) if j != slot)
            caps.append((tiles, most - rest - sum(counts[t] for t in tiles)))
        mcaps = [
            (ks, within, most - counted(self, ks, within)) for ks, within, most in self.meld_caps
        ]

        def ok(kind: str, inst: Inst) -> bool:
            for t, n in copies[inst]:
                if counts[t] + n * times > limit[t]:
                    return False
            for tiles, room in caps:
                if sum(t in tiles for t in inst) * times > room:
                    return False
            for ks, within, room in mcaps:
                if kind in ks and times > room and (within is None or within.issuperset(inst)):
                    return False
            return True

        return ok

    def fits(self, kind: str, inst: Inst, slot: int, times: int = 1) -> bool:
        """May ``inst`` of ``kind`` go into free slot ``slot`` (see
        :meth:`fitter`)?"""
        return self.fitter(slot, times)(kind, inst)

    def place(self, slot: int, kind: str, inst: Inst) -> None:
        """Put ``inst`` of ``kind`` into free slot ``slot``."""
        del self.free[slot]
        self.melds.append((kind, inst))
        self.counts.update(inst)

    def options(self, kinds, test=None, times: int = 1) -> dict[tuple[int, str], list[Inst]]:
        """{(free slot, kind): instances fitting now}, for the kinds of
        ``kinds`` (None: any) and the instances passing ``test``; one slot
        of each distinct kind tuple."""
        out: dict[tuple[int, str], list[Inst]] = {}
        seen = set()
        for slot, slot_kinds in enumerate(self.free):
            if slot_kinds in seen:
                continue
            seen.add(slot_kinds)
            if times > 1 and sum(k == slot_kinds for k in self.free) < times:
                continue
            ok = self.fitter(slot, times)
            for kind in slot_kinds:
                if kinds is not None and kind not in kinds:
                    continue
                cands = [i for i in self.static[kind] if (test is None or test(i)) and ok(kind, i)]
                if cands:
                    out[(slot, kind)] = cands
        return out

    def put(self, kinds, test=None, times: int = 1) -> Inst:
        """Place one instance of a kind of ``kinds`` passing ``test``,
        ``times`` times (in free slots of the same kinds); raises
        :class:`Unbuildable` when none fits."""
        opts = self.options(kinds, test, times)
        if not opts:
            raise Unbuildable("no meld fits")
        slot, kind = self.choose.element(sorted(opts))
        inst = self.choose.element(opts[(slot, kind)])
        slot_kinds = self.free[slot]
        for _ in range(times):
            self.place(self.free.index(slot_kinds), kind, inst)
        return inst

    def put_at(self, kind: str, inst: Inst) -> None:
        """Place ``inst`` of ``kind`` in some free slot taking ``kind``;
        raises :class:`Unbuildable` when none does or it does not fit."""
        for slot, kinds in enumerate(self.free):
            if kind in kinds and self.fits(kind, inst, slot):
                self.place(slot, kind, inst)
                return
        raise Unbuildable(f"no free slot takes this {kind}")

    def missing(self) -> list[list]:
        """The quotas not met yet."""
        return [q for q in self.quotas if sum(self.counts[t] for t in q[0]) < q[1]]


def leaves(c: Constraint, choose: Chooser) -> list[Constraint]:
    """The plain constraints of ``c``: every part of an ``all``, one drawn
    part of an ``any`` (``A or B``)."""
    if c.kind == "any":
        return leaves(choose.element(c.parts), choose)
    if c.kind == "all":
        return [x for p in c.parts for x in leaves(p, choose)]
    return [c]


def restrict(d: Draft, c: Constraint) -> None:
    """Read a constraint's limits into the draft: allowed tiles, copies,
    classes every meld holds, tile quotas and caps, meld-count caps."""
    tiles = frozenset(c.tiles.tiles) if c.tiles is not None else frozenset()
    if c.kind == "only":
        d.allowed &= tiles
    elif c.kind == "suit_count":
        restrict_suits(d, c)
    elif c.kind == "every_meld":
        d.hold.append(tiles)
    elif c.kind == "contains":
        d.quotas.append([tiles, 1])
    elif c.kind in ("each_tile", "tile_count"):
        each = c.kind == "each_tile"
        if c.op in ("<=", "=="):
            if each:
                for t in tiles:
                    d.limit[t] = min(d.limit[t], c.value)
            else:
                d.caps.append((tiles, c.value))
        if c.op in (">=", "==") and c.value > 0:
            d.quotas += [[frozenset({t}), c.value] for t in tiles] if each else [[tiles, c.value]]
    elif c.kind == "meld_count" and c.op in ("<=", "=="):
        within = frozenset(c.within.tiles) if c.within is not None else None
        d.meld_caps.append((c.kinds, within, c.value))


def restrict_suits(d: Draft, c: Constraint) -> None:
    """``suits OP n``: draw the suits the hand uses among those with allowed
    tiles; ``==`` and ``<=`` keep the tiles to them (and the unsuited),
    ``==`` and ``>=`` add a quota of one tile of each."""
    kit = d.kit
    available = [s for s, ts in kit.suit_tiles.items() if d.allowed & ts]
    if c.op == "<=":
        top = min(c.value, len(available))
        n = d.choose.integer(min(1, top), top)
    else:
        n = c.value
    if n > len(available):
        raise Unbuildable(f"fewer than {n} suits left")
    chosen = d.choose.permutation(available)[:n]
    if c.op in ("<=", "==") and n < len(available):
        keep = set(kit.unsuited).union(*(kit.suit_tiles[s] for s in chosen))
        d.allowed &= keep
    if c.op in (">=", "=="):
        d.quotas += [[kit.suit_tiles[s], 1] for s in chosen]


def counted(d: Draft, kinds, within) -> int:
    """Melds placed of ``kinds`` whose tiles are all ``within`` (None: any)."""
    return sum(k in kinds and (within is None or within.issuperset(i)) for k, i in d.melds)


def twins_placed(d: Draft, kinds) -> int:
    """Pairs of identical placed melds of ``kinds``."""
    return sum(n // 2 for n in Counter(i for k, i in d.melds if k in kinds).values())


def require(d: Draft, c: Constraint) -> None:
    """Place the melds a constraint asks for (what is placed already counts):
    ``count(K [of C]) >= n`` or ``== n``, ``twins``, ``across``, ``chain``."""
    if c.op not in (">=", "=="):
        return
    if c.kind == "meld_count":
        within = frozenset(c.within.tiles) if c.within is not None else None
        test = within.issuperset if within is not None else None
        for _ in range(c.value - counted(d, c.kinds, within)):
            d.put(c.kinds, test)
    elif c.kind == "twins":
        for _ in range(c.value - twins_placed(d, c.kinds)):
            put_twin(d, c.kinds)
    elif c.kind == "across":
        put_across(d, c.kinds, c.value)
    elif c.kind == "chain":
        put_chain(d, c.kinds, c.value)


def require_per(d: Draft, per: Constraint) -> None:
    """An element counted ``per`` melds (or twins): one to three of what it
    counts, the first one needed."""
    within = frozenset(per.within.tiles) if per.within is not None else None
    test = within.issuperset if within is not None else None
    for n in range(d.choose.integer(1, 3)):
        try:
            if per.kind == "twins":
                put_twin(d, per.kinds)
            else:
                d.put(per.kinds, test)
        except Unbuildable:
            if n == 0:
                raise


def by_signature(d: Draft, kinds) -> dict[tuple[str, tuple[int, ...]], tuple[str, Inst]]:
    """{(suit, ranks): (kind, instance)} of the allowed one-suit melds of
    ``kinds`` whose copies still fit."""
    out = {}
    for kind in sorted(kinds):
        slots = [j for j, ks in enumerate(d.free) if kind in ks]
        if not slots:
            continue
        ok = d.fitter(slots[0])
        for inst in d.static.get(kind, ()):
            sig = d.kit.signature(inst)
            if sig is not None and sig not in out and ok(kind, inst):
                out[sig] = (kind, inst)
    return out


def placed_signatures(d: Draft, kinds) -> set[tuple[str, tuple[int, ...]]]:
    """The (suit, ranks) of the placed one-suit melds of ``kinds``."""
    return {d.kit.signature(i) for k, i in d.melds if k in kinds} - {None}


def best_overlap(d: Draft, groups: list[list], have: set) -> list:
    """One of ``groups`` (lists of signatures) drawn among those holding
    the most placed signatures ``have``; raises :class:`Unbuildable` for
    none."""
    if not groups:
        raise Unbuildable("no melds make the group")
    most = max(sum(s in have for s in g) for g in groups)
    return d.choose.element([g for g in groups if sum(s in have for s in g) == most])


def put_across(d: Draft, kinds, n: int) -> None:
    """``across(K) >= n``: melds of one rank signature in ``n`` suits, the
    placed melds counted (one placed already is drawn first)."""
    sigs = by_signature(d, kinds)
    have = placed_signatures(d, kinds)
    suits: dict[tuple[int, ...], set[str]] = {}
    for suit, ranks in set(sigs) | have:
        suits.setdefault(ranks, set()).add(suit)
    groups = []
    for ranks, ss in sorted(suits.items()):
        placed = sorted(s for s in ss if (s, ranks) in have)
        more = d.choose.permutation(sorted(ss - set(placed)))
        if len(ss) >= n:
            groups.append([(s, ranks) for s in (placed + more)[:n]])
    for sig in best_overlap(d, groups, have):
        if sig not in have:
            d.put_at(*sigs[sig])


def put_chain(d: Draft, kinds, n: int) -> None:
    """``chain(K) >= n``: ``n`` melds of one suit, each starting at the rank
    after the last one's, the placed melds counted."""
    sigs = by_signature(d, kinds)
    have = placed_signatures(d, kinds)
    known = set(sigs) | have
    chains = []
    for suit, ranks in sorted(known):
        chain = [(suit, ranks)]
        while len(chain) < n:
            nxt = sorted(s for s in known if s[0] == suit and s[1][0] == chain[-1][1][-1] + 1)
            if not nxt:
                break
            chain.append(nxt[0])
        if len(chain) == n:
            chains.append(chain)
    for sig in best_overlap(d, chains, have):
        if sig not in have:
            d.put_at(*sigs[sig])


def put_twin(d: Draft, kinds) -> None:
    """One more pair of identical melds of ``kinds``: a copy of a placed
    meld that has none, when one fits, else a new meld written twice."""
    lone = sorted(m for m, n in Counter(d.melds).items() if m[0] in kinds and n % 2)
    for kind, inst in d.choose.permutation(lone):
        try:
            d.put_at(kind, inst)
            return
        except Unbuildable:
            continue
    d.put(kinds, times=2)


def fill(d: Draft) -> None:
    """Fill the free slots: at random, or while a quota is unmet with the
    melds covering most of what is missing (fewest tiles first under a
    cap).  Raises :class:`Unbuildable` when a slot has no fitting meld."""
    while d.free:
        opts = d.options(None)
        if not opts:
            raise Unbuildable("a free slot has no fitting meld")
        need = d.missing()
        if need:
            worth = coverage(d, need)
            cover = {
                key: [(worth(i), -len(i) if d.caps else 0, i) for i in insts]
                for key, insts in opts.items()
            }
            top = max(x[:2] for xs in cover.values() for x in xs)
            if top[0] > 0:
                opts = {k: [x[2] for x in xs if x[:2] == top] for k, xs in cover.items()}
                opts = {k: v for k, v in opts.items() if v}
        slot, kind = d.choose.element(sorted(opts))
        d.place(slot, kind, d.choose.element(opts[(slot, kind)]))


def coverage(d: Draft, need: list[list]):
    """A function ``inst -> int``: how much of the unmet quotas ``need``
    (of :meth:`Draft.missing`) the instance would meet."""
    single: dict[int, list[int]] = {}
    groups = []
    for tiles, n in need:
        short = n - sum(d.counts[t] for t in tiles)
        if len(tiles) == 1:
            single.setdefault(next(iter(tiles)), []).append(short)
        else:
            groups.append((tiles, short))
    copies = d.kit.copies

    def worth(inst: Inst) -> int:
        out = 0
        for t, c in copies[inst]:
            out += sum(min(k, c) for k in single.get(t, ()))
        for tiles, k in groups:
            out += min(k, sum(c for t, c in copies[inst] if t in tiles))
        return out

    return worth


#: The order :func:`build` places melds in: those needing several slots first.
PLACING = {"across": 0, "chain": 0, "twins": 1, "meld_count": 2}


def build(
    kit, choose: Chooser, shape: Shape, constraints, per: Constraint | None = None, pre=()
) -> Draft:
    """A draft of ``shape`` (a :class:`~mahjong_regex.ruleset.model.Shape`
    of ``kit.rules``) on which ``constraints`` (an iterable of
    :class:`~mahjong_regex.ruleset.model.Constraint`) can hold, with one to
    three of what ``per`` counts, holding the melds ``pre`` ((kind,
    instance) pairs, placed first).  ``kit`` is a
    :class:`~.score_samples.ScoreKit`.

    Raises :class:`Unbuildable` when this attempt cannot be completed
    (another attempt, with other choices, may be)."""
    d = Draft(kit, shape, choose)
    plain = [x for c in constraints for x in leaves(c, choose)]
    plain.sort(key=lambda c: c.kind != "only")
    for c in plain:
        restrict(d, c)
    d.settle()
    for kind, inst in pre:
        if not d.allowed.issuperset(inst):
            raise Unbuildable("a given meld holds a tile the constraints leave out")
        d.put_at(kind, inst)
    for c in sorted(plain, key=lambda c: PLACING.get(c.kind, 3)):
        require(d, c)
    if per is not None:
        require_per(d, per)
    fill(d)
    if d.missing():
        raise Unbuildable("a tile quota is unmet")
    return d
