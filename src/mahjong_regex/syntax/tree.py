"""Typed syntax tree of a ``.meld`` rule file.

Every node is a frozen dataclass carrying a :class:`Span` (1-based line and
column of its first character, plus the end column on that line), so that any
later stage -- the checker, the compiler, a flavor printer -- can point back
at the DSL text that a diagnostic or a piece of a generated pattern came from.

The tree is produced by :func:`mahjong_regex.syntax.parser.parse` and consumed
by :func:`mahjong_regex.ruleset.checker.check`.  It is purely syntactic: names are not yet
resolved and counts are not yet validated.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Span

# ---- tile alphabet ----------------------------------------------------------


@dataclass(frozen=True)
class TileName:
    """One tile name as written, e.g. ``幺鸡`` or ``1m``; ``identity`` is the
    tile it says it is (``红中 = 中``), when written."""

    text: str
    span: Span
    identity: "TileName | None" = None


@dataclass(frozen=True)
class TileGroupDecl:
    """A named group of tile names in the ``tiles`` block."""

    name: str
    tiles: tuple[TileName, ...]
    span: Span


@dataclass(frozen=True)
class SuitDecl(TileGroupDecl):
    """``suit NAME [= m|p|s] [ranks A-B]: t …`` -- a suit and its tile names
    in rank order (ranks 1 to 9 unless a range is given); ``identity`` the
    suit it is (m, p or s) when written."""

    identity: TileName | None = None
    ranks: tuple[int, int] = (1, 9)


class HonorDecl(TileGroupDecl):
    """``honor NAME: t …`` -- a named group of honor tiles (no rank, no suit)."""


class FlowerDecl(TileGroupDecl):
    """``flower NAME: t …`` -- a named group of flower tiles."""


@dataclass(frozen=True)
class TilesDecl:
    """The ``tiles { … }`` block."""

    groups: tuple[TileGroupDecl, ...]
    span: Span


# ---- tile classes -------------------------------------------------------------


@dataclass(frozen=True)
class ClassName:
    """A bare name: a class (``tile``, ``honor``, ``flower``, ``terminal``,
    ``simple``, a suit, an honor or flower group, a ``class``) or a tile."""

    name: str
    span: Span


@dataclass(frozen=True)
class _Members:
    """A class given by what it holds (``members``)."""

    members: tuple
    span: Span


class ClassTiles(_Members):
    """An explicit set of tiles, ``{幺鸡, 红中}``: ``members`` are
    :class:`TileName`."""


class ClassRanks(_Members):
    """Suited tiles of the given ranks, ``rank in {2, 5, 8}``: ``members``
    are ints."""


@dataclass(frozen=True)
class ClassUnion:
    """``a | b | …`` -- the union of tile classes."""

    parts: tuple["ClassExpr", ...]
    span: Span


class ClassIntersection(ClassUnion):
    """``a & b & …`` -- the tiles in every one of the classes."""


@dataclass(frozen=True)
class ClassDynamic:
    """``indicator`` (the turned tile's kind) or ``next(indicator)`` (the
    kind after it): a class that depends on the hand; ``which`` is
    ``"indicator"`` or ``"next"``."""

    which: str
    span: Span


ClassExpr = ClassName | ClassTiles | ClassRanks | ClassUnion | ClassDynamic


@dataclass(frozen=True)
class ClassDecl:
    """``class NAME = CLASS`` -- a named tile class."""

    name: str
    expr: ClassExpr
    span: Span


# ---- wild tiles -----------------------------------------------------------------


@dataclass(frozen=True)
class WildDecl:
    """``wild CLASS [for CLASS]`` (``proxy`` False): the tiles of the first
    class may stand for any tile of the second (default: every tile but the
    flowers), or for themselves.  ``proxy CLASS for CLASS`` (``proxy``
    True): the tiles stand for the one tile of the second class, never for
    themselves."""

    tiles: ClassExpr
    domain: ClassExpr | None
    proxy: bool
    span: Span


@dataclass(frozen=True)
class IndicatorDecl:
    """``indicator [of CLASS]``: a hand starts with a turned tile (of the
    class) and ``|``."""

    of: ClassExpr | None
    span: Span


# ---- meld kinds ---------------------------------------------------------------


@dataclass(frozen=True)
class MeldDecl:
    """``meld NAME = FORM N [of CLASS]``.

    ``form`` is ``"run"`` (N ranks of one suit, ascending, ``step`` apart:
    consecutive with step 1, ``1-4-7`` with step 3), ``"same"`` (N identical
    tiles) or ``"distinct"`` (N different tiles, in declaration order); ``of``
    restricts every tile of the meld to a class."""

    name: str
    form: str
    size: int
    of: ClassExpr | None
    span: Span
    step: int = 1


# ---- constraints ----------------------------------------------------------------


@dataclass(frozen=True)
class MeldCount:
    """``count(k1 | k2) OP N`` -- how many melds of these kinds the split has;
    ``count(k1 | k2 of CLASS) OP N`` counts only the melds whose tiles are
    all of the class (``of``; scoring conditions only)."""

    kinds: tuple[str, ...]
    op: str
    value: int
    span: Span
    of: "ClassExpr | None" = None
    #: Where each of ``kinds`` is written (empty when not known).
    kind_spans: tuple[Span, ...] = ()


@dataclass(frozen=True)
class SplitCount:
    """A count over the melds of the split, for scoring conditions:
    ``what`` is ``"twins"`` (pairs of identical melds of these kinds),
    ``"across"`` (the most suits holding melds of these kinds at the same
    ranks) or ``"chain"`` (the most melds of these kinds in one suit, each
    starting at the rank after the one before ends)."""

    what: str
    kinds: tuple[str, ...]
    op: str
    value: int
    span: Span
    #: Where each of ``kinds`` is written (empty when not known).
    kind_spans: tuple[Span, ...] = ()


@dataclass(frozen=True)
class EveryMeld:
    """``every meld holds(CLASS)`` -- every meld of the split, the pair
    included, holds a tile of the class (scoring conditions only)."""

    tiles: "ClassExpr"
    span: Span


@dataclass(frozen=True)
class SuitCount:
    """``suits OP N`` -- how many different suits the hand's tiles come from."""

    op: str
    value: int
    span: Span


