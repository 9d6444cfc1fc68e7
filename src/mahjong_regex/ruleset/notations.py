"""Tile identities and notations (the ``--tiles`` alphabets).

Every tile has one identity, whatever a rule set calls it: a suited tile is
its rank and suit letter (``1m``…``9m`` characters/万, ``1p``…``9p``
dots/筒, ``1s``…``9s`` bamboo/条), an honor is ``东 南 西 北 白 发 中``, a
flower ``梅 兰 竹 菊 春 夏 秋 冬``.  A notation gives each identity a name;
three ship (``chinese``, ``mpsz``, ``unicode``, files in ``notations/``), and
a user's notation is a file in the same format: one line per tile, its
identity then its name, ``#`` comments.

:func:`rewrite` writes a checked rule set over another notation: the same
tiles, classes, melds, shapes and constraints, other names.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..diagnostics import MeldError, Span, source_lines
from .model import RuleSet

#: Suit letters, in the order notations list them.
SUITS = ("m", "p", "s")
#: Honor identities: the winds, then the dragons.
HONORS = ("东", "南", "西", "北", "白", "发", "中")
#: Flower identities.
FLOWERS = ("梅", "兰", "竹", "菊", "春", "夏", "秋", "冬")
#: Every identity: suited tiles, honors, flowers.
IDENTITIES = tuple(f"{r}{s}" for s in SUITS for r in range(1, 10)) + HONORS + FLOWERS
#: Suit names that say which suit they are (``suit 条: …`` is the s suit).
SUIT_NAMES = {"m": "m", "万": "m", "p": "p", "筒": "p", "s": "s", "条": "s", "索": "s"}
#: The notations that ship, by name.
BUILTIN_NOTATIONS = ("chinese", "mpsz", "unicode")


class NotationError(MeldError):
    """A notation file is malformed, or lacks a tile a rule set needs.
    ``path`` and ``source`` are the notation file's (for :meth:`render`)."""

    def __init__(self, message: str, span: Span | None, path: str, source: str, help=None):
        super().__init__(message, span, help)
        self.path = path
        self.source = source

    def located(self) -> str:
        """The message, located in the notation file."""
        return self.render(self.path, self.source)


@dataclass(frozen=True)
class Notation:
    """A tile notation: ``names`` maps each identity it names to the name
    (both str); ``name`` is the notation's name or file path."""

    name: str
    names: dict[str, str]


def parse_notation(text: str, path: str) -> Notation:
    """A notation from its file text (see the module docstring).

    Raises :class:`NotationError` at a line that is not ``IDENTITY NAME``,
    an unknown identity, or an identity or name given twice."""
    names: dict[str, str] = {}
    seen: dict[str, str] = {}
    for number, line in enumerate(source_lines(text.removeprefix("\ufeff")), 1):
        body = line.split("#", 1)[0]
        words = body.split()
        if not words:
            continue
        span = Span(number, len(line) - len(line.lstrip()) + 1, len(body.rstrip()) + 1)
        if len(words) != 2:
            raise NotationError("expected a tile and its name, e.g. '1m 一万'", span, path, text)
        ident, name = words
        if ident not in IDENTITIES:
            raise NotationError(
                f"'{ident}' is not a tile",
                span,
                path,
                text,
                help="tiles are 1m-9m, 1p-9p, 1s-9s, " + " ".join(HONORS + FLOWERS),
            )
        if ident in names or name in seen:
            raise NotationError(f"'{ident} {name}' repeats a tile or a name", span, path, text)
        names[ident] = name
        seen[name] = ident
    return Notation(path, names)


@lru_cache(maxsize=None)
def builtin_notation(name: str) -> Notation:
    """One of :data:`BUILTIN_NOTATIONS` (KeyError for another name)."""
    if name not in BUILTIN_NOTATIONS:
        raise KeyError(name)
    text = resources.files(__package__).joinpath(f"notations/{name}.tiles").read_text("utf-8")
    return replace(parse_notation(text, f"<builtin>/{name}.tiles"), name=name)


def load_notation(spec: str) -> Notation:
    """A built-in notation by name, or a notation file by path.

    Raises :class:`NotationError` for an unknown name or unreadable or
    malformed file."""
    if spec in BUILTIN_NOTATIONS:
        return builtin_notation(spec)
    path = Path(spec)
    if not path.is_file():
        raise NotationError(
            f"no tile notation {spec!r}: not a built-in one ({', '.join(BUILTIN_NOTATIONS)}) "
            "nor a file",
            None,
            spec,
            "",
        )
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise NotationError(f"cannot read {spec}: {e}", None, spec, "") from None
    return parse_notation(text, spec)


@lru_cache(maxsize=1)
def known_names() -> dict[str, str]:
    """{name: identity} for every name of a built-in notation, and every
    honor and flower identity as a name of itself."""
    out = {i: i for i in HONORS + FLOWERS}
    for n in BUILTIN_NOTATIONS:
        for ident, name in builtin_notation(n).names.items():
            out.setdefault(name, ident)
    return out


def rewrite(rules: RuleSet, notation: Notation) -> RuleSet:
    """``rules`` with every tile named as ``notation`` names it.

    Raises :class:`NotationError` when a tile has no identity, when the
    notation has no name for a tile the rule set uses, or when the new names
    are not a prefix code."""
    tiles = []
    for t in rules.alphabet.tiles:
        if t.identity is None:
            raise NotationError(
                f"the tile '{t.name}' of rule set {rules.name} does not say which tile it is",
                None,
                rules.path,
                rules.source,
                help=f"write it as '{t.name} = 中' (an honor) or name its suit m, p or s",
            )
        if t.identity not in notation.names:
            raise NotationError(
                f"the tile notation {notation.name} has no name for {t.identity} "
                f"('{t.name}' in rule set {rules.name})",
                None,
                notation.name,
                "",
            )
        tiles.append(replace(t, name=notation.names[t.identity]))
    names = sorted(t.name for t in tiles)
    for a, b in zip(names, names[1:]):
        if b.startswith(a):
            raise NotationError(
                f"in the tile notation {notation.name}, '{a}' is a prefix of '{b}'",
                None,
                notation.name,
                "",
            )
    return replace(rules, alphabet=replace(rules.alphabet, tiles=tuple(tiles)))
