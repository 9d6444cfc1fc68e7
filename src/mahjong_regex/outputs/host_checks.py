"""Host checks: the tile-level constraints a flavor without lookaround
(``re2``) leaves out of its patterns, as data the host program checks.

Each is a property of the hand's tile counts, whatever the split, so a
pattern of one hand shape and the checks of that shape decide the shape
exactly.  A :class:`HostCheck` has one of these kinds (counts are of the
tiles held, each tile name counted once per time it is written):

- ``suits OP n``: how many suits have a tile among ``tiles``;
- ``contains``: some tile of ``tiles`` is held;
- ``only``: every tile held is one of ``tiles``;
- ``each OP n``: every tile of ``tiles`` is held OP n times;
- ``tiles OP n``: the tiles of ``tiles`` are held OP n times in all;
- ``any`` / ``all``: some / every one of ``parts`` holds.

In a rule set with wild tiles, the pattern checks what the wild tiles stand
for; what is left is on the tiles held: the physical limit (no tile held
more than 4 times, no flower twice, at most 3 of the turned tile's kind),
``held`` conditions, and ``suits`` on the tiles held as themselves (the wild
tiles left out of ``tiles``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..flavors.table import Flavor, unsupported
from ..ruleset.model import PHYSICAL_LIMIT, Constraint, RuleSet, Shape

#: The DSL's constraint kinds, as host checks name them.
KINDS = {
    "suit_count": "suits",
    "contains": "contains",
    "only": "only",
    "each_tile": "each",
    "tile_count": "tiles",
    "any": "any",
    "all": "all",
}


@dataclass(frozen=True)
class HostCheck:
    """One check on the hand's tile counts (see the module docstring).

    ``label``: the DSL line and text it comes from (parts of a compound have
    none); ``kind``, ``op``, ``value``: what is compared; ``tiles``: tile
    indices; ``parts``: of ``any``/``all``; ``shape``: the hand shape whose
    own constraint it is (None: the win condition's, every shape's);
    ``turned``: the turned tile it is for (a rule set with an indicator)."""

    label: str
    kind: str
    op: str = ">="
    value: int = 0
    tiles: tuple[int, ...] = ()
    parts: tuple["HostCheck", ...] = ()
    shape: str | None = None
    turned: int | None = None

    def as_dict(self, rules: RuleSet) -> dict:
        """The check as JSON data: tile names for tiles; ``suits`` (for a
        ``suits`` check) maps each suit to its tiles counted; ``turned`` when
        ``rules`` (the rule set as compiled) has hands start with the turned
        tile."""
        names = [t.name for t in rules.alphabet.tiles]
        out: dict = {"label": self.label} if self.label else {}
        out["kind"] = self.kind
        if self.kind in ("any", "all"):
            out["parts"] = [p.as_dict(rules) for p in self.parts]
        else:
            if self.kind not in ("contains", "only"):
                out["op"], out["value"] = self.op, self.value
            out["tiles"] = [names[t] for t in self.tiles]
            if self.kind == "suits":
                out["suits"] = {
                    s: [names[t] for t in self.tiles if rules.alphabet.tiles[t].suit == s]
                    for s in rules.alphabet.suits
                }
        if self.label:
            out["shape"] = self.shape
            turned = self.turned is not None and rules.indicator is not None
            out["turned"] = names[self.turned] if turned else None
        return out


def every_tile(rules: RuleSet) -> tuple[int, ...]:
    """Every tile index of the rule set, in order."""
    return tuple(t.index for t in rules.alphabet.tiles)


def suited(rules: RuleSet, skip=frozenset()) -> tuple[int, ...]:
    """The suited tiles, but ``skip``."""
    return tuple(t.index for t in rules.alphabet.tiles if t.suit and t.index not in skip)


def from_constraint(rules: RuleSet, c: Constraint, label: str = "") -> HostCheck:
    """The host check of a tile-level constraint, on the tiles as held."""
    kind = KINDS[c.kind]
    if kind in ("any", "all"):
        parts = tuple(from_constraint(rules, p) for p in c.parts)
        return HostCheck(label, kind, parts=parts)
    if kind == "suits":
        return HostCheck(label, kind, c.op, c.value, suited(rules))
    tiles = tuple(sorted(c.tiles.tiles)) if c.tiles is not None else ()
    return HostCheck(label, kind, c.op, c.value, tiles)


def physical(rules: RuleSet, label: str) -> HostCheck:
    """The physical limit of a rule set with wild tiles: every tile held at
    most 4 times, a flower once, the turned tile's kind 3 times."""
    parts = [HostCheck("", "each", "<=", 4, every_tile(rules))]
    flowers = tuple(t.index for t in rules.alphabet.tiles if t.flower)
    if flowers:
        parts.append(HostCheck("", "each", "<=", 1, flowers))
    if rules.turned is not None:
        parts.append(HostCheck("", "each", "<=", 3, (rules.turned,)))
    return HostCheck(label, "all", parts=tuple(parts))


def wild_tiles(rules: RuleSet) -> frozenset[int]:
    """The tiles that are wild (or proxies) in a rule set whose turned tile,
    if any, is fixed: never "held as themselves"."""
    return frozenset(t for w in rules.wilds for t in w.tiles.tiles)


def stood_for(rules: RuleSet, c: Constraint, label: str, flavor: Flavor) -> HostCheck | None:
    """The host check of a condition on the tiles wild tiles stand for,
    as the compiler writes it on the tiles held (None: the pattern's melds
    say it).  Raises UnsupportedError for one it writes otherwise."""
    if c.kind == "only":
        return None  # the shape's melds are made of those tiles
    if c.kind == "suit_count" and (c.op, c.value) in (("<=", 1), ("==", 1)):
        # The tiles held as themselves come from one suit at most: the wild
        # tiles can stand for tiles of that suit.
        return HostCheck(label, "suits", "<=", 1, suited(rules, wild_tiles(rules)))
    raise unsupported(
        flavor,
        f"'{c.text}'",
        "a host check for this condition on the tiles wild tiles stand for is not written",
        c.span,
    )


def host_checks(
    rules: RuleSet, shape: Shape, unchecked: tuple[str, ...], flavor: Flavor
) -> tuple[HostCheck, ...]:
    """The host checks of a pattern of ``rules`` holding one hand shape
    ``shape``, from the labels it left ``unchecked``.

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` for a label
    that names no constraint of the shape (a check the host cannot make)."""
    own = {c.label(): c for c in shape.where}
    known = {c.label(): c for c in rules.where} | own
    physical_label = next((u for u in unchecked if u.endswith(": " + PHYSICAL_LIMIT)), None)
    out = []
    for label in unchecked:
        if label == physical_label and rules.has_wilds:
            out.append(physical(rules, label))
            continue
        for part in label.split("; "):
            c = known.get(part)
            if c is None:
                raise unsupported(
                    flavor, f"'{part}'", "the host program cannot check it: it is no constraint"
                )
            if rules.has_wilds and not c.held:
                check = stood_for(rules, c, part, flavor)
            else:
                check = from_constraint(rules, c, part)
            if check is not None:
                out.append(replace(check, shape=shape.name if part in own else None))
    return tuple(replace(c, turned=rules.turned) for c in out)
