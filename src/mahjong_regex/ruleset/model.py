"""The checked rule set: tiles, tile classes, meld kinds, hand shapes and
constraints with every name resolved.

A :class:`RuleSet` is the one input shared by the reference evaluator
(:mod:`mahjong_regex.reference`) and the compiler
(:mod:`mahjong_regex.compiler`); :func:`mahjong_regex.ruleset.checker.check`
builds it from the syntax tree.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import combinations

from ..diagnostics import HandError, Span, source_lines

#: Class names every rule set has, besides its suit, group and class names.
BUILTIN_CLASSES = ("tile", "suited", "honor", "flower", "terminal", "simple")
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
    and ``rank`` (1-9), honors and flowers have ``honor_group`` (their
    group's name) and neither; ``flower`` marks a flower.  ``identity`` is
    the tile it is, whatever its name (``3m``, ``东``, ``中``, ``梅``; see
    :mod:`mahjong_regex.ruleset.notations`), None when it cannot be told."""

    index: int
    name: str
    suit: str | None
    rank: int | None
    honor_group: str | None
    identity: str | None = None
    flower: bool = False

    @property
    def is_honor(self) -> bool:
        """A wind or dragon (not a suited tile, not a flower)."""
        return self.suit is None and not self.flower

    @property
    def is_terminal(self) -> bool:
        """Rank 1 or 9."""
        return self.rank in (1, 9)


