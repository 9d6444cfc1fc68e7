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
from .count_checks import Check
from .flag_ops import FlagOps
from .sorted_plan import Instance, ShapePlan
from .tile_order import copies, length_is, skip_to, tile_lit


class MachineWriter:
    """Writes one shape's machine (:meth:`body`) with flag names starting
    with ``prefix`` (letters), in one flavor's flags (``ops``)."""

    def __init__(self, rules: RuleSet, plan: ShapePlan, ops: FlagOps, prefix: str):
        self.rules, self.plan, self.ops, self.p = rules, plan, ops, prefix
        self.utf16 = ops.flavor == "dotnet"
        #: Does a guess look for its tiles first (not where wild tiles may
        #: stand in)?
        self.check_guesses = True
        self.run_ids = {inst: i for i, inst in enumerate(plan.levels)}
        self.kind_ids = {k: i for i, k in enumerate(sorted(plan.sizes))}
        self.guess_ids = {}
        for g, group in enumerate(plan.guessed):
            for j, inst in enumerate(group):
                self.guess_ids[inst] = f"{prefix}g{g}i{j}"
        checks = sorted({c for cs in plan.checks.values() for c in cs}, key=_check_key)
        lengths = set(plan.lengths)
        #: Per check, the lengths it applies to (all: no length flag read).
        self.where = {c: {n for n, cs in plan.checks.items() if c in cs} for c in checks}
        self.conditional = {c: ns for c, ns in self.where.items() if ns != lengths}
        self.flagged_lengths = sorted({n for ns in self.conditional.values() for n in ns})
        self.some = [c for c in checks if c.op == "some"]
        self.counted = sorted(
            {frozenset(c.kinds) for c in checks if c.op in ("<=", ">=")}, key=sorted
        )
        self.top = {
            ks: max(c.value + (c.op == "<=") for c in checks if c.kinds == ks and c.op != "none")
            for ks in self.counted
        }
        self.some_flags: dict[Check, list[str]] = {c: [] for c in self.some}
        self.levels_now: dict[frozenset, list[str | None]] = {
            ks: [None] * self.top[ks] for ks in self.counted
        }

    # --- names ---

    def length_flag(self, n: int) -> str:
        return f"{self.p}n{n}"

    def run_flag(self, inst: Instance, level: int) -> str:
        return f"{self.p}r{self.run_ids[inst]}l{level}"

    # --- the whole shape ---

    def body(self, lookaheads: list[ir.Node]) -> ir.Node:
        """The shape from the start of the hand to its end: length, the
        shape's tile lookaheads, length flags, guesses, blocks, checks."""
        plan = self.plan
        missing = [t for t in plan.floors if t not in plan.blocks and plan.floors[t] > 0]
        if not plan.lengths or missing:
            return ir.NEVER
        parts = [self.lengths_node(plan.lengths), *lookaheads, self.length_flags()]
        parts += [self.guess(g, group) for g, group in enumerate(plan.guessed)]
        parts += [self.block(t) for t in plan.blocks]
        parts += [self.tail(), self.end_checks(), ir.End()]
        return ir.seq(*parts, label=f"line {plan.shape.span.line}: hand {plan.shape.name}")

    def tail(self) -> ir.Node:
        """What follows the last block (nothing here; the wild tiles set
        aside, with wild tiles)."""
        return ir.EMPTY

    def lengths_node(self, lengths: list[int]) -> ir.Node:
        """A lookahead: the hand holds one of ``lengths`` tiles."""
        runs, start = [], lengths[0]
        for a, b in zip(lengths, lengths[1:] + [None]):
            if b != a + 1:
                runs.append((start, a))
                start = b
        looks = [length_is(self.rules, lo, hi, self.utf16) for lo, hi in runs]
        return looks[0] if len(looks) == 1 else ir.Look(ir.alt(*looks))

    def length_flags(self) -> ir.Node:
        """One flag for the hand's length, where a check depends on it."""
        if not self.flagged_lengths:
            return ir.EMPTY
        ways = [
            ir.seq(
                length_is(self.rules, n, n, self.utf16),
                self.ops.set(self.length_flag(n), ahead=True),
            )
            for n in self.flagged_lengths
        ]
        others = [
            ir.Look(length_is(self.rules, n, n, self.utf16), negate=True)
            for n in self.flagged_lengths
        ]
        return ir.alt(*ways, ir.seq(*others))

    def guard(self, kinds) -> ir.Node:
        """Fails where a ``none`` check on one of ``kinds`` applies (by the
        hand's length)."""
        flags = [
            self.length_flag(n)
            for c, ns in self.conditional.items()
            if c.op == "none" and c.kinds & set(kinds)
            for n in sorted(ns)
        ]
        return self.ops.none_set(sorted(set(flags)))

    def banned(self, kinds) -> bool:
        """Does a ``none`` check at every length leave out one of ``kinds``?"""
        return any(
            c.op == "none" and c.kinds & set(kinds) for c in self.where if c not in self.conditional
        )

    # --- guesses ---

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
            ways.append(ir.seq(there, self.guard([inst.kind]), self.ops.set(flag, ahead=True)))
            for c in self.some:
                if inst.kind in c.kinds:
                    self.some_flags[c].append(flag)
        return ir.alt(*ways)

    # --- blocks ---

    def block(self, t: int) -> ir.Node:
        """All copies of tile ``t`` (see the module docstring)."""
        plan, ops = self.plan, self.ops
        parts: list[ir.Node] = self.block_head(t)
        for inst in (i for group in plan.guessed for i in group if t in i.tiles):
            m = inst.mult[inst.tiles.index(t)]
            parts.append(ops.when(self.guess_ids[inst], self.take(t, m)))
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
        parts.extend(self.count_update(made))
        return ir.seq(*parts)

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

    # --- counters ---

    def count_update(self, made: list[tuple[str, str, int]]) -> list[ir.Node]:
        """Carry each counter past this block: one level up for each meld
        of its kinds the block made (thermometer flags)."""
        out = []
        for c, ks in enumerate(self.counted):
            for kind, flag, _ in made:
                if kind not in ks:
                    continue
                old = self.levels_now[ks]
                new = [f"{flag}c{c}v{i}" for i in range(1, len(old) + 1)]
                out.extend(self.raise_level(old, new, flag))
                self.levels_now[ks] = [
                    n if (old[i] is not None or i == 0 or old[i - 1] is not None) else None
                    for i, n in enumerate(new)
                ]
        return out

    def raise_level(self, old: list, new: list[str], flag: str) -> list[ir.Node]:
        """Level i of ``new`` is set where level i of ``old`` is, or level
        i - 1 is (level 0 always is) and ``flag`` is set.  Each group of
        ``new`` is set in one place, and the two ways (set it or not)
        exclude each other, so backtracking never tries both."""
        ops = self.ops
        out = []
        for i, name in enumerate(new, 1):
            was = old[i - 1]
            below = old[i - 2] if i > 1 else None
            if i > 1 and below is None:
                if was is not None:
                    out.append(ops.test(was, ops.set(name), ir.EMPTY))
                continue
            rise = ir.seq(ops.is_set(flag), *([ops.is_set(below)] if below else []))
            stay = ops.test(flag, ops.not_set(below), ir.EMPTY) if below else ops.not_set(flag)
            if was is not None:
                rise = ops.test(was, ir.EMPTY, rise)
                stay = ir.seq(ops.not_set(was), stay)
            out.append(ir.alt(ir.seq(rise, ops.set(name)), stay))
        return out

    # --- end ---

    def end_checks(self) -> ir.Node:
        """The ``some`` and counter checks, each where its lengths apply."""
        parts = []
        for c in self.where:
            node = self.check_node(c)
            if node is None:
                continue
            if c in self.conditional:
                for n in sorted(self.conditional[c]):
                    parts.append(self.ops.when(self.length_flag(n), node))
            else:
                parts.append(node)
        return ir.seq(*parts)

    def check_node(self, c: Check) -> ir.Node | None:
        if c.op == "none":
            return None
        if c.op == "some":
            return self.ops.any_set(self.some_flags[c])
        levels = self.levels_now[frozenset(c.kinds)]
        if c.op == ">=":
            name = levels[c.value - 1]
            return ir.NEVER if name is None else self.ops.is_set(name)
        name = levels[c.value]
        return ir.EMPTY if name is None else self.ops.not_set(name)


def _check_key(c: Check) -> tuple:
    return (sorted(c.kinds), c.op, c.value)
