"""Tile classes: what a class expression of the DSL stands for.

A name is a built-in class (``tile``, ``suited``, ``honor``, ``flower``,
``terminal``, ``simple``), a suit, an honor or flower group, a ``class`` declared earlier,
or else a tile name; ``{a, b}`` lists tiles, ``rank in {…}`` takes suited
tiles by rank, ``|`` is union and ``&`` intersection.
"""

from __future__ import annotations

from ..diagnostics import MeldError
from ..syntax import tree as syn
from .model import BUILTIN_CLASSES, Alphabet, TileClass


class ClassResolver:
    """Resolves class expressions over one alphabet; ``named`` holds the
    ``class`` declarations seen so far, ``used`` the names referred to,
    ``dynamic_used`` the turned-tile classes used (``indicator``, ``next``)
    and ``next_span`` where ``next(indicator)`` first stands."""

    def __init__(self, alphabet: Alphabet, text):
        self.alphabet = alphabet
        self.text = text  # span -> DSL text
        self.named: dict[str, frozenset[int]] = {}
        self.used: set[str] = set()
        self.dynamic_used: set[str] = set()
        self.next_span: syn.Span | None = None

    def group_names(self) -> tuple[str, ...]:
        """Every class name: built-in, suits, groups, declared classes."""
        a = self.alphabet
        return BUILTIN_CLASSES + a.suits + a.honor_groups + a.flower_groups + tuple(self.named)

    def declare(self, decl: syn.ClassDecl) -> None:
        """Add a ``class NAME = CLASS`` declaration.

        Raises :class:`MeldError` for a name already taken (a class or a
        tile) or an empty class."""
        if decl.name in self.group_names() or decl.name in self.alphabet.by_name:
            raise MeldError(f"the name '{decl.name}' is already taken", decl.span)
        self.named[decl.name] = frozenset(self.nonempty(decl.expr).tiles)

    def tile_class(self, expr: syn.ClassExpr, dynamic: bool = False) -> TileClass:
        """The tiles of ``expr``, with its DSL text.  ``dynamic``: the class
        may name the turned tile (``indicator``, ``next(indicator)``), in a
        union; else that is an error."""
        found = dynamic_terms(expr)
        if found and not dynamic:
            raise MeldError(
                "'indicator' names the turned tile: it may stand only in 'wild', 'proxy' "
                "and 'held' conditions",
                found[0].span,
            )
        if found and not isinstance(expr, (syn.ClassDynamic, syn.ClassUnion)):
            raise MeldError("the turned tile's class may only be joined with '|'", expr.span)
        self.dynamic_used |= {d.which for d in found}
        if self.next_span is None:
            self.next_span = next((d.span for d in found if d.which == "next"), None)
        return TileClass(
            frozenset(self.tiles(expr)), self.text(expr.span), frozenset(d.which for d in found)
        )

    def nonempty(self, expr: syn.ClassExpr, dynamic: bool = False) -> TileClass:
        """:meth:`tile_class`, raising :class:`MeldError` when it is empty."""
        cls = self.tile_class(expr, dynamic)
        if not cls.tiles and not cls.dynamic:
            raise MeldError(f"the tile class '{cls.text}' is empty", expr.span)
        return cls

    def tiles(self, expr: syn.ClassExpr) -> set[int]:
        """The tile indices of ``expr``; raises :class:`MeldError` for an
        unknown name, a tile not in the rule set, or a rank out of range."""
        if isinstance(expr, syn.ClassDynamic):
            return set()
        if isinstance(expr, syn.ClassIntersection):
            if dynamic_terms(expr):
                raise MeldError("the turned tile's class may only be joined with '|'", expr.span)
            parts = [self.tiles(p) for p in expr.parts]
            return set.intersection(*parts)
        if isinstance(expr, syn.ClassUnion):
            return set().union(*(self.tiles(p) for p in expr.parts))
        if isinstance(expr, syn.ClassTiles):
            return {self.tile(tn.text, tn.span) for tn in expr.members}
        if isinstance(expr, syn.ClassRanks):
            for r in expr.members:
                if not 1 <= r <= 9:
                    raise MeldError(f"rank {r} is out of range; ranks are 1 to 9", expr.span)
            return {t.index for t in self.alphabet.tiles if t.rank in expr.members}
        return self.named_class(expr)

    def tile(self, name: str, span: syn.Span) -> int:
        """The index of the tile called ``name``."""
        tile = self.alphabet.by_name.get(name)
        if tile is None:
            raise MeldError(f"'{name}' is not a tile of this rule set", span)
        return tile.index

    def named_class(self, expr: syn.ClassName) -> set[int]:
        """A bare name: a class, or else a tile."""
        name, tiles = expr.name, self.alphabet.tiles
        self.used.add(name)
        builtin = {
            "tile": lambda t: True,
            "suited": lambda t: t.suit is not None,
            "honor": lambda t: t.is_honor,
            "flower": lambda t: t.flower,
            "terminal": lambda t: t.is_terminal,
            "simple": lambda t: t.rank is not None and 2 <= t.rank <= 8,
        }
        if name in builtin:
            return {t.index for t in tiles if builtin[name](t)}
        if name in self.alphabet.suits:
            return {t.index for t in tiles if t.suit == name}
        if name in self.alphabet.honor_groups + self.alphabet.flower_groups:
            return {t.index for t in tiles if t.honor_group == name}
        if name in self.named:
            return set(self.named[name])
        if name in self.alphabet.by_name:
            return {self.alphabet.by_name[name].index}
        raise MeldError(
            f"unknown tile class '{name}'",
            expr.span,
            help="tile classes are " + ", ".join(self.group_names()) + ", or a tile name",
        )


def dynamic_terms(expr) -> list[syn.ClassDynamic]:
    """The ``indicator``/``next(indicator)`` terms inside a class expression."""
    if isinstance(expr, syn.ClassDynamic):
        return [expr]
    if isinstance(expr, syn.ClassUnion):
        return [d for p in expr.parts for d in dynamic_terms(p)]
    return []
