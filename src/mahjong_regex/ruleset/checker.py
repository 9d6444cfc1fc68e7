"""Check a parsed rule file: resolve names, compute tile classes, enforce
the limits.

:func:`check` turns a syntactic :class:`~mahjong_regex.syntax.tree.RuleFile`
into a :class:`~mahjong_regex.ruleset.model.RuleSet`.  Every rule violation
found here is a :class:`~mahjong_regex.diagnostics.MeldError` pointing at the
DSL source.
"""

from __future__ import annotations

from math import comb

from ..diagnostics import MeldError, source_lines
from ..syntax import tree as syn
from ..syntax.parser import parse
from .model import (
    BUILTIN_CLASSES,
    MAX_COUNT_VECTORS,
    MAX_MELD_SIZE,
    MAX_MELDS,
    Alphabet,
    Constraint,
    MeldKind,
    RuleSet,
    Shape,
    Tile,
    TileClass,
)


def load(source: str, path: str = "<rules>") -> RuleSet:
    """Parse and check rule-file text (str) into a :class:`RuleSet`.

    Raises :class:`~mahjong_regex.diagnostics.MeldError` for syntax or rule
    errors.  A leading byte-order mark is ignored."""
    source = source.removeprefix("\ufeff")
    return check(parse(source), source, path)


