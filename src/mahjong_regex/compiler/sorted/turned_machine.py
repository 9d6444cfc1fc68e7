"""The register machine of a rule set whose wild tiles the turned tile
chooses (天津's 混儿, the turned kind and the next): the hand is
``TURNED|SORTED-HAND``, and a wild kind sorts among the tiles that are not
wild, so no pointer into wild tiles at the end of the hand can count the
stand-ins (:mod:`.wild_machine`).  Instead:

- after the turned tile, a flag per tile that may be wild says that it is
  (one lookahead each, read from the turned tile);
- a wild tile's block reads every copy of it first, as wild: a copy that
  stands for itself is a stand-in like any other;
- a place of a meld takes a copy of its tile or, where none is left and
  the hand holds a wild tile, a stand-in, with no count kept;
- the meld counts make it exact: the melds' sizes add up to the hand's
  length only with as many stand-ins as wild tiles held, so the count
  checks are planned over every total a hand may reach with stand-ins
  (:func:`free_total_checks`), and must bound every kind.
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import RuleSet, successors
from .flag_ops import FlagOps
from .sorted_plan import Instance, PlanRefused, ShapePlan
from .tile_order import copies, skip_to, tile_lit, tiles_node, to_suffix
from .turned_counts import stand_for_runs, tracks
from .wild_machine import HELD, WildMachineWriter

#: The flag "the hand holds a wild tile" (no shape prefix starts with "o").
HOLDS_WILD = "ow"


class TurnedPool:
    """The wild tiles a turned tile may choose: ``sources`` {tile: the
    turned tiles that make it wild, or make it play the turned kind};
    ``domain`` the tiles they stand for (the same for every turned tile);
    ``most`` the most wild tiles a hand holds (the turned tile is a fourth
    copy of its kind); ``proxies`` {tile: the turned tiles whose kind it
    plays} (Wenzhou's 白; the machines refuse it for now, shapes of
    pairs and single tiles read it: :mod:`.turned_loose`)."""

    def __init__(self, rules: RuleSet):
        nexts = successors(rules.alphabet)
        self.sources: dict[int, set[int]] = {}
        self.proxies: dict[int, set[int]] = {}
        self.wild_sets: list[list[int]] = []
        doms = set()
        most = 0
        # --indicator fixes the turned tile: no turned tile in the hand.
        turneds = [rules.turned] if rules.indicator is None else sorted(rules.indicator.tiles)
        #: Per turned tile (``turneds``), the tiles wild or playing the turned kind.
        self.turneds = turneds
        for turned in turneds:
            wild: set[int] = set()
            playing: set[int] = set()
            for w in rules.wilds:
                if w.proxy:
                    playing |= _proxy_tiles(w, turned, nexts)
                    continue
                if w.domain.dynamic:
                    raise PlanRefused("wild", "a domain the turned tile chooses", w.span)
                wild |= w.tiles.resolve(turned, nexts)
                doms.add(w.domain.tiles)
            playing -= wild
            if playing and turned not in wild:
                span = next(w.span for w in rules.wilds if w.proxy)
                raise PlanRefused("proxy", "a tile that plays a turned kind not wild", span)
            for t in playing:
                self.proxies.setdefault(t, set()).add(turned)
            for t in wild | playing:
                self.sources.setdefault(t, set()).add(turned)
            self.wild_sets.append(sorted(wild | playing))
            most = max(most, sum(HELD - (t == turned) for t in wild | playing))
        if len(doms) > 1:
            raise PlanRefused(
                "wild", "wild tiles that stand for different tiles", rules.wilds[0].span
            )
        self.domain = frozenset(next(iter(doms), ()))
        self.tiles = sorted(self.sources)
        self.most = most
        #: The numbers of wild tiles held that get a :func:`holds` flag
        #: (set by the writers: the stand-ins of melds of stand-ins only).
        self.counts: set[int] = set()

    def flag(self, t: int) -> str:
        """The name of the flag "tile ``t`` is wild in this hand" (or plays
        the turned kind)."""
        return f"ov{t}"

    def proxy_flag(self, t: int) -> str:
        """The name of the flag "tile ``t`` plays the turned kind here"."""
        return f"op{t}"

    def is_wild(self, t: int, ops: FlagOps) -> ir.Node:
        """Matches (empty) where ``t`` is wild in this hand, standing for
        any tile of the domain (not playing the turned kind)."""
        if t in self.proxies:
            return ir.seq(ops.is_set(self.flag(t)), ops.not_set(self.proxy_flag(t)))
        return ops.is_set(self.flag(t))

    def is_tame(self, t: int, ops: FlagOps) -> ir.Node:
        """Matches (empty) where ``t`` is held as a tile (itself, or the
        turned kind it plays)."""
        if t in self.proxies:
            return ops.test(self.flag(t), ops.is_set(self.proxy_flag(t)), ir.EMPTY)
        return ops.not_set(self.flag(t)) if t in self.tiles else ir.EMPTY


def _proxy_tiles(w, turned: int, nexts) -> set[int]:
    """The tiles of ``proxy TILES for indicator`` (``--indicator`` fixed the
    domain to ``turned``); PlanRefused for a proxy of another tile."""
    if w.tiles.dynamic or w.domain.resolve(turned, nexts) != {turned}:
        raise PlanRefused("proxy", "a tile that plays another tile than the turned kind", w.span)
    return set(w.tiles.tiles)


def turned_prefix(rules: RuleSet, pool: TurnedPool, ops: FlagOps, guard: ir.Node) -> ir.Node:
    """From the start of the hand: the flags of the wild tiles, the turned
    tile and ``|`` (none with ``--indicator``, which fixes them), then
    ``guard`` (the hand's length: a hostile string fails before anything
    reads it twice), no more than three copies of the turned tile's kind
    held (it is the fourth), and the flags of how many wild tiles the hand
    holds (:func:`wild_counts`)."""
    if rules.indicator is None:
        # --indicator: the wild tiles are fixed, the turned tile a copy held.
        flags = [ops.set(pool.flag(t)) for t in pool.tiles]
        flags += [ops.set(pool.proxy_flag(t)) for t in pool.proxies]
        four = ir.seq(skip_to(rules, [rules.turned]), copies(rules, rules.turned, HELD))
        return ir.seq(guard, *flags, ir.Look(four, negate=True), wild_counts(rules, pool, ops))
    parts = []
    named = [(pool.flag(t), pool.sources[t]) for t in pool.tiles]
    named += [(pool.proxy_flag(t), turned) for t, turned in sorted(pool.proxies.items())]
    for name, turned in named:
        src = ir.seq(tiles_node(rules, sorted(turned)), ir.Lit("|"))
        parts.append(
            ir.alt(ir.seq(ir.Look(src), ops.set(name, ahead=True)), ir.Look(src, negate=True))
        )
    every = range(len(rules.alphabet.tiles))
    turned = ir.Capture("ot", tiles_node(rules, sorted(rules.indicator.tiles)))
    parts += [turned, ir.Lit("|"), guard]
    four = ir.seq(ir.Repeat(tiles_node(rules, every), 0, None, "lazy"), *[ir.Backref("ot")] * 4)
    parts.append(ir.Look(four, negate=True))
    parts.append(wild_counts(rules, pool, ops))
    return ir.seq(*parts)


def holds(k: int) -> str:
    """The name of the flag "the hand holds at least ``k`` wild tiles"."""
    return HOLDS_WILD if k <= 1 else f"oh{k}"


def wild_name(i: int) -> str:
    """The group holding the name of the ``i``-th wild kind held (0: the
    first in canonical order)."""
    return f"o{'abcdefg'[i]}"


def wild_counts(rules: RuleSet, pool: TurnedPool, ops: FlagOps) -> ir.Node:
    """Lookaheads that set :func:`holds` flags: the wild kinds held are
    captured in order, each with all its copies (a kind's copies stand
    side by side), and "at least k" reads their copies.  Each lookahead is
    an optional group, which a lookahead never gives up once matched: the
    flags are set where the hand holds the tiles, and only there."""
    wild = ir.alt(*(ir.seq(ops.is_set(pool.flag(t)), tile_lit(rules, t)) for t in pool.tiles))
    skip = skip_to(rules, pool.tiles)
    kinds = max((len(ts) for ts in pool.wild_sets), default=0)
    rest: ir.Node = ir.EMPTY
    for i in reversed(range(kinds)):
        name = ir.Backref(wild_name(i))
        run = [skip, ir.Capture(wild_name(i), wild), ir.Repeat(name, 0, None)]
        rest = ir.seq(
            *run, ir.Look(name, negate=True), ir.alt(rest, ir.EMPTY) if i < kinds - 1 else ir.EMPTY
        )
    parts = [ir.Look(ir.alt(ir.seq(rest, ops.set(holds(1))), ir.EMPTY))] if kinds else []

    def held(i: int, n: int) -> list[ir.Node]:
        # A backreference to a group never set fails, except in JavaScript.
        look = ir.Look(ir.seq(skip, ir.Repeat(ir.Backref(wild_name(i)), n, n)))
        return ([ops.is_set(wild_name(i))] if ops.flavor == "js" else []) + [look]

    for k in sorted(c for c in pool.counts if c > 1):
        ways = []
        for split in _splits(k, kinds):
            ways.append(ir.seq(*(node for i, n in enumerate(split) for node in held(i, n))))
        parts.append(ir.Look(ir.alt(ir.seq(ir.alt(*ways), ops.set(holds(k))), ir.EMPTY)))
    return ir.seq(*parts)


def _splits(k: int, kinds: int) -> list[tuple[int, ...]]:
    """The ways ``k`` wild tiles are held by the first kinds held, in
    order: each at least one, at most four."""
    if k == 0:
        return [()]
    if kinds == 0:
        return []
    return [(n, *rest) for n in range(1, min(k, HELD) + 1) for rest in _splits(k - n, kinds - 1)]


class TurnedMachineWriter(WildMachineWriter):
    """:class:`~.wild_machine.WildMachineWriter` for wild tiles chosen by
    the turned tile (the module docstring); ``checks``, the shape's count
    checks per hand length (:func:`~.turned_counts.free_total_checks`), are
    carried by countdowns (:class:`~.turned_counts.Track`)."""

    def __init__(self, rules: RuleSet, plan: ShapePlan, ops: FlagOps, prefix: str, pool, checks):
        self.tracks = tracks(checks, plan)
        # Kinds left out at a length stay guards; every other check is a countdown.
        plan.checks = {n: tuple(c for c in cs if c.op == "none") for n, cs in checks.items()}
        super().__init__(rules, plan, ops, prefix, pool)
        self.loose = self.loose and bool(pool.domain)  # no wild tiles: no stand-ins
        if self.loose or plan.floors or any(c is not None for c in plan.caps.values()):
            # Stand-ins are not counted tile by tile.
            raise PlanRefused(
                f"hand {plan.shape.name}",
                "a copy cap or floor on tiles stood for, with a wild tile the turned tile chooses",
                plan.shape.span,
            )
        counted = {k for tr in self.tracks for k in tr.kinds}
        if any(i.kind in counted for g in plan.guessed for i in g):
            raise PlanRefused(
                f"hand {plan.shape.name}",
                "a count of the one meld guessed, with a wild tile the turned tile chooses",
                plan.shape.span,
            )
        self.stand_for_runs = stand_for_runs(rules, plan, self.tracks, pool.domain)
        #: Does a wild tile's block read all its copies first, as wild?
        self.wild_read_first = True
        #: Per track, the name of its pointer here (in the pattern text).
        self.now = [f"{prefix}d{c}" for c in range(len(self.tracks))]
        # A track whose start depends on the length reads the length's flag.
        if any(len(set(tr.start.values())) > 1 for tr in self.tracks):
            self.flagged_lengths = sorted(set(self.flagged_lengths) | set(plan.lengths[:-1]))

    def body(self, lookaheads: list[ir.Node]) -> ir.Node:
        """The shape from after the turned tile to the end of the hand:
        length, lookaheads, the countdowns' starts, the guessed melds, the
        melds of stand-ins only, the blocks, the countdowns' ends."""
        plan = self.plan
        if not plan.lengths:
            return ir.NEVER
        window = self.lengths_node(plan.lengths) if plan.lengths != self.all_lengths else ir.EMPTY
        parts = [window, *lookaheads, self.length_flags(), *self.start_flags()]
        parts += [self.start_countdown(c) for c in range(len(self.tracks))]
        self.inline, self.taken, self.pending = set(), {}, {}
        parts += [self.guess(g, grp) for g, grp in enumerate(plan.guessed)]
        parts.append(self.stand_in_melds())
        parts += [self.block(t) for t in plan.blocks]
        # At the end first: a countdown's pointer read there is empty only
        # where the hand ends (a tile no block reads would match its text).
        parts += [self.end_checks(), ir.End(), *self.end_countdowns(), *self.end_flags()]
        return ir.seq(*parts, label=f"line {plan.shape.span.line}: hand {plan.shape.name}")

    def start_flags(self) -> list[ir.Node]:
        """Flags set before the melds (none; see :mod:`.turned_union`)."""
        return []

    def end_flags(self) -> list[ir.Node]:
        """Flags read at the end (none; see :mod:`.turned_union`)."""
        return []

    def note_meld(self, kind: str, inst: Instance | None, flag: str) -> None:
        """A meld of ``kind`` (tiles ``inst``; None: of stand-ins only) sets ``flag``."""

    def stand_in_ways(self, kind: str, size: int, flag: str) -> list[ir.Node]:
        """The ways of a meld of stand-ins only of ``kind`` (one, here)."""
        return [ir.EMPTY]

    def guess(self, g: int, group: list[Instance]) -> ir.Node:
        """The guessed meld: one whose tiles each have a copy in the hand
        (each block takes one before any stand-in), or one of stand-ins
        only."""
        ways = []
        for inst in group:
            if self.banned([inst.kind]):
                continue
            find = [ir.seq(skip_to(self.rules, [t]), tile_lit(self.rules, t)) for t in inst.tiles]
            # A wild tile's copies are all wild: its meld is of stand-ins only.
            tame = [
                self.ops.not_set(self.pool.flag(t))
                for t in inst.tiles
                if t in self.pool.tiles and self.wild_read_first
            ]
            flag = self.guess_ids[inst]
            there = ir.seq(*tame, ir.Look(ir.seq(*find)), self.guard([inst.kind]))
            self.note_meld(inst.kind, inst, flag)
            ways.append(ir.seq(there, self.ops.set(flag, ahead=True)))
        for kind in sorted({i.kind for i in group}):
            if not self.banned([kind]):
                # Of stand-ins only: nothing reads which, it takes no tile.
                size = self.plan.sizes[kind]
                self.pool.counts.add(size)
                held = ir.seq(self.ops.is_set(holds(size)), self.guard([kind]))
                flag = f"{self.p}g{g}u{self.kind_ids[kind]}"
                self.note_meld(kind, None, flag)
                chosen = ir.alt(*self.stand_in_ways(kind, size, flag))
                ways.append(ir.seq(held, chosen, self.ops.set(flag, ahead=True)))
        return ir.alt(*ways)

    # --- runs ---

    def lean(self, run: Instance) -> bool:
        """May a run of three hold two tiles of its own at least?  Where a
        same-meld kind of three (:attr:`stand_for_runs`) takes its place,
        a run of one tile and two stand-ins is a same-meld of that tile
        and two stand-ins, to every check."""
        return run.kind in self.stand_for_runs and len(run.tiles) == 3 and run.mult == (1, 1, 1)

    def follows(self, run: Instance) -> bool:
        """Is there a run of its kind one tile on (two of its tiles, and a
        stand-in for the next)?  Then its head is never a stand-in."""
        return any(i.kind == run.kind and i.tiles[:2] == run.tiles[1:] for i in self.plan.levels)

    def take_head(self, t: int, run: Instance, level: int) -> ir.Node:
        """The first place of run ``run``: a copy, or (the last run of its
        tiles) a stand-in, then the two others hold copies."""
        if not self.lean(run):
            return super().take_head(t, run, level)
        if self.follows(run):
            return tile_lit(self.rules, t)
        return self.place(t, self.ops.set(self.virtual(run, level, 0)))

    def take_owed(self, t: int, run: Instance, level: int) -> ir.Node:
        """A later place of run ``run``: a copy where the head or the
        middle took a stand-in, else a copy or a stand-in."""
        if not self.lean(run):
            return super().take_owed(t, run, level)
        lit = tile_lit(self.rules, t)
        middle = f"{self.run_flag(run, level)}b"
        head = None if self.follows(run) else self.virtual(run, level, 0)
        if run.tiles.index(t) == 1:
            node = self.place(t, self.ops.set(middle))
        else:
            node = self.ops.test(middle, lit, self.place(t))
        return node if head is None else self.ops.test(head, lit, node)

    # --- places ---

    def take(self, t: int, n: int) -> ir.Node:
        """``n`` places of one meld of ``t``: a copy, then copies while they
        last and stand-ins after (so a stand-in at place i means n - i of
        them: so many wild tiles must be held)."""
        if n == 0:
            return ir.EMPTY
        lit = tile_lit(self.rules, t)
        return ir.seq(lit, *(self.place(t, need=n - i) for i in range(1, n)))

    def place(self, t: int, then: ir.Node = ir.EMPTY, need: int = 1) -> ir.Node:
        """A copy of ``t``, else (none left, at least ``need`` wild tiles
        held: the stand-ins this meld takes from here on) a stand-in."""
        lit = tile_lit(self.rules, t)
        if t not in self.pool.domain:
            return lit
        self.pool.counts.add(need)
        stand = ir.seq(self.ops.is_set(holds(need)), then)
        if self.ops.atomic:
            return ir.Atomic(ir.alt(lit, stand))
        return ir.alt(lit, ir.seq(ir.Look(lit, negate=True), stand))

    def absent_fast(self, t: int) -> bool:
        """Never: every block sets the countdowns' pointers that later
        blocks read (a tile no wild tile stands for too)."""
        return False

    def block_head(self, t: int) -> list[ir.Node]:
        """Where ``t`` is wild here, all its copies, read as wild."""
        if t not in self.pool.tiles or not self.wild_read_first:
            return []  # no copy caps (refused above)
        lit = tile_lit(self.rules, t)
        wild = ir.seq(ir.Repeat(lit, 0, None), ir.Look(lit, negate=True))
        return [self.ops.when(self.pool.flag(t), wild)]

    def block_end(self, t: int) -> list[ir.Node]:
        """No copy left (the countdowns count the stand-ins)."""
        return [ir.Look(tile_lit(self.rules, t), negate=True)]

    # --- melds ---

    def optional(
        self, t: int, size: int, kind: str, names: list[str], run: Instance | None = None
    ) -> ir.Node:
        """Up to ``len(names)`` melds of ``kind`` (``optional`` of the
        register machine), each counted down before its first copy (a
        same-meld's after a lookahead for it), then the pointers picked. A
        flag is set ``behind`` after ``TURNED|`` only: a hand with its turned
        tile fixed may start with stand-ins, and nothing precedes them."""

        def copies_(m: int) -> tuple[ir.Node, ir.Node]:
            if run is None:
                first = ir.Look(tile_lit(self.rules, t)) if m == 1 else ir.EMPTY
                return first, self.take(t, size)
            return ir.EMPTY, self.take_head(t, run, m)

        self.note_meld(kind, run or Instance(kind, (t,), (size,)), names[0])
        return self.counted_down(kind, names, copies_, self.rules.indicator is not None)

    def counted_down(self, kind: str, names: list[str], meld, behind: bool = False) -> ir.Node:
        """Up to ``len(names)`` melds of ``kind``, nested ``(?:…|)``: the
        m-th is ``meld(m)`` = (what comes before its count-down, its tiles
        after it), then sets flag ``names[m - 1]``; then each countdown's
        pointer picked by how many were made (:meth:`pick`)."""
        counted = [c for c, tr in enumerate(self.tracks) if kind in tr.kinds]
        pointers = {c: [f"{n}d{c}" for n in names] for c in counted}
        node: ir.Node = ir.EMPTY
        for m in range(len(names), 0, -1):
            before, tiles = meld(m)
            downs = [
                self.count_down(
                    c, self.now[c] if m == 1 else pointers[c][m - 2], pointers[c][m - 1]
                )
                for c in counted
            ]
            # After its tiles (``behind``), JavaScript captures the last one
            # read: a run's stand-ins may end the hand, so none may follow.
            flag = self.ops.set(names[m - 1], behind=behind)
            node = ir.alt(ir.seq(before, *downs, tiles, self.guard([kind]), flag, node), ir.EMPTY)
        return ir.seq(node, *(self.pick(c, names, pointers[c]) for c in counted))

    def stand_in_melds(self) -> ir.Node:
        """The melds of stand-ins only (their wild tiles were read in their
        blocks): flags, counted down before the first block, where every
        countdown still has the whole hand ahead.  Not of a run kind a
        same-meld stands for (:meth:`lean`): three stand-ins make either."""
        parts = []
        for kind in sorted(self.plan.free):
            size = self.plan.sizes[kind]
            most = min(self.room(kind), self.pool.most // size)
            if most and not self.banned([kind]) and kind not in self.stand_for_runs:
                names = [f"{self.p}u{self.kind_ids[kind]}m{m}" for m in range(1, most + 1)]
                self.pool.counts.update(m * size for m in range(1, most + 1))
                for name in names:
                    self.note_meld(kind, None, name)

                def held(m: int, kind=kind, size=size, names=names) -> tuple[ir.Node, ir.Node]:
                    ways = self.stand_in_ways(kind, size, names[m - 1])
                    return ir.seq(self.ops.is_set(holds(m * size)), ir.alt(*ways)), ir.EMPTY

                parts.append(self.counted_down(kind, names, held))
        return ir.seq(*parts)

    # --- countdowns ---

    def off_flag(self, c: int) -> str:
        """The flag "track ``c`` counts nothing at this hand's length"."""
        return f"{self.p}x{c}"

    def start_countdown(self, c: int) -> ir.Node:
        """Track ``c``'s pointer: the last ``start[n]`` characters of the
        hand of ``n`` tiles (the whole hand where ``start[n]`` is None)."""
        track = self.tracks[c]
        dot = ir.AnyChar()
        chosen: ir.Node | None = None
        for n in reversed(self.plan.lengths):
            most = track.start[n] or 0  # counting nothing: empty, never read
            here = ir.Repeat(dot, most, most)
            chosen = here if chosen is None else self.ops.test(self.length_flag(n), here, chosen)
        start = ir.Look(ir.seq(to_suffix(), ir.Capture(self.now[c], chosen), ir.End()))
        if not track.off:
            return start
        off = self.lengths_node(track.off)
        flag = ir.alt(ir.seq(off, self.ops.set(self.off_flag(c))), ir.Look(off, negate=True))
        return ir.seq(flag, start)

    def count_down(self, c: int, old: str, new: str) -> ir.Node:
        """Pointer ``new`` of track ``c``: pointer ``old`` less its first
        character (fails where ``old`` is empty: no more melds of its
        kinds)."""
        at = ir.Look(ir.seq(ir.Backref(old), ir.End()))
        rest = ir.Capture(new, ir.Repeat(ir.AnyChar(), 0, None))
        step = ir.seq(at, ir.AnyChar())
        if self.tracks[c].off:
            # Counting nothing at this length: the pointer stays empty.
            step = self.ops.test(self.off_flag(c), ir.Look(ir.End()), step)
        return ir.Look(ir.seq(to_suffix(), step, rest, ir.End()))

    def pick(self, c: int, flags: list[str], pointers: list[str]) -> ir.Node:
        """After nested melds whose m-th set ``flags[m - 1]`` and pointer
        ``pointers[m - 1]`` of track ``c``: the pointer of the last made
        (the one before them where none was), as track ``c``'s now."""
        chosen: ir.Node = ir.Backref(pointers[-1])
        for m in range(len(flags) - 1, 0, -1):
            chosen = self.ops.test(flags[m], chosen, ir.Backref(pointers[m - 1]))
        chosen = self.ops.test(flags[0], chosen, ir.Backref(self.now[c]))
        new = f"{flags[0]}j{c}"
        self.now[c] = new
        return ir.Look(ir.seq(to_suffix(), ir.Capture(new, chosen), ir.End()))

    def end_countdowns(self) -> list[ir.Node]:
        """At the end of the hand, each track empty where it counts (a
        backreference matching at the end: only an empty one does)."""
        out = []
        for c, track in enumerate(self.tracks):
            if not track.off:
                out.append(ir.Backref(self.now[c]))
            else:
                counted = [n for n in self.plan.lengths if n not in track.off]
                other = ir.Look(self.lengths_node(counted), negate=True)
                out.append(ir.alt(other, ir.Backref(self.now[c])))
        return out
