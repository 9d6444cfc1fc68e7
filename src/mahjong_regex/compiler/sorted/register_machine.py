"""One hand shape as a register machine over sorted input (flavors with
lookaround and flags).

The hand is read one block per tile, in canonical order; a block reads all
copies of its tile and nothing else (so a hand out of order never matches):

1. at most ``cap`` copies, at least ``floor`` (the ``each`` rules);
2. the guessed meld, when it holds this tile (its flag was set up front);
3. one copy for each run started on an earlier tile that holds this one
   (their flags, one per run, set where they started);
4. one way of reading the rest: same-melds of this tile and runs starting
   at it (:class:`~.sorted_plan.Option`), setting the flags later blocks read;
5. no copy left: ``(?!TILE)``.

Meld counts are checked as :mod:`.count_checks` planned them, per hand
length: kinds left out (a guard on a length flag), flags read at the end
("some kong"), and counters carried from block to block.
"""

from __future__ import annotations

from ... import ir
from ...ruleset.model import RuleSet
from .flag_ops import FlagOps
from .machine_counts import CountChecks
from .residues import PairPlace, components, residue_lengths
from .sorted_plan import Instance, ShapePlan
from .tile_order import canonical_tiles, copies, skip_to, tile_lit, tiles_node


class MachineWriter(CountChecks, PairPlace):
    """Writes one shape's machine (:meth:`body`) with flag names starting
    with ``prefix`` (letters), in one flavor's flags (``ops``)."""

    def __init__(self, rules: RuleSet, plan: ShapePlan, ops: FlagOps, prefix: str):
        self.rules, self.plan, self.ops, self.p = rules, plan, ops, prefix
        #: The lengths the whole pattern's first lookahead allows.
        self.all_lengths: list[int] | None = None
        self.utf16 = ops.flavor == "dotnet"
        #: Does a guess look for its tiles first (not where wild tiles may
        #: stand in)?
        self.check_guesses = True
        self.run_ids = {inst: i for i, inst in enumerate(plan.levels)}
        self.parts = components(plan)
        self.order = canonical_tiles(rules)
        self.residue_lengths = residue_lengths(plan)
        self.kind_ids = {k: i for i, k in enumerate(sorted(plan.sizes))}
        self.guess_ids = {}
        for g, group in enumerate(plan.guessed):
            for j, inst in enumerate(group):
                self.guess_ids[inst] = f"{prefix}g{g}i{j}"
        self.init_checks(plan)

    # --- names ---

    def run_flag(self, inst: Instance, level: int) -> str:
        """The name of the flag "``level`` runs ``inst`` started"."""
        return f"{self.p}r{self.run_ids[inst]}l{level}"

    def body(self, lookaheads: list[ir.Node]) -> ir.Node:
        """The shape from the start of the hand to its end: length, the
        shape's tile lookaheads, length flags, guesses, blocks, checks."""
        plan = self.plan
        missing = [t for t in plan.floors if t not in plan.blocks and plan.floors[t] > 0]
        if not plan.lengths or missing:
            return ir.NEVER
        window = self.lengths_node(plan.lengths) if plan.lengths != self.all_lengths else ir.EMPTY
        parts = [window, self.only_blocks(), *lookaheads, self.length_flags()]
        parts.append(self.residue_flags())
        self.inline = {
            g
            for g, group in enumerate(plan.guessed)
            if self.check_guesses and not any(i.spanning for i in group)
        }
        self.taken: dict[int, str | None] = {g: None for g in self.inline}
        self.pending: dict[int, list[str]] = {g: [] for g in self.inline}
        parts += [self.guess(g, grp) for g, grp in enumerate(plan.guessed) if g not in self.inline]
        parts += [self.block(t) for t in plan.blocks]
        parts += [self.tail(), self.end_checks()]
        parts += [self.ops.is_set(name) if name else ir.NEVER for name in self.taken.values()]
        parts.append(ir.End())
        return ir.seq(*parts, label=f"line {plan.shape.span.line}: hand {plan.shape.name}")

    def only_blocks(self) -> ir.Node:
        """Where the shape reads few of the tiles (thirteen orphans): a
        lookahead that the hand holds no other, failing at the first."""
        tiles = set(self.plan.blocks)
        if len(tiles) * 2 > len(self.rules.alphabet.tiles) or not self.check_guesses:
            return ir.EMPTY
        return ir.Look(ir.seq(ir.Repeat(tiles_node(self.rules, tiles), 0, None), ir.End()))

    def tail(self) -> ir.Node:
        """What follows the last block (nothing here; the wild tiles set
        aside, with wild tiles)."""
        return ir.EMPTY

    def guess(self, g: int, group: list[Instance]) -> ir.Node:
        """Pick the one meld of guessed group ``g``: its tiles must be there."""
        ways = []
        for inst in group:
            if self.banned([inst.kind]):
                continue
            find = [
                ir.seq(skip_to(self.rules, [t]), copies(self.rules, t, m))
                for t, m in zip(inst.tiles, inst.mult)
            ]
            flag = self.guess_ids[inst]
            there = ir.Look(ir.seq(*find)) if self.check_guesses else ir.EMPTY
            place = self.pair_place(inst)
            ways.append(
                ir.seq(there, place, self.guard([inst.kind]), self.ops.set(flag, ahead=True))
            )
            for c in self.some:
                if inst.kind in c.kinds:
                    self.some_flags[c].append(flag)
        return ir.alt(*ways)

    def block(self, t: int) -> ir.Node:
        """All copies of tile ``t`` (see the module docstring)."""
        plan, ops = self.plan, self.ops
        parts: list[ir.Node] = self.block_head(t)
        for g, group in enumerate(plan.guessed):
            for inst in (i for i in group if t in i.tiles and g not in self.inline):
                m = inst.mult[inst.tiles.index(t)]
                parts.append(ops.when(self.guess_ids[inst], self.take(t, m)))
        inline = self.inline_options(t)
        parts += inline[0]
        for inst, levels in plan.owed(t):
            for level in range(1, levels + 1):
                parts.append(ops.when(self.run_flag(inst, level), self.take_owed(t, inst, level)))
        made: list[tuple[str, str, int]] = []  # (kind, flag, level): melds it may make
        for inst, levels in plan.starts(t):
            if not self.banned([inst.kind]):
                names = [self.run_flag(inst, level) for level in range(1, levels + 1)]
                parts.append(self.optional(t, 1, inst.kind, names, inst))
                made += [(inst.kind, n, m) for m, n in enumerate(names, 1)]
        for same in plan.sames[t]:
            if not self.banned([same.kind]):
                k = self.kind_ids[same.kind]
                names = [f"{self.p}k{k}t{t}m{m}" for m in range(1, same.most + 1)]
                parts.append(self.optional(t, same.size, same.kind, names))
                made += [(same.kind, n, m) for m, n in enumerate(names, 1)]
        parts.extend(self.block_end(t))
        for c in self.some:
            self.some_flags[c] += [n for k, n, m in made if k in c.kinds and m == 1]
        updates = inline[1] + self.count_update(made)
        if not self.absent_fast(t):
            return ir.seq(*parts, *updates)
        # A tile the hand does not hold: no meld may be waiting for it.
        lit = tile_lit(self.rules, t)
        waiting = [
            self.guess_ids[i]
            for g, group in enumerate(plan.guessed)
            if g not in self.inline
            for i in group
            if t in i.tiles
        ]
        waiting += [self.run_flag(i, 1) for i, _ in plan.owed(t)]  # level 2 needs level 1
        absent = ir.seq(ir.Look(lit, negate=True), ops.none_set(waiting))
        return ir.seq(ir.alt(absent, ir.seq(ir.Look(lit), *parts)), *updates)

    def absent_fast(self, t: int) -> bool:
        """May a block of ``t`` skip its melds when the hand holds no ``t``?"""
        return not self.plan.floors.get(t, 0)

    def inline_options(self, t: int) -> tuple[list[ir.Node], list[ir.Node]]:
        """The guessed melds read in the block of their tile (one-tile
        melds, the pair): each where its part of the hand allows it and no
        meld of its group came before (the flags of this part of the hand,
        and a "taken" flag carried from part to part).  Returns (options,
        updates)."""
        options, updates = [], []
        for g in sorted(self.inline):
            before = ([self.taken[g]] if self.taken[g] else []) + self.pending[g]
            for inst in (i for i in self.plan.guessed[g] if i.tiles == (t,)):
                if self.banned([inst.kind]):
                    continue
                flag = self.guess_ids[inst]
                take = ir.seq(
                    self.take(t, inst.mult[0]),
                    self.pair_place(inst),
                    self.guard([inst.kind]),
                    self.ops.none_set(before),
                    self.ops.set(flag),
                )
                options.append(ir.alt(take, ir.EMPTY))
                before = before + [flag]
                self.pending[g].append(flag)
                for c in self.some:
                    if inst.kind in c.kinds:
                        self.some_flags[c].append(flag)
            if self.pending[g] and self.closes_part(t):
                name = f"{self.p}t{g}x{t}"
                rise = ir.seq(self.ops.any_set(before), self.ops.set(name))
                updates.append(ir.alt(rise, self.ops.none_set(before)))
                self.taken[g], self.pending[g] = name, []
        return options, updates

    def closes_part(self, t: int) -> bool:
        """Is ``t``'s block the last of its part of the hand?"""
        blocks = self.plan.blocks
        after = blocks[blocks.index(t) + 1 :]
        return not after or self.parts.get(after[0]) != self.parts.get(t)

    def optional(
        self, t: int, size: int, kind: str, names: list[str], run: Instance | None = None
    ) -> ir.Node:
        """Up to ``len(names)`` melds of ``kind``, ``size`` copies of ``t``
        each (the first tile of spanning instance ``run``, when given), the
        m-th setting flag ``names[m - 1]``: nested ``(?:…|)``."""
        node: ir.Node = ir.EMPTY
        for m in range(len(names), 0, -1):
            copies_ = self.take(t, size) if run is None else self.take_head(t, run, m)
            # A run's flag is read by the tiles that follow it.
            flag = self.ops.set(names[m - 1], ahead=run is not None)
            take = ir.seq(copies_, self.guard([kind]), flag, node)
            node = ir.alt(take, ir.EMPTY)
        return node

    def block_head(self, t: int) -> list[ir.Node]:
        """The copy cap and floor of tile ``t``, read before its block."""
        cap, floor = self.plan.caps.get(t), self.plan.floors.get(t, 0)
        parts = []
        if cap is not None:
            parts.append(ir.Look(copies(self.rules, t, cap + 1), negate=True))
        if floor:
            parts.append(ir.Look(copies(self.rules, t, floor)))
        return parts

    def take(self, t: int, n: int) -> ir.Node:
        """``n`` copies of ``t``, taken into one meld."""
        return copies(self.rules, t, n)

    def take_head(self, t: int, run: Instance, level: int) -> ir.Node:
        """The copy of ``t`` that starts run ``run`` (its ``level``-th)."""
        return copies(self.rules, t, 1)

    def take_owed(self, t: int, run: Instance, level: int) -> ir.Node:
        """The copy of ``t`` run ``run`` (its ``level``-th) holds further on."""
        return copies(self.rules, t, 1)

    def block_end(self, t: int) -> list[ir.Node]:
        """The end of the block: no copy of ``t`` left."""
        return [ir.Look(tile_lit(self.rules, t), negate=True)]