def check(tree: syn.RuleFile, source: str, path: str = "<rules>") -> RuleSet:
    """Resolve and validate a parsed rule file (see module docstring).

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

    def run(self) -> RuleSet:
        tiles = [s for s in self.tree.statements if isinstance(s, syn.TilesDecl)]
        wins = [s for s in self.tree.statements if isinstance(s, syn.WinDecl)]
        if not tiles:
            raise MeldError("the rule set has no 'tiles { … }' block", self.tree.span)
        if len(tiles) > 1:
            raise MeldError("a second 'tiles' block; a rule set has one", tiles[1].span)
        if len(wins) > 1:
            raise MeldError("a second 'win' statement; a rule set has one", wins[1].span)
        self.alphabet = self.build_alphabet(tiles[0])
        self.kinds: dict[str, MeldKind] = {}
        self.hands: dict[str, syn.HandDecl] = {}
        for st in self.tree.statements:
            if isinstance(st, syn.MeldDecl):
                self.add_kind(st)
            elif isinstance(st, syn.HandDecl):
                if st.name in self.hands:
                    raise MeldError(f"hand shape '{st.name}' is defined twice", st.span)
                self.hands[st.name] = st
        if not wins:
            raise MeldError("the rule set has no 'win' statement", self.tree.span)
        win = wins[0]
        shapes = []
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
        where = tuple(self.constraint(c) for c in win.where)
        return RuleSet(
            self.tree.name,
            self.tree.title,
            self.alphabet,
            self.kinds,
            tuple(shapes),
            where,
            self.source,
            self.path,
        )

    @staticmethod
    def known(what: str, names) -> str:
        return f"the {what} defined are: " + (", ".join(sorted(names)) or "none")

    # ---- alphabet ----------------------------------------------------------------

    def build_alphabet(self, decl: syn.TilesDecl) -> Alphabet:
        tiles: list[Tile] = []
        seen: dict[str, syn.TileName] = {}
        suits: list[str] = []
        groups: list[str] = []
        for g in decl.groups:
            if g.name in BUILTIN_CLASSES or g.name in suits or g.name in groups:
                raise MeldError(f"the name '{g.name}' is already taken", g.span)
            if isinstance(g, syn.SuitDecl):
                if len(g.tiles) != 9:
                    raise MeldError(
                        f"suit '{g.name}' has {len(g.tiles)} tile names; a suit has 9, in rank order",
                        g.span,
                    )
                suits.append(g.name)
            else:
                groups.append(g.name)
            for rank, tn in enumerate(g.tiles, start=1):
                if tn.text in seen:
                    raise MeldError(f"tile name '{tn.text}' is declared twice", tn.span)
                seen[tn.text] = tn
                if isinstance(g, syn.SuitDecl):
                    tiles.append(Tile(len(tiles), tn.text, g.name, rank, None))
                else:
                    tiles.append(Tile(len(tiles), tn.text, None, None, g.name))
        names = sorted(seen)
        for a in names:
            for b in names:
                if a != b and b.startswith(a):
                    raise MeldError(
                        f"tile name '{a}' is a prefix of '{b}', so a hand could not be split into tiles",
                        seen[a].span,
                    )
        return Alphabet(tuple(tiles), tuple(suits), tuple(groups))

    def tile_class(self, expr: syn.ClassExpr) -> TileClass:
        return TileClass(frozenset(self.class_tiles(expr)), self.text(expr.span))

    def class_tiles(self, expr: syn.ClassExpr) -> set[int]:
        tiles = self.alphabet.tiles
        if isinstance(expr, syn.ClassUnion):
            out: set[int] = set()
            for p in expr.parts:
                out |= self.class_tiles(p)
            return out
        if isinstance(expr, syn.ClassTiles):
            by_name = self.alphabet.by_name
            out = set()
            for tn in expr.tiles:
                if tn.text not in by_name:
                    raise MeldError(f"'{tn.text}' is not a tile of this rule set", tn.span)
                out.add(by_name[tn.text].index)
            return out
        if isinstance(expr, syn.ClassRanks):
            for r in expr.ranks:
                if not 1 <= r <= 9:
                    raise MeldError(f"rank {r} is out of range; ranks are 1 to 9", expr.span)
            return {t.index for t in tiles if t.rank in expr.ranks}
        name = expr.name
        if name == "tile":
            return {t.index for t in tiles}
        if name == "honor":
            return {t.index for t in tiles if t.is_honor}
        if name == "terminal":
            return {t.index for t in tiles if t.is_terminal}
        if name == "simple":
            return {t.index for t in tiles if t.rank is not None and 2 <= t.rank <= 8}
        if name in self.alphabet.suits:
            return {t.index for t in tiles if t.suit == name}
        if name in self.alphabet.honor_groups:
            return {t.index for t in tiles if t.honor_group == name}
        raise MeldError(
            f"unknown tile class '{name}'",
            expr.span,
            help="tile classes are "
            + ", ".join(BUILTIN_CLASSES + self.alphabet.suits + self.alphabet.honor_groups),
        )

    # ---- meld kinds, shapes, constraints -------------------------------------------

    def add_kind(self, decl: syn.MeldDecl) -> None:
        if decl.name in self.kinds:
            raise MeldError(f"meld kind '{decl.name}' is defined twice", decl.span)
        if not 1 <= decl.size <= MAX_MELD_SIZE:
            raise MeldError(f"a meld has 1 to {MAX_MELD_SIZE} tiles, not {decl.size}", decl.span)
        of = self.tile_class(decl.of) if decl.of is not None else None
        kind = MeldKind(decl.name, decl.form, decl.size, of, decl.span)
        if not kind.instances(self.alphabet):
            raise MeldError(f"meld kind '{decl.name}' matches no tiles", decl.span)
        self.kinds[decl.name] = kind

    def known_kinds(self, names, span: syn.Span) -> None:
        """Raise :class:`MeldError` at ``span`` for the first of ``names``
        that is not a meld kind."""
        for k in names:
            if k not in self.kinds:
                raise MeldError(
                    f"unknown meld kind '{k}'", span, help=self.known("meld kinds", self.kinds)
                )

    def build_shape(self, decl: syn.HandDecl) -> Shape:
        slots = []
        for s in decl.slots:
            if s.count < 1:
                raise MeldError("a slot count is at least 1", s.span)
            self.known_kinds(s.kinds, s.span)
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
        where = tuple(self.constraint(c) for c in decl.where)
        return Shape(decl.name, tuple(slots), where, self.text(decl.span), decl.span)

    def constraint(self, c: syn.Constraint) -> Constraint:
        text = self.text(c.span)
        if isinstance(c, syn.MeldCount):
            self.known_kinds(c.kinds, c.span)
            return Constraint("meld_count", text, c.span, c.op, c.value, kinds=frozenset(c.kinds))
        if isinstance(c, syn.SuitCount):
            n = len(self.alphabet.suits)
            if c.value > n:
                raise MeldError(
                    f"'suits {c.op} {c.value}': this rule set has only {n} suits",
                    c.span,
                )
            return Constraint("suit_count", text, c.span, c.op, c.value)
        if isinstance(c, syn.Contains):
            return Constraint("contains", text, c.span, tiles=self.nonempty(c.tiles))
        if isinstance(c, syn.Only):
            return Constraint("only", text, c.span, tiles=self.nonempty(c.tiles))
        if c.value > 64:
            raise MeldError("'each' compares with a number from 0 to 64", c.span)
        return Constraint("each_tile", text, c.span, c.op, c.value, tiles=self.nonempty(c.tiles))

    def nonempty(self, expr: syn.ClassExpr) -> TileClass:
        cls = self.tile_class(expr)
        if not cls.tiles:
            raise MeldError(f"the tile class '{cls.text}' is empty", expr.span)
        return cls
