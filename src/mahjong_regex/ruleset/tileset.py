"""The ``tiles`` block: tile names, their suits, ranks and groups, and the
tile each one is (its identity), checked.

A suit says which suit it is by its name (``m``/``万``, ``p``/``筒``,
``s``/``条``) or explicitly (``suit bamboo = s: …``); its tiles are its
ranks in order, 1 to 9 unless a range is given (``suit 万 ranks 2-8: …``).
An honor or flower is the tile its name says in a shipped notation (``东``,
``1z``, ``🀀``), or the tile written after it (``红中 = 中``).
"""

from __future__ import annotations

from ..diagnostics import MeldError
from ..syntax import tree as syn
from .model import BUILTIN_CLASSES, Alphabet, Tile
from .notations import FLOWERS, HONORS, SUIT_NAMES, known_names


def suit_identity(g: syn.SuitDecl) -> str | None:
    """The suit letter (m, p, s) a suit declaration says it is, or None.

    Raises :class:`MeldError` for an explicit identity that is no suit."""
    if g.identity is None:
        return SUIT_NAMES.get(g.name)
    if g.identity.text not in SUIT_NAMES:
        raise MeldError(
            f"'{g.identity.text}' is not a suit", g.identity.span, help="suits are m, p and s"
        )
    return SUIT_NAMES[g.identity.text]


def suit_tiles(g: syn.SuitDecl, first: int) -> list[Tile]:
    """The tiles of a suit declaration, indices from ``first``."""
    lo, hi = g.ranks
    if not 1 <= lo <= hi <= 9:
        raise MeldError(f"ranks {lo}-{hi}: a suit's ranks lie from 1 to 9", g.span)
    if len(g.tiles) != hi - lo + 1:
        raise MeldError(
            f"suit '{g.name}' has {len(g.tiles)} tile names; "
            + (
                "a suit has 9, in rank order"
                if (lo, hi) == (1, 9)
                else f"ranks {lo}-{hi} are {hi - lo + 1} tiles, in rank order"
            ),
            g.span,
        )
    suit = suit_identity(g)
    out = []
    for rank, tn in enumerate(g.tiles, start=lo):
        if tn.identity is not None:
            raise MeldError(
                "a suited tile is the tile of its suit and rank; name the suit instead "
                f"(suit {g.name} = m: …)",
                tn.identity.span,
            )
        ident = f"{rank}{suit}" if suit else None
        out.append(Tile(first + len(out), tn.text, g.name, rank, None, ident))
    return out


def group_tiles(g: syn.TileGroupDecl, first: int) -> list[Tile]:
    """The tiles of an honor or flower group, indices from ``first``."""
    flower = isinstance(g, syn.FlowerDecl)
    allowed = FLOWERS if flower else HONORS
    out = []
    for tn in g.tiles:
        if tn.identity is not None:
            ident = tn.identity.text
            if ident not in allowed:
                raise MeldError(
                    f"'{ident}' is not {'a flower' if flower else 'an honor'}",
                    tn.identity.span,
                    help=("flowers are " if flower else "honors are ") + " ".join(allowed),
                )
        else:
            ident = known_names().get(tn.text)
            ident = ident if ident in allowed else None
        out.append(Tile(first + len(out), tn.text, None, None, g.name, ident, flower))
    return out


def build_alphabet(decl: syn.TilesDecl) -> Alphabet:
    """The rule set's alphabet from its ``tiles`` block.

    Raises :class:`MeldError` for a group name taken twice, a suit of the
    wrong length, a tile named or identified twice, or a name that is a
    prefix of another (a hand must split into tiles one way only)."""
    tiles: list[Tile] = []
    names: dict[str, list[str]] = {"suit": [], "honor": [], "flower": []}
    for g in decl.groups:
        if g.name in BUILTIN_CLASSES or any(g.name in v for v in names.values()):
            raise MeldError(f"the name '{g.name}' is already taken", g.span)
        if isinstance(g, syn.SuitDecl):
            names["suit"].append(g.name)
            tiles += suit_tiles(g, len(tiles))
        else:
            names["flower" if isinstance(g, syn.FlowerDecl) else "honor"].append(g.name)
            tiles += group_tiles(g, len(tiles))
    check_names(decl, tiles)
    return Alphabet(tuple(tiles), *(tuple(v) for v in names.values()))


def check_names(decl: syn.TilesDecl, tiles: list[Tile]) -> None:
    """Every tile name and identity once; the names a prefix code."""
    spans = [tn.span for g in decl.groups for tn in g.tiles]
    seen: dict[str, int] = {}
    idents: dict[str, Tile] = {}
    for t, span in zip(tiles, spans):
        if t.name in seen:
            raise MeldError(f"tile name '{t.name}' is declared twice", span)
        seen[t.name] = t.index
        if t.identity is not None and t.identity in idents:
            other = idents[t.identity].name
            raise MeldError(f"'{other}' and '{t.name}' are the same tile ({t.identity})", span)
        if t.identity is not None:
            idents[t.identity] = t
    ordered = sorted(seen)
    for a, b in zip(ordered, ordered[1:]):
        if b.startswith(a):
            raise MeldError(
                f"tile name '{a}' is a prefix of '{b}', so a hand could not be split into tiles",
                spans[seen[a]],
            )
