"""Go and Rust code for sorted input: the sorted ``re2`` pattern is exact,
so the code holds no host checks -- one pattern, or with an indicator read
from the hand one pattern per tile that may be turned (the hand split at its
first ``|``) -- and the sort function of every sorted snippet.

Go: ``IsHarbinWinningHand(hand string) bool`` (a sorted hand),
``SortHarbinHand(tiles ...string) (string, error)`` and
``IsHarbinWinningTiles(tiles ...string) (bool, error)`` (each argument one
tile name or several written together, in any order).  Rust:
``is_harbin_winning_hand(hand: &str) -> bool``,
``sort_harbin_hand<T: AsRef<str>>(tiles: &[T]) -> Result<String, String>``
and ``is_harbin_winning_tiles`` (the same, ``Result<bool, String>``).
Sorted patterns are large (up to 2 MB): the Rust code raises the regex
crate's size limits, as google-re2 needs its memory budget raised."""

from __future__ import annotations

import re

from ..ruleset.model import RuleSet
from .host_literals import Names, go_literal, quoted, rust_raw
from .sorted_source import SortedSource, canonical_order

#: A slot of a template: ``{name}``.
SLOT = re.compile(r"\{(\w+)\}")
#: The error of a hand with an indicator written without ``TURNED|``.
TURNED_MESSAGE = (
    "a hand is written TURNED|TILES: one tile name that may be turned, '|', then the tiles"
)
#: The error where no tile name starts (each language appends the tile's
#: place in the hand, from 1, then ": " and the rest of the text, quoted).
NOT_TILES = "not tile names: no tile name starts at tile "
#: The error of a turned tile the rule set never turns (each language
#: appends the tile).
NEVER_TURNED = "never turned in this rule set: "


def sort_functions(lang: str, n: Names) -> str:
    """The sort function and the check of tiles in any order, as a snippet
    in ``lang`` names them (for its header)."""
    return {
        "python": f"sort_{n.snake}_hand(tiles) and is_{n.snake}_winning_tiles(tiles)",
        "js": f"sort{n.pascal}Hand(tiles) and is{n.pascal}WinningTiles(tiles)",
        "ts": f"sort{n.pascal}Hand(tiles) and is{n.pascal}WinningTiles(tiles)",
        "java": "sortHand(tiles) and isWinningTiles(tiles)",
        "csharp": "SortHand(tiles) and IsWinningTiles(tiles)",
        "go": f"Sort{n.pascal}Hand(tiles...) and Is{n.pascal}WinningTiles(tiles...)",
        "rust": f"sort_{n.snake}_hand(&[tiles]) and is_{n.snake}_winning_tiles(&[tiles])",
        "ruby": f"sort_{n.snake}_hand(tiles) and {n.snake}_winning_tiles?(tiles)",
        "php": f"sort_{n.snake}_hand($tiles) and is_{n.snake}_winning_tiles($tiles)",
    }[lang]


