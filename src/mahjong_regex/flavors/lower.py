"""Lowering: make optimized IR printable in one flavor.

:func:`lower` inlines the calls a flavor cannot make (and definitions used
once), emulates atomic groups, drops the lookarounds a flavor lacks --
refusing, or with ``--allow-unchecked`` leaving out and listing, the
constraints they checked -- expands backreferences a flavor lacks, and
respells group names the flavor's syntax cannot take.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import ir
from ..diagnostics import UnsupportedError
from ..optimize.expand_backrefs import NotFinite, expand_backrefs
from ..optimize.inline_calls import MAX_INLINED_NODES, inline_calls, inlined_size
from .inline import inline_single_use
from .table import Flavor, host_help, too_large, unsupported


@dataclass(frozen=True)
class Lowered:
    """IR ready for the printer of one flavor.

    ``unchecked``: labels of the constraints the flavor cannot check, left
    out of ``pattern``; ``refusal``: the error a render that may not leave
    them out raises (None when there are none)."""

    pattern: ir.Pattern
    unchecked: tuple[str, ...] = ()
    refusal: UnsupportedError | None = None


def lower(pattern: ir.Pattern, flavor: Flavor) -> Lowered:
    """Lower ``pattern`` for ``flavor`` (see the module docstring).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` when the
    pattern cannot be printed at all (too large to inline); a constraint the
    flavor cannot check is reported in :attr:`Lowered.refusal` instead."""
    pattern = inline_shared(pattern)
    pattern = inline_single_use(pattern, flavor)
    if flavor.call is None and pattern.definitions:
        size = inlined_size(pattern)
        if size > MAX_INLINED_NODES:
            raise too_large(
                flavor,
                f"{flavor.engine} has no subroutine calls, and inlining every definition "
                f"would give a pattern of about {size:,} parts (at most {MAX_INLINED_NODES:,})",
                host_help(flavor, large=True),
            )
        pattern = inline_calls(pattern)
    if not flavor.atomic and flavor.lookaround and flavor.backrefs:
        pattern = emulate_atomic(pattern)
    lowered = Lowered(pattern)
    if not flavor.lookaround:
        lowered = drop_lookarounds(pattern, flavor)
        pattern = lowered.pattern
    if not flavor.backrefs and any(
        isinstance(n, ir.Backref) for t in ir.trees(pattern) for n in ir.distinct(t)
    ):
        try:
            pattern = expand_backrefs(pattern)
        except NotFinite as e:  # pragma: no cover - every capture the compiler makes is finite
            raise unsupported(flavor, f"the capture {e.capture}", "no backreferences") from None
    if flavor.names == "alnum":
        pattern = alnum_names(pattern)
    names = [c.name for c in ir.captures(pattern) if not c.shared]
    if len(names) != len(set(names)):  # pragma: no cover - an internal invariant
        raise AssertionError(f"capture names defined twice: {sorted(names)}")
    return replace(lowered, pattern=pattern)


def inline_shared(pattern: ir.Pattern) -> ir.Pattern:
    """Write in place every definition holding a shared group (directly or
    through its calls): a group set inside a subroutine call is unset again
    after it."""
    defs = dict(pattern.definitions)
    holds: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, node in defs.items():
            if name in holds:
                continue
            nodes = list(ir.distinct(node))
            if any(isinstance(n, ir.Capture) and n.shared for n in nodes) or any(
                isinstance(n, ir.Call) and n.name in holds for n in nodes
            ):
                holds.add(name)
                changed = True
    if not holds:
        return pattern

    def fn(n: ir.Node) -> ir.Node:
        if isinstance(n, ir.Call) and n.name in holds:
            return ir.transform(defs[n.name], fn)
        return n

    kept = tuple((n, d) for n, d in pattern.definitions if n not in holds)
    return ir.map_pattern(replace(pattern, definitions=kept), fn)


def emulate_atomic(pattern: ir.Pattern) -> ir.Pattern:
    """Atomic groups for a flavor without them: ``(?=(?<a1>X))\\k<a1>``.  A
    lookahead is atomic in every flavor, and the backreference then takes
    exactly the text its one match found."""
    if not any(isinstance(n, ir.Atomic) for t in ir.trees(pattern) for n in ir.distinct(t)):
        return pattern
    used = ir.group_names(pattern)
    counter = [0]

    def fresh() -> str:
        while True:
            counter[0] += 1
            name = f"a{counter[0]}"
            if name not in used:
                used.add(name)
                return name

    def fn(n: ir.Node) -> ir.Node:
        if not isinstance(n, ir.Atomic):
            return n
        name = fresh()
        return ir.seq(
            ir.Look(ir.Capture(name, n.item, describes="(atomic group)")), ir.Backref(name)
        )

    return ir.map_pattern(pattern, fn)


def drop_lookarounds(pattern: ir.Pattern, flavor: Flavor) -> Lowered:
    """Remove every lookaround, for a flavor without them.  A guard (which
    only bounds work) goes silently; any other is a constraint the pattern
    no longer checks: listed in ``unchecked``, and in the refusal, which
    names each one with its place."""
    refused: list[ir.Look] = []
    unchecked: list[str] = []

    def fn(n: ir.Node) -> ir.Node:
        # A constraint is a labelled lookahead; one without a label is a part
        # of one (or a guard), and goes with it.
        if isinstance(n, ir.Look) and n.label and not n.guard and n.label not in unchecked:
            unchecked.append(n.label)
            refused.append(n)
        return ir.EMPTY if isinstance(n, ir.Look) else n

    lowered = ir.map_pattern(pattern, fn)
    if not refused:
        return Lowered(lowered)
    spans = [n.span for n in refused if n.span is not None]
    construct = ", ".join(
        f"'{n.label.split(': ', 1)[-1]}'" + (f" ({n.span})" if n.span else "") for n in refused
    )
    refusal = unsupported(
        flavor,
        construct,
        f"{flavor.engine} has no lookaround, and these tile-level constraints are not "
        "small automata over melds; --allow-unchecked emits the rest and lists them "
        "as unchecked",
        spans[0] if spans else None,
        host_help(flavor),
    )
    return Lowered(lowered, tuple(unchecked), refusal)


def alnum_names(pattern: ir.Pattern) -> ir.Pattern:
    """Every group name respelt in letters and digits only (``chow_s1`` ->
    ``chowS1``), one to one: a name that would collide gets a numbered
    suffix."""
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    for name in sorted(ir.group_names(pattern)):
        parts = name.split("_")
        new = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
        k = 1
        base = new
        while new in taken:
            k += 1
            new = f"{base}N{k}"
        taken.add(new)
        mapping[name] = new

    def fn(n: ir.Node) -> ir.Node:
        if isinstance(n, (ir.Capture, ir.Backref, ir.Call)):
            return replace(n, name=mapping.get(n.name, n.name))
        return n

    return ir.map_pattern(pattern, fn, rename=lambda name: mapping.get(name, name))
