"""The entry point of sorted input: :func:`build_sorted` compiles a checked
rule set into a pattern that reads a hand written in canonical order and
matches iff some arrangement of its tiles wins.

- Flavors with lookaround and flags (``pcre``, ``regex``, ``python``,
  ``dotnet``, ``ruby``, ``java``, ``js``): one register machine per hand
  shape (:mod:`.register_machine`), alternated, after the tile-level
  lookaheads of the win (:mod:`.sorted_tiles`).
- ``re2``: the automaton over tile counts (:mod:`.kind_automaton`), written
  out as a regular expression (:mod:`.automaton_regex`).

A construct the flavor cannot say is refused with
:class:`~mahjong_regex.compiler.errors.Unsupported`, naming it and its place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ... import ir
from ...ir.traversal import distinct, group_names, map_pattern, trees
from ...ruleset.model import RuleSet
from ..capabilities import Capabilities
from ..errors import Unsupported
from .automaton_regex import build_re2
from .flag_ops import FlagOps
from .register_machine import MachineWriter
from .sorted_plan import PlanRefused, conjuncts, plan_shape
from .sorted_tiles import TileRefused, lookaheads
from .tile_order import canonical_tiles, length_is, tile_lit
from .turned_counts import free_total_checks
from .turned_machine import TurnedMachineWriter, TurnedPool, turned_prefix
from .turned_loose import is_pairs, is_singles, loose_body
from .turned_proxy import ProxyMachineWriter
from .turned_union import UnionMachineWriter, needs_union, union_groups, unite
from .wild_machine import Pool, WildMachineWriter, held_limits

#: The largest pattern a lookaround flavor gets for sorted input (PCRE2's
#: default link size allows 64K code units).
MAX_LOOKAROUND_CHARS = 64 * 1024
#: The largest ``re2`` pattern for sorted input, in bytes of UTF-8 (RE2
#: and Go read a pattern as UTF-8 bytes: a Chinese tile name is six).
MAX_RE2_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class SortedCaps:
    """Size limits of sorted patterns (see the constants): ``lookaround``
    in characters, ``re2`` in bytes of UTF-8; ``prune``: where two count
    checks cost alike, take the at-most one, which fails the moment it is
    broken (False: the plan with the smallest counters, for a pattern
    that would not fit otherwise)."""

    lookaround: int = MAX_LOOKAROUND_CHARS
    re2: int = MAX_RE2_BYTES
    prune: bool = True


def build_sorted(
    rules: RuleSet,
    flavor: str,
    features: Capabilities,
    caps: SortedCaps | None = None,
    arranged=None,
) -> ir.Pattern:
    """The pattern (``ir.Pattern``, printed by :func:`mahjong_regex.pipeline.render`
    in ``flavor``, a flavor name whose row's capabilities are ``features``)
    that decides hands of ``rules`` written in canonical order.

    ``arranged``, when given, compiles a rule set for arranged hands
    (RuleSet -> ``ir.Pattern``): a shape of same-melds only (no runs, no
    wild tiles) that the machine cannot count is read as an arranged hand,
    after a check that the tiles are in canonical order (a sorted hand of
    such melds is one of its arrangements).

    Raises :class:`~mahjong_regex.compiler.errors.Unsupported` naming the
    construct when the flavor cannot say it."""
    if not features.lookaround:
        return build_re2(rules, flavor, caps or SortedCaps())
    ops = FlagOps(flavor, features.atomic)
    if rules.indicator is not None or rules.turned is not None:
        return build_turned(rules, flavor, ops, features)
    shapes, defs = [], []
    everything = sorted({n for s in rules.shapes for n in _lengths(rules, s)}) or [0]
    try:
        pool = wild_pool(rules)
        for i, shape in enumerate(rules.shapes):
            try:
                plan = plan_shape(rules, shape, caps is None or caps.prune)
            except PlanRefused:
                if pool is not None or arranged is None or not same_only(rules, shape):
                    raise
                body, more = as_arranged(rules, shape, arranged, prefix(i) + "o")
                shapes.append(body)
                defs.extend(more)
                continue
            looks = lookaheads(rules, shape.where, bool(pool))
            if pool is None:
                writer = MachineWriter(rules, plan, ops, prefix(i))
            else:
                writer = WildMachineWriter(rules, plan, ops, prefix(i), pool)
            writer.all_lengths = list(range(min(everything), max(everything) + 1))
            shapes.append(writer.body(looks))
    except PlanRefused as e:
        raise Unsupported(e.construct, e.reason, e.span, help=e.help) from None
    except TileRefused as e:
        raise Unsupported(e.constraint.text, e.reason, e.constraint.span) from None
    try:
        win = lookaheads(rules, rules.where, bool(pool))
    except TileRefused as e:
        raise Unsupported(e.constraint.text, e.reason, e.constraint.span) from None
    guard = guard_length(rules, everything, not features.astral_atoms)
    limits = pool.limits(rules) if pool is not None else []
    body = ir.seq(ir.Start(), guard, *limits, *win, ir.alt(*shapes))
    return finished(ir.Pattern(body, tuple(defs), flavor))


def finished(pattern: ir.Pattern) -> ir.Pattern:
    """A machine's pattern with its flags that nothing sets resolved and
    the groups nothing reads dropped, and its names compacted where the
    flavor wants them short."""
    pattern = drop_unread_groups(never_set_flags(pattern))
    return compact_names(pattern) if pattern.flavor in COMPACT_FLAVORS else pattern


def build_turned(rules: RuleSet, flavor: str, ops: FlagOps, features: Capabilities):
    """The pattern of a rule set whose wild tiles the turned tile chooses
    (:mod:`.turned_machine`), for hands ``TURNED|SORTED-HAND`` (``SORTED-HAND``
    where ``--indicator`` fixed the turned tile).  Raises
    :class:`~mahjong_regex.compiler.errors.Unsupported`."""
    everything = sorted({n for s in rules.shapes for n in _lengths(rules, s)}) or [0]
    shapes = []
    try:
        pool = TurnedPool(rules)
        loose = [s for s in rules.shapes if is_singles(rules, s) or is_pairs(rules, s, pool)]
        melded = [s for s in rules.shapes if s not in loose]
        for c in conjuncts(rules.where + tuple(c for s in melded for c in s.where)):
            if any(p.tiles is not None and p.tiles.dynamic for p in (c, *conjuncts(c.parts))):
                raise TileRefused(c, "its tiles depend on the turned tile")
        utf16 = not features.astral_atoms
        for i, group in enumerate(union_groups(rules, melded)):
            if len(group) == 1 and not needs_union(rules, group[0]):
                plan = plan_shape(rules, group[0])
                checks = free_total_checks(plan, rules, pool.most)
                looks = lookaheads(rules, group[0].where, True)
                kind = ProxyMachineWriter if pool.proxies else TurnedMachineWriter
                writer = kind(rules, plan, ops, prefix(i), pool, checks)
            else:
                union = unite(rules, group)
                plan = plan_shape(rules, union.shape)
                checks = free_total_checks(plan, rules, pool.most)
                writer = UnionMachineWriter(rules, plan, ops, prefix(i), pool, checks, union)
                looks = []
            writer.all_lengths = list(range(min(everything), max(everything) + 1))
            shapes.append(writer.body(looks))
        for j, shape in enumerate(loose):
            shapes.append(loose_body(rules, shape, pool, ops, utf16, prefix(len(rules.shapes) + j)))
        win = lookaheads(rules, rules.where, True)
    except PlanRefused as e:
        raise Unsupported(e.construct, e.reason, e.span, help=e.help) from None
    except TileRefused as e:
        raise Unsupported(e.constraint.text, e.reason, e.constraint.span) from None
    guard = guard_length(rules, everything, not features.astral_atoms)
    start = turned_prefix(rules, pool, ops, guard)
    body = ir.seq(ir.Start(), start, *held_limits(rules), *win, ir.alt(*shapes))
    return finished(ir.Pattern(body, (), flavor))


def drop_unread_groups(pattern: ir.Pattern) -> ir.Pattern:
    """``pattern`` with every group that nothing reads (no conditional,
    backreference or balancing group names it) made non-capturing: a flag
    a count would read where no count does (riichi: 120 of 246 groups).
    An engine resets every group at each match, so each costs time."""
    read = {
        node.name
        for tree in trees(pattern)
        for node in distinct(tree)
        if isinstance(node, (ir.Cond, ir.Backref, ir.Pop))
    }

    def drop(node: ir.Node) -> ir.Node:
        if isinstance(node, ir.Capture) and node.name not in read and not node.element:
            return node.item
        return node

    return map_pattern(pattern, drop)


#: Flavors whose sorted patterns name their groups in as few characters as
#: may be: JavaScript writes each read of a flag as a lookahead holding its
#: name (``(?!.*$\k<name>)``), so names are a quarter of its pattern.
COMPACT_FLAVORS = frozenset({"js"})
_NAME_FIRST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_NAME_REST = _NAME_FIRST + "0123456789"


def short_name(i: int) -> str:
    """The ``i``-th short group name (``i`` >= 0): ``a`` … ``Z``, then
    ``aa``, ``ab`` … (a letter first, then letters and digits)."""
    head, i = _NAME_FIRST[i % len(_NAME_FIRST)], i // len(_NAME_FIRST)
    tail = ""
    while i:
        i -= 1
        tail = _NAME_REST[i % len(_NAME_REST)] + tail
        i //= len(_NAME_REST)
    return head + tail


def compact_names(pattern: ir.Pattern) -> ir.Pattern:
    """``pattern`` with each group and definition renamed to a short name,
    in order of first appearance (str names, one to one; a sorted pattern
    has no scoring groups, whose names a caller reads)."""
    order: dict[str, None] = dict.fromkeys(name for name, _ in pattern.definitions)
    for tree in trees(pattern):
        for node in distinct(tree):
            name = getattr(node, "name", None)
            if isinstance(name, str):
                order.setdefault(name)
    names = {old: short_name(i) for i, old in enumerate(order)}
    return rename_groups(pattern, names.__getitem__)


def rename_groups(pattern: ir.Pattern, new_name) -> ir.Pattern:
    """``pattern`` with every group, reference to a group and definition
    renamed by ``new_name`` (str -> str)."""

    def rename(node: ir.Node) -> ir.Node:
        name = getattr(node, "name", None)
        return replace(node, name=new_name(name)) if isinstance(name, str) else node

    return map_pattern(pattern, rename, new_name)


def never_set_flags(pattern: ir.Pattern) -> ir.Pattern:
    """``pattern`` with every read of a flag that no group sets resolved
    to "not set" (a meld kind that a count rules out at every length,
    ``count(chow) == 0``, leaves its flags unset, and an engine refuses a
    read of a group the pattern lacks): a conditional takes its ``no``
    branch, and a backreference fails, except in JavaScript, where an unset
    group matches the empty string (see :mod:`.flag_ops`).  Repeated until
    nothing changes: a ``yes`` branch dropped may hold the only group of
    another flag (a place of a run that never starts, where a wild tile
    would stand in, read by the pointer after the block)."""
    unset = ir.EMPTY if pattern.flavor == "js" else ir.NEVER
    names = group_names(pattern)

    def resolve(node: ir.Node) -> ir.Node:
        if isinstance(node, ir.Cond) and node.name not in names:
            return node.no
        if isinstance(node, ir.Backref) and node.name not in names:
            return unset
        return node

    while True:
        pattern = map_pattern(pattern, resolve)
        left = group_names(pattern)
        if left == names:
            return pattern
        names = left


def same_only(rules: RuleSet, shape) -> bool:
    """Are all of the shape's meld kinds same-melds?"""
    return all(rules.kinds[k].form == "same" for k in shape.kinds)


def as_arranged(rules: RuleSet, shape, arranged, names: str) -> tuple[ir.Node, list]:
    """The shape read as an arranged hand (its melds side by side: a sorted
    hand of same-melds is one of its arrangements), after a lookahead that
    the tiles are in canonical order; and the definitions it calls.  Its
    groups and definitions take the prefix ``names`` (each arranged pattern
    names its own from scratch, so two such shapes would share names)."""
    pattern = rename_groups(arranged(replace(rules, shapes=(shape,))), lambda n: names + n)
    runs = [ir.Repeat(tile_lit(rules, t), 0, None) for t in canonical_tiles(rules)]
    order = ir.Look(ir.seq(*runs, ir.End()), label="the tiles in canonical order")
    return ir.seq(order, pattern.body), list(pattern.definitions)


def wild_pool(rules: RuleSet) -> Pool | None:
    """The wild tiles of ``rules`` (None without any), a rule set without
    a turned tile (:func:`build_turned` reads those).  Raises
    :class:`~.sorted_plan.PlanRefused` for what the machine cannot read yet:
    a tile that always plays another (``proxy``)."""
    if not rules.has_wilds:
        return None
    domain: dict[int, set[int]] = {}
    for w in rules.wilds:
        if w.proxy:
            raise PlanRefused("proxy", "a tile that always plays another", w.span)
        for t in w.tiles.tiles:
            domain.setdefault(t, set()).update(w.domain.tiles)
    return Pool(rules, {t: frozenset(d) for t, d in domain.items()}, canonical_tiles(rules))


def prefix(i: int) -> str:
    """Flag names of shape ``i`` start with this (letters only)."""
    letters = "abcdefghjkmpqrsuvwxy"
    return letters[i % len(letters)] + ("z" * (i // len(letters)))


def guard_length(rules: RuleSet, lengths: list[int], utf16: bool = False) -> ir.Node:
    """A lookahead on the hand's length, before anything else reads it:
    a hostile string of any length fails here."""
    if not lengths:
        return ir.NEVER
    return length_is(rules, min(lengths), max(lengths), utf16)


def _lengths(rules: RuleSet, shape) -> set[int]:
    totals = {0}
    for count, kinds in shape.slots:
        for _ in range(count):
            totals = {t + rules.kinds[k].size for t in totals for k in kinds}
    return totals
