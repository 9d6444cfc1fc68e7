"""One pattern per hand shape, for a flavor without lookaround (``re2``).

Such a flavor cannot check a tile-level constraint inside the pattern, and
one pattern for every shape would lose which shape matched -- so which
shape's own constraints (thirteen orphans' ``only`` and ``each``) apply.
Here each hand shape gets a pattern of its own and the host checks that go
with it (:mod:`.host_checks`): a hand wins when some shape's pattern matches
it and that shape's checks hold.  That is exact: a hand wins when some split
fits some shape and meets every constraint on it, and a tile-level
constraint holds or fails whatever the split.

A shape's pattern past the engine's budget is split further, on a meld
count the shape bounds (``count(K) <= c`` over meld kinds of one slot): one
pattern for each number of K melds, with the K melds a slot of their own.
Changchun's four special kongs (each at most once) fit so.

A rule set with an indicator gets the patterns of every tile it may turn
(:meth:`~mahjong_regex.ruleset.model.RuleSet.with_indicator`), for the host
to choose by the hand's turned tile.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..compiler.registry import Options
from ..flavors.table import Flavor, TooLarge, get
from ..pipeline import Output, compile_for
from ..ruleset.model import Constraint, RuleSet, Shape
from .host_checks import HostCheck, host_checks


@dataclass(frozen=True)
class ShapePattern:
    """The pattern of one hand shape (or of a part of it) and its host checks.

    ``shape``: the DSL shape's name; ``part``: for a shape split on meld
    counts, the counts this part holds (``count(yaogang) == 0, …``), else
    ""; ``index``: the part's number (1 up; 0 for a whole shape); ``turned``: the turned tile this pattern is for (a tile index), or
    None; ``output``: the printed pattern; ``checks``: what the host checks
    besides."""

    shape: str
    part: str
    turned: int | None
    output: Output
    checks: tuple[HostCheck, ...]
    index: int = 0

    @property
    def name(self) -> str:
        """The shape's name, with the part's counts when it is split."""
        return f"{self.shape} where {self.part}" if self.part else self.shape

    @property
    def slug(self) -> str:
        """A file-name form of :attr:`name`: ``standard``, ``standard.3``."""
        return self.shape + (f".{self.index}" if self.index else "")


def bounded_split(shape: Shape) -> list[tuple[str, Shape]] | None:
    """``shape`` split on its first meld count ``count(K) <= c`` (or ``==``)
    whose kinds K stand in one slot only: (``count(K) == j``, the shape with
    j melds of K in a slot of their own and that constraint gone) per j;
    None when no constraint allows it."""
    for c in shape.where:
        holders = [i for i, (_, ks) in enumerate(shape.slots) if set(ks) & c.kinds]
        if c.kind != "meld_count" or c.op not in ("<=", "==") or len(holders) != 1:
            continue
        i = holders[0]
        n, kinds = shape.slots[i]
        inside = tuple(k for k in kinds if k in c.kinds)
        outside = tuple(k for k in kinds if k not in c.kinds)
        values = [c.value] if c.op == "==" else range(min(c.value, n) + 1)
        out = []
        for j in values:
            if j > n or (j < n and not outside):
                continue
            slots = [(n - j, outside)] if j < n else []
            slots += [(j, inside)] if j else []
            new = shape.slots[:i] + tuple(slots) + shape.slots[i + 1 :]
            where = tuple(x for x in shape.where if x is not c)
            out.append((_count_text(c, j), replace(shape, slots=new, where=where)))
        return out
    return None


def _count_text(c: Constraint, j: int) -> str:
    return f"{c.text.split(')', 1)[0]}) == {j}"


def _compile_shape(rules: RuleSet, shape: Shape, flavor: Flavor, options, part: str = ""):
    """[(part, sub-shape, Output)] for one shape, split while too large."""
    sub = replace(rules, shapes=(shape,))
    try:
        return [(part, shape, compile_for(sub, flavor, options, allow_unchecked=True))]
    except TooLarge:
        split = bounded_split(shape)
        if split is None:
            raise
    out = []
    for text, piece in split:
        out += _compile_shape(rules, piece, flavor, options, f"{part}, {text}" if part else text)
    return out


def shape_patterns(
    rules: RuleSet, flavor: Flavor | str = "re2", options: Options | None = None
) -> tuple[ShapePattern, ...]:
    """The patterns of each hand shape of ``rules`` in ``flavor``, with
    their host checks (for a rule set with an indicator: of every tile it
    may turn, turned tile by turned tile).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` when a shape
    cannot be said even alone and split (the first such shape's error), or
    its checks cannot be written for the host."""
    flavor = get(flavor) if isinstance(flavor, str) else flavor
    if rules.indicator is not None:
        out: list[ShapePattern] = []
        for t in sorted(rules.indicator.tiles):
            out += shape_patterns(rules.with_indicator(t), flavor, options)
        return tuple(out)
    out = []
    for shape in rules.shapes:
        pieces = _compile_shape(rules, shape, flavor, options)
        for k, (part, piece, printed) in enumerate(pieces, start=1):
            checks = host_checks(rules, piece, printed.unchecked, flavor)
            index = k if len(pieces) > 1 else 0
            out.append(ShapePattern(shape.name, part, rules.turned, printed, checks, index))
    return tuple(out)