@dataclass(frozen=True)
class _OfClass:
    """A constraint on the tiles of one class."""

    tiles: ClassExpr
    span: Span


class Contains(_OfClass):
    """``contains(CLASS)`` -- at least one tile of the class."""


class Only(_OfClass):
    """``only(CLASS)`` -- every tile is of the class."""


@dataclass(frozen=True)
class EachTile:
    """``each CLASS OP N`` -- every tile of the class occurs OP N times."""

    tiles: ClassExpr
    op: str
    value: int
    span: Span


class TileCount(EachTile):
    """``tiles(CLASS) OP N`` -- how many tiles of the class the hand holds."""


@dataclass(frozen=True)
class SuitTiles:
    """``tiles(some suit) OP N`` / ``tiles(every suit) OP N`` -- how many
    tiles some suit (or every suit) holds; ``quantifier`` is ``some`` or
    ``every``."""

    quantifier: str
    op: str
    value: int
    span: Span


@dataclass(frozen=True)
class Substitutes:
    """``substitutes OP N`` -- how many wild tiles stand for a tile other than
    their own."""

    op: str
    value: int
    span: Span


@dataclass(frozen=True)
class Held:
    """``held CONDITION`` -- a tile condition on the tiles held, as they are,
    rather than on the tiles they stand for."""

    inner: "Constraint"
    span: Span


@dataclass(frozen=True)
class AnyOf:
    """``A or B or …`` -- at least one of the conditions holds."""

    parts: tuple["Constraint", ...]
    span: Span


Constraint = (
    MeldCount
    | SplitCount
    | EveryMeld
    | SuitCount
    | Contains
    | Only
    | EachTile
    | SuitTiles
    | Substitutes
    | Held
    | AnyOf
)


# ---- hand shapes and the winning condition --------------------------------------


@dataclass(frozen=True)
class Slot:
    """``N * (k1 | k2)`` -- N melds, each of one of the kinds."""

    count: int
    kinds: tuple[str, ...]
    span: Span
    #: Where each of ``kinds`` is written (empty when not known).
    kind_spans: tuple[Span, ...] = ()