GO_ONE = """
var {c}Pattern = {literal}

var (
	{c}Once   sync.Once
	{c}Regexp *regexp.Regexp
)

// Is{P}WinningHand reports whether hand, written in canonical order, is a
// winning hand.
func Is{P}WinningHand(hand string) bool {
	{c}Once.Do(func() { {c}Regexp = regexp.MustCompile({c}Pattern) })
	return {c}Regexp.MatchString(hand)
}
"""
GO_TURNED = """
// {c}Sorted is the pattern of the hands of one turned tile.
type {c}Sorted struct {
	pattern string
	once    sync.Once
	re      *regexp.Regexp
}

// {c}Turned holds the pattern of each tile that may be turned.
var {c}Turned = map[string]*{c}Sorted{
{entries}}

// Is{P}WinningHand reports whether hand (TURNED|TILES, the tiles written in
// canonical order) is a winning hand.
func Is{P}WinningHand(hand string) bool {
	turned, rest, ok := strings.Cut(hand, "|")
	s := {c}Turned[turned]
	if !ok || s == nil {
		return false
	}
	s.once.Do(func() { s.re = regexp.MustCompile(s.pattern) })
	return s.re.MatchString(rest)
}
"""
GO_SORT = """
func {c}Positions(text string) ([]int, error) {
	var found []int
next:
	for i := 0; i < len(text); {
		for k, name := range {c}TileOrder {
			if strings.HasPrefix(text[i:], name) {
				found = append(found, k)
				i += len(name)
				continue next
			}
		}
		return nil, errors.New("{NOT}" + strconv.Itoa(len(found)+1) + ": " + strconv.Quote(text[i:]))
	}
	return found, nil
}

// Sort{P}Hand writes the tiles in canonical order; each argument is one tile
// name or several written one after another, in any order. The error says
// where no tile name starts.
func Sort{P}Hand(tiles ...string) (string, error) {
	text, head := strings.Join(tiles, ""), ""
{split}	found, err := {c}Positions(text)
	if err != nil {
		return "", err
	}
	sort.Ints(found)
	var out strings.Builder
	out.WriteString(head)
	for _, k := range found {
		out.WriteString({c}TileOrder[k])
	}
	return out.String(), nil
}

// Is{P}WinningTiles reports whether the tiles, in any order (see
// Sort{P}Hand), are a winning hand; the error is Sort{P}Hand's.
func Is{P}WinningTiles(tiles ...string) (bool, error) {
	hand, err := Sort{P}Hand(tiles...)
	if err != nil {
		return false, err
	}
	return Is{P}WinningHand(hand), nil
}
"""
GO_SORT_TURNED = """	turned, rest, ok := strings.Cut(text, "|")
	if one, err := {c}Positions(turned); !ok || err != nil || len(one) != 1 || rest == "" {
		return "", errors.New("{TURNED}")
	}
	if {c}Turned[turned] == nil {
		return "", errors.New("{NEVER}" + strconv.Quote(turned))
	}
	text, head = rest, turned+"|"
"""


def fill(template: str, slots: dict[str, str]) -> str:
    """``template`` with each ``{slot}`` replaced, in one pass (what a slot
    holds is not read again; other braces are kept)."""
    return SLOT.sub(lambda m: slots.get(m[1], m[0]), template)


def go_sorted(rules: RuleSet, source: SortedSource, n: Names, head: str, package: str) -> str:
    """The Go snippet of sorted input in package ``package`` (the module
    docstring); the rest unexported, prefixed with the rule set's name."""
    c = n.camel
    order = ", ".join(quoted(x) for x in canonical_order(rules))
    slots = {"c": c, "P": n.pascal, "NOT": NOT_TILES, "TURNED": TURNED_MESSAGE}
    slots["NEVER"] = NEVER_TURNED
    if source.out is not None:
        body = fill(GO_ONE, {**slots, "literal": go_literal(source.out.text)})
        split = ""  # the hand is the tiles
    else:
        entries = "".join(
            f"\t{quoted(t)}: {{pattern: {go_literal(o.text)}}},\n" for t, o in source.turned
        )
        body = fill(GO_TURNED, {**slots, "entries": entries})
        split = fill(GO_SORT_TURNED, slots)
    sort_code = fill(GO_SORT, {**slots, "split": split})
    return (
        f'{head}\n\npackage {package}\n\nimport (\n\t"errors"\n\t"regexp"\n\t"sort"\n'
        f'\t"strconv"\n\t"strings"\n\t"sync"\n)\n\n'
        f"// {c}TileOrder are the tile names in canonical order: a sorted hand is\n"
        f"// written in this order.\nvar {c}TileOrder = []string{{{order}}}\n" + body + sort_code
    )


