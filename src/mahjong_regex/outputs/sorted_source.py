"""What sorted-input code and JSON hold (``--input sorted``): the sorted
pattern of a rule set in a flavor, or -- for ``re2`` with an indicator read
from the hand, which one automaton cannot read -- one pattern per tile that
may be turned (each for the hand after ``TURNED|``), and what they say about
their input: the canonical order, an example sorted hand."""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import UnsupportedError
from ..flavors.table import Flavor, get
from ..pipeline import Output, render_sorted
from ..reference.multiset import canonical_key, sort_hand
from ..ruleset.model import RuleSet
from .notation_text import (
    example_hand,
    fixed_turned_lines,
    input_where,
    notation_name,
    tile_summary,
)


@dataclass(frozen=True)
class SortedSource:
    """The sorted patterns of a rule set in ``flavor``: ``out`` the one
    pattern, or (None and) ``turned``: (turned tile name, the pattern of
    hands with that tile turned, read after ``TURNED|``) for every tile that
    may be turned, in tile order."""

    flavor: Flavor
    out: Output | None
    turned: tuple[tuple[str, Output], ...] = ()


def sorted_source(rules: RuleSet, flavor: str, allow_unchecked: bool = False) -> SortedSource:
    """The :class:`SortedSource` of ``rules`` in ``flavor``.

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` (located,
    naming the construct and the flavor) where the flavor refuses the rule
    set; for ``re2`` with an indicator, the refusal of the first turned tile
    whose pattern is refused (its size, most often)."""
    row = get(flavor)
    try:
        return SortedSource(row, render_sorted(rules, row, allow_unchecked))
    except UnsupportedError:
        if row.lookaround or rules.indicator is None:
            raise
    names = rules.alphabet.tiles
    turned = tuple(
        (names[t].name, render_sorted(rules.with_indicator(t), row, allow_unchecked))
        for t in sorted(rules.indicator.tiles)
    )
    return SortedSource(row, None, turned)


def canonical_order(rules: RuleSet) -> list[str]:
    """Every tile name in canonical order (the order of a sorted hand)."""
    key = canonical_key(rules)
    return [rules.alphabet.tiles[i].name for i in sorted(range(len(rules.alphabet.tiles)), key=key)]


def sorted_example(rules: RuleSet) -> str | None:
    """A winning hand of ``rules`` written as a sorted hand (``TURNED|``
    first with an indicator), or None when no try finds one."""
    example = example_hand(rules)
    return None if example is None else sort_hand(rules, example)


def sorted_input_lines(rules: RuleSet, notation: str | None, functions: str) -> list[str]:
    """Comment lines (without the comment mark) on a sorted snippet's input;
    ``notation`` the ``--tiles`` value (None: told from the tile names),
    ``functions`` what the snippet calls its sort and check functions."""
    where = input_where(rules, notation)
    turned = rules.indicator is not None
    lines = [
        f"Input: a sorted hand in {where}: "
        + ("the turned tile, '|', then the tiles" if turned else "its tiles")
        + " in canonical order,",
        f"{tile_summary(rules)} (ranks ascending), tile names written one after another.",
        f"Tiles in any order: {functions} sort them first.",
    ]
    lines += fixed_turned_lines(rules)
    example = sorted_example(rules)
    if example is not None:
        lines.append(f"Example (a winning sorted hand): {example}")
    return lines


def sorted_json(source: SortedSource, rules: RuleSet, path: str, notation: str | None) -> dict:
    """The ``compile --input sorted --format json`` object (see
    docs/sorted-input.md): the pattern (None where one per turned tile is
    given in ``patterns``), ``input``, the canonical ``order``, an
    ``example`` sorted hand, and the keys every JSON has."""
    out, names = source.out, [t.name for t in rules.alphabet.tiles]
    info = {
        "pattern": out.text if out is not None else None,
        "flavor": source.flavor.name,
        "input": "sorted",
        "engine": source.flavor.engine,
        "flags": source.flavor.flags,
        "groups": [{"name": n, "captures": d} for n, d in out.groups] if out else [],
        "unchecked": list(out.unchecked) if out else [],
        "ruleset": rules.name,
        "source": path,
        "source_sha256": rules.source_hash,
        "notation": notation_name(rules, notation),
        "tiles": names,
        "order": canonical_order(rules),
        "turned_first": rules.indicator is not None,
        "turned": names[rules.turned] if rules.turned is not None else None,
        "example": sorted_example(rules),
    }
    if source.turned:
        info["patterns"] = [
            {
                "turned": name,
                "pattern": o.text,
                "groups": [{"name": n, "captures": d} for n, d in o.groups],
            }
            for name, o in source.turned
        ]
    return info