@dataclass(frozen=True)
class Alphabet:
    """The tile alphabet of a rule set: tiles in declaration order, suit names
    in order, and a lookup by name.  Tile names form a prefix code (checked),
    so a hand string splits into tiles in at most one way."""

    tiles: tuple[Tile, ...]
    suits: tuple[str, ...]
    honor_groups: tuple[str, ...]
    flower_groups: tuple[str, ...] = ()

    @property
    def by_name(self) -> dict[str, Tile]:
        """{tile name: tile}."""
        return {t.name: t for t in self.tiles}

    def suit_tiles(self, suit: str) -> tuple[Tile, ...]:
        """The tiles of ``suit`` in rank order."""
        return tuple(t for t in self.tiles if t.suit == suit)

    @cached_property
    def _by_first_char(self) -> dict[str, list[tuple[str, Tile]]]:
        """{first character: (name, tile) of the names starting with it,
        longest first}."""
        out: dict[str, list[tuple[str, Tile]]] = {}
        for t in sorted(self.tiles, key=lambda t: -len(t.name)):
            out.setdefault(t.name[0], []).append((t.name, t))
        return out

    def tokenize(self, hand: str) -> tuple[Tile, ...]:
        """Split a hand string into tiles (str -> tuple of Tile).

        Raises :class:`~mahjong_regex.diagnostics.HandError` naming the
        first character that cannot belong to a tile name (or an empty
        hand)."""
        if not hand:
            raise HandError(0, "")
        by_first = self._by_first_char
        out = []
        i = 0
        while i < len(hand):
            for name, tile in by_first.get(hand[i], ()):
                if hand.startswith(name, i):
                    out.append(tile)
                    i += len(name)
                    break
            else:
                names = sorted(self.by_name.items(), key=lambda kv: -len(kv[0]))
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
    ``text`` the DSL expression that defined it.  ``dynamic`` adds tiles that
    depend on the hand's turned tile: ``"indicator"`` (its kind) and
    ``"next"`` (the kind after it; see :func:`successors`)."""

    tiles: frozenset[int]
    text: str
    dynamic: frozenset[str] = frozenset()

    def resolve(self, indicator: int | None, successor: dict[int, int]) -> frozenset[int]:
        """The tile indices for a hand whose turned tile is ``indicator``."""
        out = set(self.tiles)
        if indicator is not None and "indicator" in self.dynamic:
            out.add(indicator)
        if indicator is not None and "next" in self.dynamic:
            out.add(successor[indicator])
        return frozenset(out)


@dataclass(frozen=True)
class MeldKind:
    """A meld kind: ``form`` ``run`` (``size`` ranks of one suit, ascending,
    ``step`` apart), ``same`` (``size`` identical tiles) or ``distinct``
    (``size`` different tiles, in declaration order), every tile within
    ``of`` when given.  ``span`` is where its declaration stands, for
    labels and errors."""

    name: str
    form: str
    size: int
    of: TileClass | None
    span: Span
    step: int = 1
    #: For the compiler, in a rule set with wild tiles: how many places may
    #: be stand-ins ("any", "none" or "one"), and whether stand-ins count
    #: toward a copy limit (see :mod:`mahjong_regex.compiler.wild.wildplan`).
    stand_ins: str = "any"
    counted: bool = False

    def instances(self, alphabet: Alphabet) -> tuple[tuple[int, ...], ...]:
        """Every tile sequence (tuple of tile indices) this kind matches, in
        alphabet order."""
        allowed = self.of.tiles if self.of else {t.index for t in alphabet.tiles}
        if self.form == "same":
            return tuple((t.index,) * self.size for t in alphabet.tiles if t.index in allowed)
        if self.form == "distinct":
            return tuple(combinations(sorted(allowed), self.size))
        out = []
        for suit in alphabet.suits:
            by_rank = {t.rank: t.index for t in alphabet.suit_tiles(suit)}
            for start in sorted(by_rank):
                ranks = [start + i * self.step for i in range(self.size)]
                seq = tuple(by_rank.get(r) for r in ranks)
                if None not in seq and all(i in allowed for i in seq):
                    out.append(seq)
        return tuple(out)


@dataclass(frozen=True)
class Constraint:
    """A resolved constraint.

    ``kind`` is one of ``meld_count`` (``kinds`` counted), ``suit_count``,
    ``contains``, ``only``, ``each_tile``, ``tile_count`` (``tiles`` the
    class), ``substitutes`` (wilds standing for another tile), or a
    compound: ``any`` (one of ``parts`` holds) or ``all`` (every one of
    ``parts`` holds); ``op`` and ``value`` compare the counted quantity.
    Scoring conditions (:data:`SPLIT_KINDS`) also look at the melds
    themselves: ``meld_count`` with ``within`` (only melds whose tiles are
    all of that class), ``twins``, ``across``, ``chain`` (over ``kinds``)
    and ``every_meld`` (``tiles``: every meld holds one).
    A tile condition sees the tiles the hand's tiles stand for, unless
    ``held`` (the tiles as held).  ``text`` is the DSL source of the
    constraint and ``span`` where it stands."""

    kind: str
    text: str
    span: Span
    op: str = ">="
    value: int = 0
    kinds: frozenset[str] = frozenset()
    tiles: TileClass | None = None
    parts: tuple["Constraint", ...] = ()
    held: bool = False
    within: TileClass | None = None

    @property
    def is_meld_level(self) -> bool:
        """Does it count melds of the split (rather than tiles of the hand)?"""
        if self.parts:
            return all(p.is_meld_level for p in self.parts)
        return self.kind == "meld_count" or self.kind in SPLIT_KINDS

    @property
    def is_scoring_only(self) -> bool:
        """Does it look at the melds themselves (their tiles, identical
        melds), so that only a ``score`` statement may hold it?"""
        if self.parts:
            return any(p.is_scoring_only for p in self.parts)
        return self.kind in SPLIT_KINDS or self.within is not None

    def holds_on_melds(self, counts) -> bool:
        """For a meld-level constraint: does it hold on a split with these
        kind counts (a mapping kind name -> number of melds)?"""
        if self.kind == "any":
            return any(p.holds_on_melds(counts) for p in self.parts)
        if self.kind == "all":
            return all(p.holds_on_melds(counts) for p in self.parts)
        return compare(sum(counts.get(k, 0) for k in self.kinds), self.op, self.value)

    def label(self) -> str:
        """``line N: DSL text``, as the outline and the messages show it."""
        return f"line {self.span.line}: {self.text}"


#: Constraint kinds that look at the melds of the split themselves: only
#: scoring elements hold them (see :class:`ScoreElement`).
SPLIT_KINDS = frozenset({"twins", "across", "chain", "every_meld"})


@dataclass(frozen=True)
class ScoreElement:
    """A scoring element (fan 番, yaku 役, big hand 大胡) of a rule set.

    It holds on a split of a winning hand whose hand shape is one of
    ``shapes`` and where every constraint of ``where`` holds (tile-level
    constraints on the hand's tiles, the others on the melds of the split);
    with ``per`` (a ``meld_count`` or ``twins`` constraint whose comparison is
    unused) it counts once per meld, or pair of identical melds, that
    ``per`` counts, and holds when there is at least one.  ``value`` is what
    it is worth each time (int).  ``supersedes`` names the elements it
    replaces where both hold (direct ones; see :meth:`RuleSet.superseded_by`);
    a ``limit`` element (a limit hand, 役満) replaces every element that is
    not a limit, and a split holding one outranks any split without one."""

    name: str
    value: int
    limit: bool
    shapes: tuple[str, ...]
    where: tuple[Constraint, ...]
    supersedes: frozenset[str]
    text: str
    span: Span
    per: Constraint | None = None

    @property
    def is_tile_level(self) -> bool:
        """Is it decided by the hand's tiles alone, whatever the split: no
        meld condition, no ``per``, on every shape (the caller checks
        ``shapes`` against the rule set's)?"""
        return self.per is None and not any(c.is_meld_level for c in self.where)

    def label(self) -> str:
        """``line N: DSL text``, as outlines and messages show it."""
        return f"line {self.span.line}: {self.text}"


#: The order of honors for the kind after a turned tile: winds, then dragons.
NEXT_HONOR = {"东": "南", "南": "西", "西": "北", "北": "东", "中": "发", "发": "白", "白": "中"}


def successor_identity(identity: str) -> str | None:
    """The identity of the tile after ``identity``: the next rank in its
    suit, 9 followed by 1; winds 东 南 西 北 东; dragons 中 发 白 中; flowers
    have none (None)."""
    if identity in NEXT_HONOR:
        return NEXT_HONOR[identity]
    if len(identity) == 2 and identity[0].isdigit():
        return f"{int(identity[0]) % 9 + 1}{identity[1]}"
    return None


def successors(alphabet: "Alphabet") -> dict[int, int]:
    """{tile index: index of the tile after it}, for the tiles whose next
    tile is in the alphabet (by identity)."""
    by_identity = {t.identity: t.index for t in alphabet.tiles if t.identity}
    out = {}
    for t in alphabet.tiles:
        nxt = successor_identity(t.identity) if t.identity else None
        if nxt in by_identity:
            out[t.index] = by_identity[nxt]
    return out


@dataclass(frozen=True)
class Wild:
    """Tiles that stand for others.  ``tiles`` are the wild tiles (possibly
    dynamic: the turned tile's kind, the next kind); ``domain`` what they may
    stand for.  A wild may also stand for itself.  A ``proxy`` always stands
    for the one tile of its domain (e.g. the turned tile's kind), and for
    itself only when it is that tile.  ``span`` is its declaration."""

    tiles: TileClass
    domain: TileClass
    proxy: bool
    span: Span


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
    span: Span

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


#: How patterns and the evaluator name the physical limit of a rule set
#: with wild tiles.
PHYSICAL_LIMIT = "no tile held more than 4 times, no flower twice"


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
    warnings: tuple[tuple[str, Span], ...] = field(default=(), compare=False)
    wilds: tuple[Wild, ...] = ()
    indicator: TileClass | None = None
    #: Where the ``indicator`` statement stands (for errors about it).
    indicator_span: Span | None = field(default=None, compare=False)
    #: With wild tiles: is the physical limit checked (False only in a
    #: :meth:`relaxed` rule set that left it out)?
    physical_limit: bool = True
    #: The turned tile fixed by :meth:`with_indicator` (a tile index): the
    #: hand has no turned tile of its own, and this one counts toward the
    #: physical limit.
    turned: int | None = None
    #: The scoring elements, in declaration order (see :class:`ScoreElement`).
    scoring: tuple[ScoreElement, ...] = ()
    #: The tests of the rule file, as written (``HandTestDecl`` nodes of
    #: :mod:`mahjong_regex.syntax.tree`; :mod:`.hand_tests` resolves them).
    #: They decide nothing, so two rule sets that differ only in them are equal.
    tests: tuple = field(default=(), compare=False)

    def superseded_by(self) -> dict[str, frozenset[str]]:
        """{element name: the names of the elements that supersede it}, the
        closure of the ``supersedes`` lists (a limit element's "every other
        element" is not included: see :attr:`ScoreElement.limit`)."""
        direct = {e.name: set(e.supersedes) for e in self.scoring}
        closed = {n: set(s) for n, s in direct.items()}
        changed = True
        while changed:
            changed = False
            for n, s in closed.items():
                more = set().union(*(closed[x] for x in s)) - s
                if more:
                    s |= more
                    changed = True
        out: dict[str, set[str]] = {e.name: set() for e in self.scoring}
        for n, s in closed.items():
            for x in s:
                out[x].add(n)
        return {n: frozenset(s) for n, s in out.items()}

    @property
    def has_wilds(self) -> bool:
        """Does the rule set have wild tiles or a turned indicator?  Such a
        rule set also has the physical limit: no tile more than 4 times (the
        turned tile counts), no flower twice."""
        return bool(self.wilds) or self.indicator is not None or self.turned is not None

    @property
    def source_hash(self) -> str:
        """SHA-256 of the DSL source text, hex."""
        return hashlib.sha256(self.source.encode("utf-8")).hexdigest()

    def relaxed(self, labels) -> "RuleSet":
        """This rule set less the constraints whose :meth:`Constraint.label`
        is in ``labels``: what a pattern decides when a flavor left those
        constraints unchecked on request.  A label ending in
        :data:`PHYSICAL_LIMIT` drops the physical limit of a rule set with
        wild tiles."""
        drop = set(labels)
        keep = lambda cs: tuple(c for c in cs if c.label() not in drop)  # noqa: E731
        shapes = tuple(replace(s, where=keep(s.where)) for s in self.shapes)
        physical = self.physical_limit and not any(d.endswith(PHYSICAL_LIMIT) for d in drop)
        return replace(self, shapes=shapes, where=keep(self.where), physical_limit=physical)

    def with_indicator(self, turned: int) -> "RuleSet":
        """This rule set for hands whose turned tile is ``turned`` (a tile
        index): the wild tiles and classes that depend on the turned tile
        are made fixed, and hands are written without the turned tile (it
        still counts toward the physical limit).  A pattern of the result
        needs no backreference to learn the wild tiles.

        Raises ValueError when the rule set has no indicator, or ``turned``
        is not a tile it may turn."""
        if self.indicator is None:
            raise ValueError(f"rule set {self.name!r} has no indicator")
        if turned not in self.indicator.tiles:
            name = self.alphabet.tiles[turned].name
            raise ValueError(f"{name} is not a tile the indicator of {self.name!r} may be")
        nexts = successors(self.alphabet)

        def fix(cls: TileClass | None) -> TileClass | None:
            if cls is None or not cls.dynamic:
                return cls
            return TileClass(cls.resolve(turned, nexts), cls.text)

        def fix_c(c: Constraint) -> Constraint:
            return replace(c, tiles=fix(c.tiles), parts=tuple(fix_c(p) for p in c.parts))

        wilds = tuple(replace(w, tiles=fix(w.tiles), domain=fix(w.domain)) for w in self.wilds)
        kinds = {n: replace(k, of=fix(k.of)) for n, k in self.kinds.items()}
        shapes = tuple(replace(s, where=tuple(map(fix_c, s.where))) for s in self.shapes)
        return replace(
            self,
            kinds=kinds,
            shapes=shapes,
            where=tuple(map(fix_c, self.where)),
            wilds=wilds,
            indicator=None,
            turned=turned,
        )

    def line(self, n: int) -> str:
        """Source line ``n`` (1-based) without its comment, stripped."""
        lines = source_lines(self.source)
        return lines[n - 1].split("#", 1)[0].strip() if 0 < n <= len(lines) else ""