RUST_REGEX = """
/// The regex crate's limits raised for these large patterns (as google-re2
/// needs its memory budget raised).
fn {s}_regex(pattern: &str) -> Regex {
    RegexBuilder::new(pattern)
        .size_limit(1 << 30)
        .dfa_size_limit(1 << 28)
        .build()
        .unwrap()
}
"""
RUST_ONE = """
const {U}_PATTERN: &str = {literal};

/// Whether `hand`, written in canonical order, is a winning hand.
pub fn is_{s}_winning_hand(hand: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {s}_regex({U}_PATTERN)).is_match(hand)
}
"""
RUST_TURNED = """
/// The pattern of each tile that may be turned.
const {U}_TURNED: &[(&str, &str)] = &[
{entries}];

#[allow(clippy::declare_interior_mutable_const)]
const {U}_UNSET: OnceLock<Regex> = OnceLock::new();
static {U}_COMPILED: [OnceLock<Regex>; {N}] = [{U}_UNSET; {N}];

/// Whether `hand` (`TURNED|TILES`, the tiles written in canonical order) is
/// a winning hand.
pub fn is_{s}_winning_hand(hand: &str) -> bool {
    let Some((turned, rest)) = hand.split_once('|') else {
        return false;
    };
    match {U}_TURNED.iter().position(|(t, _)| *t == turned) {
        Some(i) => {U}_COMPILED[i]
            .get_or_init(|| {s}_regex({U}_TURNED[i].1))
            .is_match(rest),
        None => false,
    }
}
"""
RUST_SORT = """
fn {s}_positions(text: &str) -> Result<Vec<usize>, String> {
    let mut found = Vec::new();
    let mut rest = text;
    'next: while !rest.is_empty() {
        for (k, name) in {U}_TILE_ORDER.iter().enumerate() {
            if let Some(after) = rest.strip_prefix(name) {
                found.push(k);
                rest = after;
                continue 'next;
            }
        }
        return Err(format!("{NOT}{}: {:?}", found.len() + 1, rest));
    }
    Ok(found)
}

/// The tiles in canonical order: each item one tile name or several written
/// one after another, in any order (a string: `&[hand]`). The error says
/// where no tile name starts.
pub fn sort_{s}_hand<T: AsRef<str>>(tiles: &[T]) -> Result<String, String> {
    let joined: String = tiles.iter().map(|t| t.as_ref()).collect();
{split}    let mut found = {s}_positions(text)?;
    found.sort_unstable();
    for k in found {
        head.push_str({U}_TILE_ORDER[k]);
    }
    Ok(head)
}

/// Whether the tiles, in any order (see `sort_{s}_hand`), are a winning
/// hand; the error is `sort_{s}_hand`'s.
pub fn is_{s}_winning_tiles<T: AsRef<str>>(tiles: &[T]) -> Result<bool, String> {
    Ok(is_{s}_winning_hand(&sort_{s}_hand(tiles)?))
}
"""
RUST_SORT_ONE = """    let (mut head, text) = (String::new(), joined.as_str());
"""
RUST_SORT_TURNED = """    let (mut head, text) = match joined.split_once('|') {
        Some((turned, rest))
            if {s}_positions(turned).is_ok_and(|t| t.len() == 1) && !rest.is_empty() =>
        {
            if !{U}_TURNED.iter().any(|(t, _)| *t == turned) {
                return Err(format!("{NEVER}{:?}", turned));
            }
            (format!("{}|", turned), rest)
        }
        _ => return Err("{TURNED}".to_string()),
    };
"""


def rust_sorted(rules: RuleSet, source: SortedSource, n: Names, head: str) -> str:
    """The Rust snippet of sorted input (the module docstring); the rest
    private, prefixed with the rule set's name."""
    u, s = n.upper, n.snake
    order = ", ".join(quoted(x) for x in canonical_order(rules))
    slots = {"U": u, "s": s, "NOT": NOT_TILES, "TURNED": TURNED_MESSAGE}
    slots["NEVER"] = NEVER_TURNED
    if source.out is not None:
        body = fill(RUST_ONE, {**slots, "literal": rust_raw(source.out.text)})
        split = fill(RUST_SORT_ONE, slots)
    else:
        entries = "".join(f"    ({quoted(t)}, {rust_raw(o.text)}),\n" for t, o in source.turned)
        body = fill(RUST_TURNED, {**slots, "entries": entries, "N": str(len(source.turned))})
        split = fill(RUST_SORT_TURNED, slots)
    sort_code = fill(RUST_SORT, {**slots, "split": split})
    return (
        f"{head}\nuse regex::{{Regex, RegexBuilder}};\nuse std::sync::OnceLock;\n\n"
        "/// The tile names in canonical order: a sorted hand is written in this order.\n"
        f"const {u}_TILE_ORDER: &[&str] = &[{order}];\n"
        + fill(RUST_REGEX, slots)
        + body
        + sort_code
    )
