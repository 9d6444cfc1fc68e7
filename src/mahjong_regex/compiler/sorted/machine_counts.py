"""Meld counts in a sorted machine, as :mod:`.count_checks` planned them
per hand length: a flag for the hand's length where a check depends on it,
kinds left out (a guard read where a meld of them is made), "some" flags
read at the end, and counters carried from block to block (thermometer
flags, each group set in one place)."""

from __future__ import annotations

from ... import ir
from .count_checks import Check
from .sorted_plan import ShapePlan
from .tile_order import length_is, tile_unit


class CountChecks:
    """The count checks of one shape's machine (a mixin of
    :class:`~.register_machine.MachineWriter`: it reads ``rules``, ``ops``
    (:class:`~.flag_ops.FlagOps`), ``p`` (the flag prefix) and ``utf16``)."""

    def init_checks(self, plan: ShapePlan) -> None:
        """Sort the plan's checks by the lengths they apply to."""
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
        #: A flag per at-most check read at several lengths (but not all):
        #: set at the start where the hand's length is one of them, so the
        #: counter's ceiling reads one flag (:meth:`ceiling`).
        self.capped_lengths = {
            c: f"{self.p}k{j}"
            for j, c in enumerate(
                c for c in checks if c.op == "<=" and len(self.conditional.get(c, ())) > 1
            )
        }
        #: Per counter (its set of kinds), :meth:`ceiling`.
        self.ceilings = {ks: self.ceiling(ks) for ks in self.counted}
        self.some_flags: dict[Check, list[str]] = {c: [] for c in self.some}
        self.levels_now: dict[frozenset, list[str | None]] = {
            ks: [None] * self.top[ks] for ks in self.counted
        }

    def length_flag(self, n: int) -> str:
        """The name of the flag "the hand holds ``n`` tiles"."""
        return f"{self.p}n{n}"

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
        """One flag for the hand's length, where a check depends on it: a
        lookahead (atomic) that reads the shortest length's tiles, then one
        tile at a time, and sets the flag of the length where the hand ends,
        or none.  (One lookahead per length would copy its counted tiles
        out each time: PCRE2 compiles a counted group so.)"""
        if not self.flagged_lengths:
            return ir.EMPTY
        lengths = self.flagged_lengths
        unit = tile_unit(self.rules, self.utf16)
        node: ir.Node | None = None
        for n in range(lengths[-1], lengths[0] - 1, -1):
            ends = [ir.seq(ir.End(), self.ops.set(self.length_flag(n), behind=True))]
            more = [] if node is None else [ir.seq(unit, node)]
            node = ir.alt(*(ends if n in lengths else []), *more)
        ways = [ir.seq(ir.Repeat(unit, lengths[0], lengths[0]), node)]
        capped = [
            ir.Look(
                ir.alt(
                    ir.seq(
                        self.ops.set(flag, ahead=True),
                        self.lengths_node(sorted(self.conditional[c])),
                    ),
                    ir.EMPTY,
                )
            )
            for c, flag in self.capped_lengths.items()
        ]
        return ir.seq(ir.Look(ir.alt(*ways, ir.EMPTY)), *capped)

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
                out.extend(self.raise_level(old, new, flag, self.ceilings[ks]))
                self.levels_now[ks] = [
                    n if (old[i] is not None or i == 0 or old[i - 1] is not None) else None
                    for i, n in enumerate(new)
                ]
        return out

    def ceiling(self, kinds: frozenset) -> dict[int, ir.Node]:
        """{level: guard} for the levels of the counter of ``kinds`` that an
        at-most check forbids: reaching level ``value + 1`` fails there and
        then, where the check applies (the guard: never, or not at the
        lengths it applies to), rather than at the end of the hand, so a
        search past the bound is cut at once (a shape whose slot takes
        melds of two sizes otherwise tries every spread of them)."""
        out: dict[int, list[ir.Node]] = {}
        for c in self.where:
            if c.kinds != kinds or c.op != "<=":
                continue
            if c in self.capped_lengths:
                out.setdefault(c.value + 1, []).append(self.ops.not_set(self.capped_lengths[c]))
            elif c in self.conditional:
                (n,) = self.conditional[c]
                out.setdefault(c.value + 1, []).append(self.ops.not_set(self.length_flag(n)))
            else:
                out.setdefault(c.value + 1, []).append(ir.NEVER)
        return {level: ir.seq(*guards) for level, guards in out.items()}

    def raise_level(
        self, old: list, new: list[str], flag: str, ceiling: dict[int, ir.Node] | None = None
    ) -> list[ir.Node]:
        """Level i of ``new`` is set where level i of ``old`` is, or level
        i - 1 is (level 0 always is) and ``flag`` is set; a level in
        ``ceiling`` rises only where its guard holds (:meth:`ceiling`).
        Each group of ``new`` is set in one place, and the two ways (set it
        or not) exclude each other, so backtracking never tries both."""
        ops = self.ops
        ceiling = ceiling or {}
        out = []
        for i, name in enumerate(new, 1):
            was = old[i - 1]
            below = old[i - 2] if i > 1 else None
            if i > 1 and below is None:
                if was is not None:
                    out.append(ops.test(was, ops.set(name), ir.EMPTY))
                continue
            rise = ir.seq(
                ops.is_set(flag), *([ops.is_set(below)] if below else []), ceiling.get(i, ir.EMPTY)
            )
            stay = ops.test(flag, ops.not_set(below), ir.EMPTY) if below else ops.not_set(flag)
            if was is not None:
                rise = ops.test(was, ir.EMPTY, rise)
                stay = ir.seq(ops.not_set(was), stay)
            out.append(ir.alt(ir.seq(rise, ops.set(name)), stay))
        return out

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
        """The IR that holds where check ``c`` holds at the end (None for ``none``, read where melds
        are made)."""
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


def _check_key(c: Check) -> tuple:
    return (sorted(c.kinds), c.op, c.value)
