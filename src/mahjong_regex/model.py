"""The checked rule set: names resolved, tile classes computed, limits enforced.

:func:`check` turns a syntactic :class:`~mahjong_regex.ast.RuleFile` into a
:class:`RuleSet`, the one input shared by the reference evaluator
(:mod:`mahjong_regex.reference`) and the compiler (:mod:`mahjong_regex.compile`).
Every rule violation found here is a :class:`~mahjong_regex.diagnostics.MeldError`
pointing at the DSL source.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from itertools import combinations
from math import comb

from . import ast
from .diagnostics import HandError, MeldError, source_lines
from .parse import parse

#: Class names every rule set has, besides its suit and honor-group names.
BUILTIN_CLASSES = ("tile", "honor", "terminal", "simple")
#: Upper bound on melds in one hand shape (keeps the meld automaton small).
MAX_MELDS = 18
#: Upper bound on tiles in one meld.
MAX_MELD_SIZE = 9
#: Upper bound on the kind-count vectors of one shape's meld automaton.
MAX_COUNT_VECTORS = 300_000


@dataclass(frozen=True)
class Tile:
    """One tile of the alphabet.

    ``index`` is its position in declaration order; suited tiles have ``suit``
    and ``rank`` (1-9), honors have ``honor_group`` and neither."""

    index: int
    name: str
    suit: str | None
    rank: int | None
    honor_group: str | None

    @property
    def is_honor(self) -> bool:
        return self.suit is None

    @property
    def is_terminal(self) -> bool:
        return self.rank in (1, 9)


@dataclass(frozen=True)
class Alphabet:
    """The tile alphabet of a rule set: tiles in declaration order, suit names
    in order, and a lookup by name.  Tile names form a prefix code (checked),
    so a hand string splits into tiles in at most one way."""

    tiles: tuple[Tile, ...]
    suits: tuple[str, ...]
    honor_groups: tuple[str, ...]

    @property
    def by_name(self) -> dict[str, Tile]:
        return {t.name: t for t in self.tiles}

    def suit_tiles(self, suit: str) -> tuple[Tile, ...]:
        """The tiles of ``suit`` in rank order (9 of them)."""
        return tuple(t for t in self.tiles if t.suit == suit)

    def tokenize(self, hand: str) -> tuple[Tile, ...]:
        """Split a hand string into tiles (str -> tuple of Tile).

        Raises :class:`~mahjong_regex.diagnostics.HandError` naming the
        first character that cannot belong to a tile name (or an empty
        hand)."""
        names = sorted(self.by_name.items(), key=lambda kv: -len(kv[0]))
        if not hand:
            raise HandError(0, "")
        out = []
        i = 0
        while i < len(hand):
            for name, tile in names:
                if hand.startswith(name, i):
                    out.append(tile)
                    i += len(name)
                    break
            else:
                # The longest start of a tile name found here, then the
                # character that breaks it.
                k = 0
                while i + k < len(hand) and any(
                    n.startswith(hand[i : i + k + 1]) for n, _ in names
                ):
                    k += 1
                if i + k == len(hand):
                    raise HandError(len(hand), "", hand[i:])
                raise HandError(i + k, hand[i + k], hand[i : i + k])
        return tuple(out)


@dataclass(frozen=True)
class TileClass:
    """A set of tiles named in the DSL; ``tiles`` holds tile indices and
    ``text`` the DSL expression that defined it."""

    tiles: frozenset[int]
    text: str


@dataclass(frozen=True)
class MeldKind:
    """A meld kind: ``form`` ``run`` (``size`` consecutive ranks of one suit,
    ascending) or ``same`` (``size`` identical tiles), every tile within
    ``of`` when given.  ``line`` is its DSL line, for labels."""

    name: str
    form: str
    size: int
    of: TileClass | None
    span: ast.Span

    def instances(self, alphabet: Alphabet) -> tuple[tuple[int, ...], ...]:
        """Every tile sequence (tuple of tile indices) this kind matches, in
        alphabet order."""
        allowed = self.of.tiles if self.of else None
        out = []
        if self.form == "same":
            for t in alphabet.tiles:
                if allowed is None or t.index in allowed:
                    out.append((t.index,) * self.size)
        else:
            for suit in alphabet.suits:
                ranked = alphabet.suit_tiles(suit)
                for start in range(0, 10 - self.size):
                    seq = tuple(t.index for t in ranked[start : start + self.size])
                    if allowed is None or all(i in allowed for i in seq):
                        out.append(seq)
        return tuple(out)


@dataclass(frozen=True)
class Constraint:
    """A resolved constraint.

    ``kind`` is one of ``meld_count`` (``kinds`` counted), ``suit_count``,
    ``contains``, ``only``, ``each_tile`` (``tiles`` the class);  ``op`` and
    ``value`` compare the counted quantity.  ``text`` is the DSL source of the
    constraint and ``span`` where it stands."""

    kind: str
    text: str
    span: ast.Span
    op: str = ">="
    value: int = 0
    kinds: frozenset[str] = frozenset()
    tiles: TileClass | None = None

    @property
    def is_meld_level(self) -> bool:
        return self.kind == "meld_count"

    def label(self) -> str:
        return f"line {self.span.line}: {self.text}"


def compare(a: int, op: str, b: int) -> bool:
    """Evaluate ``a OP b`` for the DSL comparisons ``>=``, ``<=``, ``==``."""
    return a >= b if op == ">=" else a <= b if op == "<=" else a == b


@dataclass(frozen=True)
class Shape:
    """A hand shape: ``slots`` is a tuple of ``(count, kinds)``; a split fits
    the shape when its melds can be assigned one to one to the slots, each to
    a slot allowing its kind.  ``where`` holds the shape's own constraints."""

    name: str
    slots: tuple[tuple[int, tuple[str, ...]], ...]
    where: tuple[Constraint, ...]
    text: str
    span: ast.Span

    @property
    def size(self) -> int:
        """Number of melds in the shape."""
        return sum(c for c, _ in self.slots)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The meld kinds the shape uses, in first-mention order."""
        seen: dict[str, None] = {}
        for _, ks in self.slots:
            for k in ks:
                seen.setdefault(k, None)
        return tuple(seen)


@dataclass(frozen=True)
class RuleSet:
    """A checked rule set, ready for evaluation and compilation.

    ``shapes`` are the hand shapes the win condition allows (in ``win``
    order); ``where`` the constraints of the win condition, applying to every
    shape; ``source``/``path`` the DSL text it came from."""

    name: str
    title: str | None
    alphabet: Alphabet
    kinds: dict[str, MeldKind]
    shapes: tuple[Shape, ...]
    where: tuple[Constraint, ...]
    source: str
    path: str
    win_span: ast.Span = field(default=ast.Span(1, 1, 2))

    @property
    def source_hash(self) -> str:
        """SHA-256 of the DSL source text, hex."""
        return hashlib.sha256(self.source.encode("utf-8")).hexdigest()

    def relaxed(self, labels) -> "RuleSet":
        """This rule set less the constraints whose :meth:`Constraint.label`
        is in ``labels``: what a pattern decides when a flavor left those
        constraints unchecked on request."""
        drop = set(labels)
        keep = lambda cs: tuple(c for c in cs if c.label() not in drop)  # noqa: E731
        shapes = tuple(replace(s, where=keep(s.where)) for s in self.shapes)
        return replace(self, shapes=shapes, where=keep(self.where))

    def line(self, n: int) -> str:
        """Source line ``n`` (1-based) without its comment, stripped."""
        lines = source_lines(self.source)
        return lines[n - 1].split("#", 1)[0].strip() if 0 < n <= len(lines) else ""


def load(source: str, path: str = "<rules>") -> RuleSet:
    """Parse and check rule-file text (str) into a :class:`RuleSet`.

    Raises :class:`~mahjong_regex.diagnostics.MeldError` for syntax or rule
    errors.  A leading byte-order mark is ignored."""
    source = source.removeprefix("\ufeff")
    return check(parse(source), source, path)


def check(tree: ast.RuleFile, source: str, path: str = "<rules>") -> RuleSet:
    """Resolve and validate a parsed rule file (see module docstring).

    Raises :class:`~mahjong_regex.diagnostics.MeldError` at the first problem."""
    return _Checker(tree, source, path).run()


class _Checker:
    def __init__(self, tree: ast.RuleFile, source: str, path: str):
        self.tree = tree
        self.source = source
        self.path = path
        self.lines = source_lines(source)

    def text(self, span: ast.Span) -> str:
        line = self.lines[span.line - 1] if span.line <= len(self.lines) else ""
        return line[span.column - 1 : span.end_column - 1].strip()

    def run(self) -> RuleSet:
        tiles = [s for s in self.tree.statements if isinstance(s, ast.TilesDecl)]
        wins = [s for s in self.tree.statements if isinstance(s, ast.WinDecl)]
        if not tiles:
            raise MeldError("the rule set has no 'tiles { … }' block", self.tree.span)
        if len(tiles) > 1:
            raise MeldError("a second 'tiles' block; a rule set has one", tiles[1].span)
        if len(wins) > 1:
            raise MeldError("a second 'win' statement; a rule set has one", wins[1].span)
        self.alphabet = self.build_alphabet(tiles[0])
        self.kinds: dict[str, MeldKind] = {}
        self.hands: dict[str, ast.HandDecl] = {}
        for st in self.tree.statements:
            if isinstance(st, ast.MeldDecl):
                self.add_kind(st)
            elif isinstance(st, ast.HandDecl):
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
            win.span,
        )

    @staticmethod
    def known(what: str, names) -> str:
        return f"the {what} defined are: " + (", ".join(sorted(names)) or "none")

    # ---- alphabet ----------------------------------------------------------------

    def build_alphabet(self, decl: ast.TilesDecl) -> Alphabet:
        tiles: list[Tile] = []
        seen: dict[str, ast.TileName] = {}
        suits: list[str] = []
        groups: list[str] = []
        for g in decl.groups:
            if g.name in BUILTIN_CLASSES or g.name in suits or g.name in groups:
                raise MeldError(f"the name '{g.name}' is already taken", g.span)
            if isinstance(g, ast.SuitDecl):
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
                if isinstance(g, ast.SuitDecl):
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

    def tile_class(self, expr: ast.ClassExpr) -> TileClass:
        return TileClass(frozenset(self.class_tiles(expr)), self.text(expr.span))

    def class_tiles(self, expr: ast.ClassExpr) -> set[int]:
        tiles = self.alphabet.tiles
        if isinstance(expr, ast.ClassUnion):
            out: set[int] = set()
            for p in expr.parts:
                out |= self.class_tiles(p)
            return out
        if isinstance(expr, ast.ClassTiles):
            by_name = self.alphabet.by_name
            out = set()
            for tn in expr.tiles:
                if tn.text not in by_name:
                    raise MeldError(f"'{tn.text}' is not a tile of this rule set", tn.span)
                out.add(by_name[tn.text].index)
            return out
        if isinstance(expr, ast.ClassRanks):
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

    def add_kind(self, decl: ast.MeldDecl) -> None:
        if decl.name in self.kinds:
            raise MeldError(f"meld kind '{decl.name}' is defined twice", decl.span)
        if not 1 <= decl.size <= MAX_MELD_SIZE:
            raise MeldError(f"a meld has 1 to {MAX_MELD_SIZE} tiles, not {decl.size}", decl.span)
        of = self.tile_class(decl.of) if decl.of is not None else None
        kind = MeldKind(decl.name, decl.form, decl.size, of, decl.span)
        if not kind.instances(self.alphabet):
            raise MeldError(f"meld kind '{decl.name}' matches no tiles", decl.span)
        self.kinds[decl.name] = kind

    def build_shape(self, decl: ast.HandDecl) -> Shape:
        slots = []
        for s in decl.slots:
            if s.count < 1:
                raise MeldError("a slot count is at least 1", s.span)
            for k in s.kinds:
                if k not in self.kinds:
                    raise MeldError(
                        f"unknown meld kind '{k}'",
                        s.span,
                        help=self.known("meld kinds", self.kinds),
                    )
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

    def constraint(self, c: ast.Constraint) -> Constraint:
        text = self.text(c.span)
        if isinstance(c, ast.MeldCount):
            for k in c.kinds:
                if k not in self.kinds:
                    raise MeldError(
                        f"unknown meld kind '{k}'",
                        c.span,
                        help=self.known("meld kinds", self.kinds),
                    )
            return Constraint("meld_count", text, c.span, c.op, c.value, kinds=frozenset(c.kinds))
        if isinstance(c, ast.SuitCount):
            n = len(self.alphabet.suits)
            if c.value > n:
                raise MeldError(
                    f"'suits {c.op} {c.value}': this rule set has only {n} suits",
                    c.span,
                )
            return Constraint("suit_count", text, c.span, c.op, c.value)
        if isinstance(c, ast.Contains):
            return Constraint("contains", text, c.span, tiles=self.nonempty(c.tiles))
        if isinstance(c, ast.Only):
            return Constraint("only", text, c.span, tiles=self.nonempty(c.tiles))
        if c.value > 64:
            raise MeldError("'each' compares with a number from 0 to 64", c.span)
        return Constraint("each_tile", text, c.span, c.op, c.value, tiles=self.nonempty(c.tiles))

    def nonempty(self, expr: ast.ClassExpr) -> TileClass:
        cls = self.tile_class(expr)
        if not cls.tiles:
            raise MeldError(f"the tile class '{cls.text}' is empty", expr.span)
        return cls


def suit_subsets(alphabet: Alphabet, k: int) -> list[tuple[str, ...]]:
    """All ``k``-element subsets of the suits, in order."""
    return list(combinations(alphabet.suits, k))
