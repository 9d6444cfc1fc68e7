"""What ``compile`` prints besides a bare pattern: the JSON, the code, and
for a flavor without lookaround the patterns of each hand shape with their
host checks (:mod:`.shape_patterns`), so that ``--format code`` and
``--format json`` are exact there with no flag."""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import UnsupportedError
from ..flavors.table import Flavor, get
from ..pipeline import Output, compile_for
from ..ruleset.model import RuleSet, Shape
from .host_checks import HostCheck
from .notation_text import notation_json
from .score_command import compile_json as scoring_json
from .score_command import score_snippet
from .shape_patterns import ShapePattern, shape_patterns
from .snippets import MODULES, PACKAGES, SnippetOptions, snippet


@dataclass(frozen=True)
class Compiled:
    """What ``compile`` made: ``out`` the one pattern (None where only the
    shapes' patterns say the rule set), ``patterns`` the patterns of each
    shape with host checks (flavors without lookaround, for code and JSON;
    else empty)."""

    flavor: Flavor
    out: Output | None
    patterns: tuple[ShapePattern, ...] = ()


def per_shape(flavor: Flavor, fmt: str, score: bool) -> bool:
    """Does ``compile`` write the shapes' patterns with host checks: code or
    JSON of a win pattern in a flavor without lookaround?"""
    return fmt in ("code", "json") and not score and not flavor.lookaround


def compile_any(rules: RuleSet, flavor: str, options, fmt: str, score: bool, allow: bool):
    """The :class:`Compiled` of ``compile``.  Raises
    :class:`~mahjong_regex.diagnostics.UnsupportedError` (and other
    :class:`~mahjong_regex.diagnostics.MeldError`) as :func:`compile_for`."""
    row = get(flavor)
    if not per_shape(row, fmt, score):
        return Compiled(row, compile_for(rules, row, options, score=score, allow_unchecked=allow))
    patterns = shape_patterns(rules, row, options)
    out = None
    if fmt == "json":
        try:
            out = compile_for(rules, row, options, allow_unchecked=allow)
        except UnsupportedError:
            out = None  # the shapes' patterns say it
    return Compiled(row, out, patterns)


def unique_checks(patterns: tuple[ShapePattern, ...]) -> list[HostCheck]:
    """Every host check of the patterns, each once, in order."""
    return list(dict.fromkeys(c for p in patterns for c in p.checks))


def compile_json(done: Compiled, rules: RuleSet, path: str, notation, score: bool) -> dict:
    """The ``compile --format json`` object (see docs/snippets.md)."""
    out, names = done.out, [t.name for t in rules.alphabet.tiles]
    checks = unique_checks(done.patterns)
    index = {c: i for i, c in enumerate(checks)}
    info = {
        "pattern": out.text if out is not None else None,
        "flavor": done.flavor.name,
        "engine": done.flavor.engine,
        "flags": done.flavor.flags,
        "groups": [{"name": n, "captures": d} for n, d in out.groups] if out else [],
        "unchecked": [c.as_dict(rules) for c in checks],
        "ruleset": rules.name,
        "source": path,
        "source_sha256": rules.source_hash,
        **notation_json(rules, notation),
    }
    if done.patterns:
        info["patterns"] = [
            {
                "shape": p.shape,
                "part": p.part or None,
                "turned": names[p.turned] if rules.indicator is not None else None,
                "pattern": p.output.text,
                "checks": [index[c] for c in p.checks],
                "groups": [{"name": n, "captures": d} for n, d in p.output.groups],
            }
            for p in done.patterns
        ]
    if score:
        info.update(scoring_json(out, rules))
    return info


def code(done: Compiled, rules: RuleSet, lang: str, options: SnippetOptions, score: bool) -> str:
    """The ``compile --format code`` text.  Raises ValueError for an option
    the language does not take."""
    if score:
        return score_snippet(done.out, lang, rules, options)
    return snippet(rules, lang, done.patterns or done.out, options)


def accepts(rules: RuleSet, unchecked: tuple[str, ...]) -> list[str]:
    """For a pattern that leaves ``unchecked`` out: per hand shape whose own
    tile-level constraints all go unchecked, what the shape then accepts
    ("thirteen_orphans then accepts any 14 tiles")."""
    dropped = {part for label in unchecked for part in label.split("; ")}
    out = []
    for shape in rules.shapes:
        own = [c for c in shape.where if not c.is_meld_level]
        if own and all(c.label() in dropped for c in own):
            out.append(f"{shape.name} then accepts {_any(rules, shape)}")
    return out


def _any(rules: RuleSet, shape: Shape) -> str:
    """What a shape's melds alone accept: "any 14 tiles", "any 7 * pair"."""
    every = {t.index for t in rules.alphabet.tiles}
    kinds = [rules.kinds[k] for k in shape.kinds]
    if all(k.size == 1 and (k.of is None or k.of.tiles >= every) for k in kinds):
        what = f"any {shape.size} tiles"
    else:
        body = shape.text.split("=", 1)[-1].split(" where", 1)[0].strip()
        what = f"any {body}"
    meld = [c.text for c in rules.where + shape.where if c.is_meld_level]
    return what + (f" with {', '.join(meld)}" if meld else "")


def add_arguments(c) -> None:
    """``compile``'s options for code: ``--name``, ``--package``, ``--module``."""
    c.add_argument(
        "--name",
        help="the base of the code's identifiers (default: the rule set's name), e.g. "
        "--name house gives is_house_winning_hand, IsHouseWinningHand, HouseWinningHand",
    )
    c.add_argument(
        "--package",
        help="the Go package (default mahjong), Java package, C# namespace or PHP namespace "
        f"of the code ({', '.join(PACKAGES)})",
    )
    c.add_argument(
        "--module",
        default="esm",
        choices=MODULES,
        help="the form of JavaScript code: an ES module with export (default), or CommonJS "
        "with module.exports, for require()",
    )


ALLOW_UNCHECKED_HELP = (
    "where the flavor has no lookaround (re2) and so cannot check a tile-level constraint "
    "(suits, contains, only, each, tiles), print the pattern without it and list it (stderr, "
    "JSON): the pattern then accepts hands that break it. It does nothing for a construct a "
    "flavor cannot say at all (those are still refused). --format code and --format json need "
    "no flag: they hold one pattern per hand shape, and the host code checks the rest"
)