@dataclass(frozen=True)
class HandDecl:
    """``hand NAME = slot + slot … [where …]``."""

    name: str
    slots: tuple[Slot, ...]
    where: tuple[Constraint, ...]
    span: Span


@dataclass(frozen=True)
class WinDecl:
    """``win shape | shape … [where …]``."""

    shapes: tuple[str, ...]
    shape_spans: tuple[Span, ...]
    where: tuple[Constraint, ...]
    span: Span


@dataclass(frozen=True)
class Per:
    """``per count(k1 | k2 [of CLASS])`` or ``per twins(k1 | k2)``: how many
    times a scoring element counts on a split (``what`` is ``"count"`` or
    ``"twins"``)."""

    what: str
    kinds: tuple[str, ...]
    of: "ClassExpr | None"
    span: Span
    #: Where each of ``kinds`` is written (empty when not known).
    kind_spans: tuple[Span, ...] = ()


@dataclass(frozen=True)
class ScoreDecl:
    """``score NAME = VALUE [limit] [per …] [on shape | …] [where …]
    [supersedes NAME, …]`` -- a scoring element."""

    name: str
    value: int
    limit: bool
    per: Per | None
    shapes: tuple[str, ...]
    shape_spans: tuple[Span, ...]
    where: tuple[Constraint, ...]
    supersedes: tuple[str, ...]
    supersede_spans: tuple[Span, ...]
    span: Span
    name_span: Span


# ---- tests --------------------------------------------------------------------------


@dataclass(frozen=True)
class SplitMeld:
    """One meld of a test's ``split``: the meld kind (``kind``, at
    ``kind_span``) and its tiles as pieces: ``(held, stands, span)`` with
    ``held`` tile names as written and ``stands`` the tile a wild tile stands
    for (``[中=五条]``), or None for tiles that stand for themselves."""

    kind: str
    kind_span: Span
    pieces: tuple[tuple[str, str | None, Span], ...]
    span: Span


@dataclass(frozen=True)
class Because:
    """One rule a losing hand of a test breaks: ``what`` is ``"rule"`` (a
    constraint, ``rule`` its syntax), ``"line"`` (every constraint on line
    ``line``) or ``"no_split"`` (no split fits any hand shape)."""

    what: str
    span: Span
    rule: "Constraint | None" = None
    line: int = 0


@dataclass(frozen=True)
class HandTestDecl:
    """``win HAND …`` or ``no HAND …`` in a ``tests`` block: a hand and the
    verdict the rules must give it (``win``).  ``hand`` is written as
    ``match`` reads it, ``turned`` the turned tile before ``|`` (None when
    none is written, and in a ``quoted`` hand, a JSON string that may hold
    any string), each with its span.  Optional expectations: ``shape``
    (``as NAME``), ``split`` (``split KIND TILES | …``), ``because`` (the
    rules a loss breaks), ``score`` and ``elements`` (``scores N: A, B``;
    ``elements`` None when not listed).  ``form`` is the input form of its
    block."""

    win: bool
    hand: str
    hand_span: Span
    turned: str | None
    turned_span: Span | None
    span: Span
    form: str = "arranged"
    shape: tuple[str, Span] | None = None
    split: tuple[SplitMeld, ...] | None = None
    because: tuple[Because, ...] = ()
    score: tuple[int, Span] | None = None
    elements: tuple[tuple[str, Span], ...] | None = None
    #: The hand was written as a JSON string: any string, tiles or not.
    quoted: bool = False

    @property
    def text(self) -> str:
        """The hand string the rules decide: ``TURNED|HAND`` or ``HAND``."""
        return self.hand if self.turned is None else f"{self.turned}|{self.hand}"


@dataclass(frozen=True)
class HandTestsDecl:
    """``tests [FORM] { … }``: test cases, their hands in input form ``form``."""

    form: str
    cases: tuple[HandTestDecl, ...]
    span: Span


@dataclass(frozen=True)
class RuleFile:
    """A whole ``.meld`` file, statements in source order."""

    name: str
    title: str | None
    statements: tuple[
        TilesDecl
        | ClassDecl
        | WildDecl
        | IndicatorDecl
        | MeldDecl
        | HandDecl
        | WinDecl
        | ScoreDecl
        | HandTestsDecl,
        ...,
    ]
    span: Span
