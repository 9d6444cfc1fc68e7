"""Ready-to-paste code for sorted input (``compile --input sorted --format
code``): the sorted pattern as a literal of the host language, the check of
a sorted hand, and a sort function, so that a hand held in any order is one
call from an answer.  For rule set ``harbin``:

========  ==================================================================
python    ``is_harbin_winning_hand(hand)``, ``sort_harbin_hand(tiles)``,
          ``is_harbin_winning_tiles(tiles)``, ``HARBIN_TILE_ORDER``
js, ts    ``isHarbinWinningHand``, ``sortHarbinHand``, ``isHarbinWinningTiles``,
          ``HARBIN_TILE_ORDER``
java      class ``HarbinWinningHand``: ``isWinningHand``, ``sortHand``,
          ``isWinningTiles`` (a String or an ``Iterable<String>``), ``TILE_ORDER``
csharp    class ``HarbinWinningHand``: ``IsWinningHand``, ``SortHand``,
          ``IsWinningTiles`` (a string or an ``IEnumerable<string>``), ``TileOrder``
go        ``IsHarbinWinningHand(hand)``, ``SortHarbinHand(tiles ...string)``,
          ``IsHarbinWinningTiles(tiles ...string)`` (:mod:`.sorted_host`)
rust      ``is_harbin_winning_hand``, ``sort_harbin_hand(&[…])``,
          ``is_harbin_winning_tiles(&[…])`` (:mod:`.sorted_host`)
ruby      ``harbin_winning_hand?``, ``sort_harbin_hand``, ``harbin_winning_tiles?``
php       ``is_harbin_winning_hand``, ``sort_harbin_hand``, ``is_harbin_winning_tiles``
========  ==================================================================

The sort function takes a string of tile names in any order, or a list of
such strings (read joined), and returns them in canonical order (with an
indicator: the turned tile, ``|``, then the tiles sorted).  Where no tile
name starts it raises the language's error for a bad argument (Python
``ValueError``, JavaScript ``Error``, Java ``IllegalArgumentException``, C#
``ArgumentException``, Ruby ``ArgumentError``, PHP
``InvalidArgumentException``; Go and Rust return an error), and so does the
check of tiles in any order; the check of a sorted hand answers false.
"""

from __future__ import annotations


from ..flavors.table import language_flavor
from ..ruleset.model import RuleSet
from .host_literals import (
    PHP_STOPPED,
    Names,
    php_delimited,
    python_literal,
    quoted,
    single_quoted,
)
from .snippets import NOTES, SnippetOptions, _java_string
from .sorted_host import NOT_TILES, TURNED_MESSAGE, fill, go_sorted, rust_sorted, sort_functions
from .sorted_source import SortedSource, canonical_order, sorted_input_lines
from .sorted_templates import TEMPLATES, TS_TYPES

PHP_NOTES = ["Needs PHP 7.4 or later (arrow functions)."]


def _literal(lang: str, source: SortedSource) -> str:
    """The pattern as the language writes it."""
    text, flags = source.out.text, source.flavor.flags
    return {
        "python": lambda: python_literal(text),
        "js": lambda: "/" + text + "/" + flags,
        "ts": lambda: "/" + text + "/" + flags,
        "java": lambda: _java_string(text),
        "csharp": lambda: '@"' + text.replace('"', '""') + '"',
        "ruby": lambda: single_quoted(text),
        "php": lambda: php_delimited(text),
    }[lang]()


def _order(lang: str, rules: RuleSet) -> str:
    names = canonical_order(rules)
    if lang == "java":
        return ", ".join(quoted(n, ascii_only=True) for n in names)
    if lang in ("ruby", "php"):
        return ", ".join(single_quoted(n) for n in names)
    if lang == "python":
        return ", ".join(quoted(n) for n in names) + ("," if len(names) == 1 else "")
    return ", ".join(quoted(n) for n in names)


def _turnable(rules: RuleSet) -> str:
    """The indices in the canonical order of the tiles that may be turned,
    comma-separated ("" without an indicator)."""
    if rules.indicator is None:
        return ""
    index = {t.name: t.index for t in rules.alphabet.tiles}
    turnable = rules.indicator.tiles
    return ", ".join(str(k) for k, n in enumerate(canonical_order(rules)) if index[n] in turnable)


