"""Check a parsed rule file: resolve names, compute tile classes, enforce
the limits.

:func:`check` turns a syntactic :class:`~mahjong_regex.syntax.tree.RuleFile`
into a :class:`~mahjong_regex.ruleset.model.RuleSet`.  Every rule violation
found here is a :class:`~mahjong_regex.diagnostics.MeldError` pointing at the
DSL source; what is legal but likely a mistake becomes a warning
(:mod:`.lint`).
"""

from __future__ import annotations

from dataclasses import replace
from math import comb

from ..diagnostics import MeldError, source_lines
from ..syntax import tree as syn
from ..syntax.parser import parse
from .classes import ClassResolver
from .lint import lint
from .model import (
    MAX_COUNT_VECTORS,
    MAX_MELD_SIZE,
    MAX_MELDS,
    Constraint,
    MeldKind,
    RuleSet,
    Shape,
    TileClass,
    Wild,
    successors,
)
from .score_checks import check_scoring
from .tileset import build_alphabet

#: Largest number a tile count compares with (18 melds of 9 tiles).
MAX_TILE_COUNT = MAX_MELDS * MAX_MELD_SIZE


def load(source: str, path: str = "<rules>") -> RuleSet:
    """Parse and check rule-file text (str) into a :class:`RuleSet`.

    Raises :class:`~mahjong_regex.diagnostics.MeldError` for syntax or rule
    errors.  A leading byte-order mark is ignored."""
    source = source.removeprefix("\ufeff")
    return check(parse(source), source, path)


def check(tree: syn.RuleFile, source: str, path: str = "<rules>") -> RuleSet:
    """Resolve and validate a parsed rule file (see module docstring); the
    rule set's ``warnings`` list what :mod:`.lint` found.

    Raises :class:`~mahjong_regex.diagnostics.MeldError` at the first problem."""
    return _Checker(tree, source, path).run()