def _slots(lang: str, rules: RuleSet, source: SortedSource, options: SnippetOptions) -> dict:
    """The template's slots, the header left out."""
    n = Names(options.name or rules.name)
    package = options.package
    slots = {
        "U": n.upper,
        "s": n.snake,
        "P": n.pascal,
        "c": n.camel,
        "base": n.base,
        "literal": _literal(lang, source),
        "order": _order(lang, rules),
        "export": "" if options.module == "commonjs" else "export ",
        "package": f"package {package};\n\n" if lang == "java" and package else "",
        "namespace": f"namespace {package};\n\n" if lang == "php" and package else "",
        "open": f"namespace {package}\n{{\n" if lang == "csharp" and package else "",
        "close": "}\n" if lang == "csharp" and package else "",
        "NOT": NOT_TILES,
        "TURNED": TURNED_MESSAGE,
        "turnable": _turnable(rules),
        "stopped": PHP_STOPPED if lang == "php" else "",
    }
    for key in TS_TYPES:
        slots[key] = TS_TYPES[key] if lang == "ts" else ""
    slot, turned = TEMPLATES[lang][2]
    slots[slot] = fill(turned, slots) if rules.indicator is not None else ""
    return slots


def sorted_header(rules: RuleSet, lang: str, options: SnippetOptions, mark: str) -> str:
    """The comment a sorted snippet starts with: what it checks, its input
    (the canonical order, an example sorted hand) and what the host needs."""
    n = Names(options.name or rules.name)
    flavor = language_flavor(lang)
    notes = NOTES.get(lang, [])
    notes = notes.get(options.module, []) if isinstance(notes, dict) else notes
    notes = notes + (PHP_NOTES if lang == "php" else [])
    lines = [
        f"Winning-hand check for the mahjong rule set '{rules.name}', sorted input,",
        f"generated by mahjong-regex (flavor {flavor}; rules sha256 {rules.source_hash[:16]}).",
        *sorted_input_lines(rules, options.notation, sort_functions(lang, n)),
        *notes,
    ]
    return "\n".join(f"{mark} {line}".rstrip() for line in lines)


def sorted_snippet(
    rules: RuleSet, lang: str, source: SortedSource, options: SnippetOptions | None = None
) -> str:
    """Source text in ``lang`` for sorted input: the pattern(s) of
    ``source`` (:func:`.sorted_source.sorted_source` in the language's
    flavor), the check of a sorted hand, the sort function and the check of
    tiles in any order (the module docstring).

    Raises KeyError for an unknown language, ValueError for another flavor,
    an option the language does not take, a pattern that leaves a
    constraint unchecked, or a rule set name that makes no identifier."""
    options = options or SnippetOptions()
    options.check(lang)
    flavor = language_flavor(lang)
    if source.flavor.name != flavor:
        raise ValueError(f"a {lang} snippet takes the {flavor} flavor")
    outs = [source.out] if source.out is not None else [o for _, o in source.turned]
    if any(o.unchecked for o in outs):
        raise ValueError(f"the {flavor} pattern leaves constraints unchecked")
    if lang in ("go", "rust"):
        head = sorted_header(rules, lang, options, "//")
        names = Names(options.name or rules.name)
        if lang == "go":
            return go_sorted(rules, source, names, head, options.package or "mahjong")
        return rust_sorted(rules, source, names, head)
    mark, template, _ = TEMPLATES[lang]
    slots = _slots(lang, rules, source, options)
    slots["head"] = sorted_header(rules, lang, options, mark)
    text = fill(template, slots)
    if lang == "js" and options.module == "commonjs":
        n = Names(options.name or rules.name)
        exports = [f"{n.upper}_WINNING_HAND", f"{n.upper}_TILE_ORDER"]
        exports += [f"is{n.pascal}WinningHand", f"sort{n.pascal}Hand", f"is{n.pascal}WinningTiles"]
        text += f"\nmodule.exports = {{ {', '.join(exports)} }};\n"
    return text