class _Checker:
    def __init__(self, tree: syn.RuleFile, source: str, path: str):
        self.tree = tree
        self.source = source
        self.path = path
        self.lines = source_lines(source)

    def text(self, span: syn.Span) -> str:
        line = self.lines[span.line - 1] if span.line <= len(self.lines) else ""
        return line[span.column - 1 : span.end_column - 1].strip()

    def statements(self, kind) -> list:
        return [s for s in self.tree.statements if isinstance(s, kind)]

    def run(self) -> RuleSet:
        tiles, wins = self.statements(syn.TilesDecl), self.statements(syn.WinDecl)
        if not tiles:
            raise MeldError("the rule set has no 'tiles { … }' block", self.tree.span)
        if len(tiles) > 1:
            raise MeldError("a second 'tiles' block; a rule set has one", tiles[1].span)
        if len(wins) > 1:
            raise MeldError("a second 'win' statement; a rule set has one", wins[1].span)
        self.alphabet = build_alphabet(tiles[0])
        self.classes = ClassResolver(self.alphabet, self.text)
        self.kinds: dict[str, MeldKind] = {}
        self.hands: dict[str, syn.HandDecl] = {}
        self.wilds: list[Wild] = []
        self.indicator: TileClass | None = None
        self.indicator_span: syn.Span | None = None
        for st in self.tree.statements:
            if isinstance(st, syn.ClassDecl):
                self.classes.declare(st)
            elif isinstance(st, (syn.WildDecl, syn.IndicatorDecl)):
                self.wild_statement(st)
            elif isinstance(st, syn.MeldDecl):
                self.add_kind(st)
            elif isinstance(st, syn.HandDecl):
                if st.name in self.hands:
                    raise MeldError(f"hand shape '{st.name}' is defined twice", st.span)
                self.hands[st.name] = st
        if not wins:
            raise MeldError("the rule set has no 'win' statement", self.tree.span)
        shapes = self.win_shapes(wins[0])
        where = tuple(self.win_constraint(c) for c in wins[0].where)
        scoring = check_scoring(self, self.statements(syn.ScoreDecl), shapes)
        rules = RuleSet(
            self.tree.name,
            self.tree.title,
            self.alphabet,
            self.kinds,
            shapes,
            where,
            self.source,
            self.path,
            wilds=tuple(self.wilds),
            indicator=self.turned_tiles(),
            indicator_span=self.indicator_span,
            scoring=scoring,
            tests=tuple(c for b in self.statements(syn.HandTestsDecl) for c in b.cases),
        )
        return replace(rules, warnings=lint(rules, self.tree, self.hands, self.classes))

    def win_constraint(self, c: syn.Constraint) -> Constraint:
        """A constraint of a ``win`` or ``hand`` statement: no scoring-only
        condition (one that looks at the melds' tiles)."""
        out = self.constraint(c)
        if out.is_scoring_only:
            raise MeldError(
                f"'{out.text}' looks at the melds of the split: it is a scoring condition, "
                "allowed only in a 'score' statement",
                c.span,
            )
        return out

    def win_shapes(self, win: syn.WinDecl) -> tuple[Shape, ...]:
        shapes: list[Shape] = []
        for name, span in zip(win.shapes, win.shape_spans):
            if name not in self.hands:
                raise MeldError(
                    f"unknown hand shape '{name}'",
                    span,
                    help=self.known("hand shapes", self.hands),
                )
            if any(s.name == name for s in shapes):
                raise MeldError(f"hand shape '{name}' is named twice", span)
            shapes.append(self.build_shape(self.hands[name]))
        return tuple(shapes)

    def wild_statement(self, st) -> None:
        """A ``wild``, ``proxy`` or ``indicator`` statement."""
        if isinstance(st, syn.IndicatorDecl):
            if self.indicator is not None:
                raise MeldError("a second 'indicator' statement; a rule set has one", st.span)
            of = st.of
            self.indicator_span = st.span
            self.indicator = (
                self.classes.nonempty(of) if of is not None else self.not_flowers(st.span)
            )
            return
        tiles = self.classes.nonempty(st.tiles, dynamic=True)
        if st.domain is None:
            domain = self.not_flowers(st.span)
        else:
            domain = self.classes.nonempty(st.domain, dynamic=st.proxy)
        if st.proxy and len(domain.tiles) + len(domain.dynamic) != 1:
            raise MeldError("a proxy stands for one tile: 'indicator' or one tile name", st.span)
        self.wilds.append(Wild(tiles, domain, st.proxy, st.span))

    def not_flowers(self, span: syn.Span) -> TileClass:
        """Every tile but the flowers (what a wild stands for by default)."""
        tiles = frozenset(t.index for t in self.alphabet.tiles if not t.flower)
        return TileClass(tiles, self.text(span))

    def turned_tiles(self) -> TileClass | None:
        """The tiles a hand's turned tile may be: those of the ``indicator``
        statement, or every tile but the flowers when a class names the turned
        tile without one; each with its next tile when ``next(indicator)`` is
        used."""
        turned = self.indicator
        if turned is None and self.classes.dynamic_used:
            turned = self.not_flowers(self.tree.span)
        if turned is not None and "next" in self.classes.dynamic_used:
            nexts = successors(self.alphabet)
            for i in sorted(turned.tiles):
                if i not in nexts:
                    name = self.alphabet.tiles[i].name
                    raise MeldError(
                        f"next(indicator): the tile after '{name}' is not a tile of this rule set",
                        self.classes.next_span or self.tree.span,
                    )
        return turned

    @staticmethod
    def known(what: str, names) -> str:
        return f"the {what} defined are: " + (", ".join(sorted(names)) or "none")

    # ---- meld kinds, shapes, constraints -------------------------------------------

    def add_kind(self, decl: syn.MeldDecl) -> None:
        if decl.name in self.kinds:
            raise MeldError(f"meld kind '{decl.name}' is defined twice", decl.span)
        if not 1 <= decl.size <= MAX_MELD_SIZE:
            raise MeldError(f"a meld has 1 to {MAX_MELD_SIZE} tiles, not {decl.size}", decl.span)
        if not 1 <= decl.step <= 8:
            raise MeldError(f"a run's step is 1 to 8, not {decl.step}", decl.span)
        of = self.classes.tile_class(decl.of) if decl.of is not None else None
        kind = MeldKind(decl.name, decl.form, decl.size, of, decl.span, decl.step)
        if not kind.instances(self.alphabet):
            raise MeldError(f"meld kind '{decl.name}' matches no tiles", decl.span)
        self.kinds[decl.name] = kind

    def known_kinds(self, names, span: syn.Span, spans=()) -> None:
        """Raise :class:`MeldError` for the first of ``names`` that is not a
        meld kind: at its place in ``spans`` (one per name), else at
        ``span``."""
        for i, k in enumerate(names):
            if k not in self.kinds:
                at = spans[i] if i < len(spans) else span
                raise MeldError(
                    f"unknown meld kind '{k}'", at, help=self.known("meld kinds", self.kinds)
                )

    def build_shape(self, decl: syn.HandDecl) -> Shape:
        slots = []
        for s in decl.slots:
            if s.count < 1:
                raise MeldError("a slot count is at least 1", s.span)
            self.known_kinds(s.kinds, s.span, s.kind_spans)
            slots.append((s.count, tuple(dict.fromkeys(s.kinds))))
        total = sum(c for c, _ in slots)
        if total > MAX_MELDS:
            raise MeldError(
                f"hand shape '{decl.name}' has {total} melds; at most {MAX_MELDS} are supported",
                decl.span,
            )
        kinds = len({k for _, ks in slots for k in ks})
        combos = comb(total + kinds, kinds)
        if combos > MAX_COUNT_VECTORS:
            raise MeldError(
                f"hand shape '{decl.name}' mixes {kinds} meld kinds over {total} melds: "
                f"{combos:,} kind counts to consider, at most {MAX_COUNT_VECTORS:,}",
                decl.span,
                help="use fewer meld kinds or fewer melds in one shape",
            )
        where = tuple(self.win_constraint(c) for c in decl.where)
        return Shape(decl.name, tuple(slots), where, self.text(decl.span), decl.span)

    def constraint(self, c: syn.Constraint, held: bool = False) -> Constraint:
        text = self.text(c.span)
        if isinstance(c, syn.Held):
            inner = self.constraint(c.inner, held=True)
            if inner.is_meld_level or inner.kind == "substitutes":
                raise MeldError("'held' applies to tile conditions", c.span)
            return replace(inner, text=text, span=c.span)
        if isinstance(c, syn.Substitutes):
            if c.value > 64:
                raise MeldError("'substitutes' compares with a number from 0 to 64", c.span)
            return Constraint("substitutes", text, c.span, c.op, c.value)
        if isinstance(c, syn.AnyOf):
            parts = tuple(self.constraint(p, held) for p in c.parts)
            if len({p.is_meld_level for p in parts}) > 1:
                raise MeldError(
                    "'or' joins conditions of one kind: meld counts, or tiles of the hand",
                    c.span,
                )
            return Constraint("any", text, c.span, parts=parts)
        if isinstance(c, syn.MeldCount):
            self.known_kinds(c.kinds, c.span, c.kind_spans)
            within = None
            if c.of is not None:
                self.count_range(c.value, c.span)
                within = self.classes.nonempty(c.of)
            return Constraint(
                "meld_count", text, c.span, c.op, c.value, kinds=frozenset(c.kinds), within=within
            )
        if isinstance(c, syn.SplitCount):
            self.known_kinds(c.kinds, c.span, c.kind_spans)
            self.count_range(c.value, c.span)
            return Constraint(c.what, text, c.span, c.op, c.value, kinds=frozenset(c.kinds))
        if isinstance(c, syn.EveryMeld):
            tiles = self.classes.nonempty(c.tiles)
            return Constraint("every_meld", text, c.span, tiles=tiles)
        if isinstance(c, syn.SuitCount):
            n = len(self.alphabet.suits)
            if c.value > n:
                raise MeldError(
                    f"'suits {c.op} {c.value}': this rule set has only {n} suits",
                    c.span,
                )
            return Constraint("suit_count", text, c.span, c.op, c.value, held=held)
        if isinstance(c, syn.SuitTiles):
            return replace(self.suit_tiles(c, text), held=held)
        if isinstance(c, (syn.Contains, syn.Only)):
            kind = "contains" if isinstance(c, syn.Contains) else "only"
            tiles = self.classes.nonempty(c.tiles, dynamic=held)
            return Constraint(kind, text, c.span, tiles=tiles, held=held)
        return replace(self.counted_tiles(c, text, held), held=held)

    @staticmethod
    def count_range(value: int, span: syn.Span) -> None:
        """A meld count compares with 0 to :data:`MAX_MELDS`."""
        if value > MAX_MELDS:
            raise MeldError(f"a count of melds compares with a number from 0 to {MAX_MELDS}", span)

    def counted_tiles(self, c: syn.EachTile, text: str, held: bool = False) -> Constraint:
        """``each CLASS OP N`` or ``tiles(CLASS) OP N``; ``held`` lets the
        class name the turned tile."""
        if isinstance(c, syn.TileCount):
            if c.value > MAX_TILE_COUNT:
                raise MeldError(
                    f"'tiles' compares with a number from 0 to {MAX_TILE_COUNT}", c.span
                )
            tiles = self.classes.nonempty(c.tiles, dynamic=held)
            return Constraint("tile_count", text, c.span, c.op, c.value, tiles=tiles)
        if c.value > 64:
            raise MeldError("'each' compares with a number from 0 to 64", c.span)
        tiles = self.classes.nonempty(c.tiles, dynamic=held)
        return Constraint("each_tile", text, c.span, c.op, c.value, tiles=tiles)

    def suit_tiles(self, c: syn.SuitTiles, text: str) -> Constraint:
        """``tiles(some suit) OP N`` as "any" of one tile count per suit;
        ``tiles(every suit) OP N`` as "all" of them."""
        if not self.alphabet.suits:
            raise MeldError("this rule set has no suits", c.span)
        if c.value > MAX_TILE_COUNT:
            raise MeldError(f"'tiles' compares with a number from 0 to {MAX_TILE_COUNT}", c.span)
        parts = tuple(
            Constraint(
                "tile_count",
                f"tiles({suit}) {c.op} {c.value}",
                c.span,
                c.op,
                c.value,
                tiles=TileClass(frozenset(t.index for t in self.alphabet.suit_tiles(suit)), suit),
            )
            for suit in self.alphabet.suits
        )
        kind = "any" if c.quantifier == "some" else "all"
        return Constraint(kind, text, c.span, parts=parts)
