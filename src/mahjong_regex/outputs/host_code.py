"""Go and Rust snippets: one pattern per hand shape (:mod:`.shape_patterns`)
and the host checks of each (:mod:`.host_checks`), as data a small
evaluator in the snippet reads.

In the snippet a check is a kind letter, an operator letter, a number, tile
indices and parts: ``e`` every tile of ``tiles`` is held OP n times; ``t``
the tiles of ``tiles`` are held OP n times in all; ``s`` OP n of the parts
hold (a ``suits`` check: one part per suit, "a tile of it held"); ``a`` some
part holds; ``l`` every part holds.  Operators: ``<`` (<=), ``>`` (>=), ``=``.
A hand wins when its tiles can be counted (it is tile names only), and some
shape's checks hold and its pattern matches; with an indicator, only the
shapes of the hand's turned tile (``TURNED|HAND``) are tried.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset.model import RuleSet
from .host_checks import HostCheck
from .host_literals import Names, go_literal, quoted, rust_raw
from .shape_patterns import ShapePattern

OPS = {"<=": "<", ">=": ">", "==": "="}


@dataclass(frozen=True)
class CodeCheck:
    """A host check as the snippet's evaluator reads it (module docstring)."""

    kind: str
    op: str = ">"
    value: int = 0
    tiles: tuple[int, ...] = ()
    parts: tuple["CodeCheck", ...] = ()


def code_check(rules: RuleSet, c: HostCheck) -> CodeCheck:
    """The evaluator's form of a host check: ``contains`` and ``only`` as
    counts of tiles, ``suits`` as a count of the suits holding a tile."""
    op = OPS.get(c.op, ">")
    if c.kind in ("any", "all"):
        parts = tuple(code_check(rules, p) for p in c.parts)
        return CodeCheck("a" if c.kind == "any" else "l", parts=parts)
    if c.kind == "contains":
        return CodeCheck("t", ">", 1, c.tiles)
    if c.kind == "only":
        others = tuple(t.index for t in rules.alphabet.tiles if t.index not in c.tiles)
        return CodeCheck("t", "<", 0, others)
    if c.kind == "suits":
        by_suit = [
            tuple(t for t in c.tiles if rules.alphabet.tiles[t].suit == s)
            for s in rules.alphabet.suits
        ]
        parts = tuple(CodeCheck("t", ">", 1, ts) for ts in by_suit if ts)
        return CodeCheck("s", op, c.value, parts=parts)
    return CodeCheck("e" if c.kind == "each" else "t", op, c.value, c.tiles)


@dataclass(frozen=True)
class Tables:
    """What both writers print: the checks (each once, with the labels it
    speaks for), the shapes with the indices of their checks, and per turned
    tile name the indices of its shapes (empty without an indicator)."""

    checks: list[tuple[CodeCheck, str]]
    shapes: list[tuple[ShapePattern, list[int]]]
    turned: dict[str, list[int]]


def tables(rules: RuleSet, patterns: tuple[ShapePattern, ...]) -> Tables:
    """The :class:`Tables` of a snippet."""
    index: dict[tuple[CodeCheck, str], int] = {}
    shapes = []
    turned: dict[str, list[int]] = {}
    for i, p in enumerate(patterns):
        mine = []
        for c in p.checks:
            key = (code_check(rules, c), c.label)
            mine.append(index.setdefault(key, len(index)))
        shapes.append((p, mine))
        if p.turned is not None and rules.indicator is not None:
            turned.setdefault(rules.alphabet.tiles[p.turned].name, []).append(i)
    return Tables(list(index), shapes, turned)


def _go_check(c: CodeCheck) -> str:
    fields = [f"kind: '{c.kind}'"]
    if c.kind not in "al":
        fields += [f"op: '{c.op}'", f"value: {c.value}"]
    if c.tiles:
        fields.append("tiles: []int{" + ", ".join(map(str, c.tiles)) + "}")
    if c.parts:
        fields.append("parts: []{T}Check{" + ", ".join(_go_check(p) for p in c.parts) + "}")
    return "{" + ", ".join(fields) + "}"


GO_BODY = """
// {t}Check is a check on the tile counts (see the comment above).
type {t}Check struct {
	kind  byte
	op    byte
	value int
	tiles []int
	parts []{t}Check
}

// {t}Shape is one hand shape's pattern and the checks that go with it.
type {t}Shape struct {
	name    string
	pattern string
	checks  []int
	once    sync.Once
	re      *regexp.Regexp
}

func {t}Compare(n int, op byte, value int) bool {
	switch op {
	case '<':
		return n <= value
	case '>':
		return n >= value
	}
	return n == value
}

func (c *{t}Check) holds(counts []int) bool {
	switch c.kind {
	case 'e':
		for _, t := range c.tiles {
			if !{t}Compare(counts[t], c.op, c.value) {
				return false
			}
		}
		return true
	case 't':
		n := 0
		for _, t := range c.tiles {
			n += counts[t]
		}
		return {t}Compare(n, c.op, c.value)
	case 'a':
		for i := range c.parts {
			if c.parts[i].holds(counts) {
				return true
			}
		}
		return false
	case 'l':
		for i := range c.parts {
			if !c.parts[i].holds(counts) {
				return false
			}
		}
		return true
	}
	n := 0 // 's': how many parts hold
	for i := range c.parts {
		if c.parts[i].holds(counts) {
			n++
		}
	}
	return {t}Compare(n, c.op, c.value)
}

// {t}Counts counts each tile of hand; nil when hand is not tile names only.
func {t}Counts(hand string) []int {
	counts := make([]int, len({t}TileNames))
next:
	for len(hand) > 0 {
		for t, name := range {t}TileNames {
			if strings.HasPrefix(hand, name) {
				counts[t]++
				hand = hand[len(name):]
				continue next
			}
		}
		return nil
	}
	return counts
}

func (s *{t}Shape) matches(hand string) bool {
	s.once.Do(func() { s.re = regexp.MustCompile(s.pattern) })
	return s.re.MatchString(hand)
}

// {t}ShapeOf is the name of a shape among shapes that hand wins with, or "".
func {t}ShapeOf(hand string, shapes []int) string {
	counts := {t}Counts(hand)
	if counts == nil {
		return ""
	}
shape:
	for _, i := range shapes {
		s := {t}Shapes[i]
		for _, c := range s.checks {
			if !{t}Checks[c].holds(counts) {
				continue shape
			}
		}
		if s.matches(hand) {
			return s.name
		}
	}
	return ""
}
"""


def go_snippet(
    rules: RuleSet, patterns: tuple[ShapePattern, ...], names: Names, head: str, package: str
) -> str:
    """The Go snippet: ``Is<Name>WinningHand`` and ``<Name>WinningShape``
    in package ``package``, the rest unexported and prefixed."""
    t, pub = names.camel, names.pascal
    tab = tables(rules, patterns)
    tiles = ", ".join(quoted(x.name) for x in rules.alphabet.tiles)
    checks = "".join(
        f"\t// {label}\n\t{_go_check(c).replace('{T}', t)},\n" for c, label in tab.checks
    )
    shapes = "".join(
        f"\t{{name: {quoted(p.shape)}, checks: []int{{{', '.join(map(str, cs))}}}, "
        f"pattern: {go_literal(p.output.text)}}},\n"
        for p, cs in tab.shapes
    )
    every = ", ".join(str(i) for i in range(len(tab.shapes)))
    if tab.turned:
        turned = "".join(
            f"\t{quoted(k)}: {{{', '.join(map(str, v))}}},\n" for k, v in tab.turned.items()
        )
        table = f"// {t}Turned: the shapes of each turned tile.\nvar {t}Turned = map[string][]int{{\n{turned}}}\n"
        body = (
            f'\tturned, rest, ok := strings.Cut(hand, "|")\n\tif !ok {{\n\t\treturn ""\n\t}}\n'
            f"\treturn {t}ShapeOf(rest, {t}Turned[turned])\n"
        )
    else:
        table = f"var {t}Every = []int{{{every}}}\n"
        body = f"\treturn {t}ShapeOf(hand, {t}Every)\n"
    return (
        f'{head}\n\npackage {package}\n\nimport (\n\t"regexp"\n\t"strings"\n\t"sync"\n)\n\n'
        f"// {t}TileNames are the tile names, in the rule set's order.\n"
        f"var {t}TileNames = []string{{{tiles}}}\n\n"
        f"var {t}Checks = []{t}Check{{\n{checks}}}\n\n"
        f"var {t}Shapes = []*{t}Shape{{\n{shapes}}}\n\n{table}"
        + GO_BODY.replace("{t}", t)
        + f'\n// {pub}WinningShape is the name of a hand shape hand wins with, "" when it\n'
        f"// does not win.\nfunc {pub}WinningShape(hand string) string {{\n{body}}}\n\n"
        f"// Is{pub}WinningHand reports whether hand is a winning arranged hand.\n"
        f"func Is{pub}WinningHand(hand string) bool {{\n"
        f'\treturn {pub}WinningShape(hand) != ""\n}}\n'
    )


def _rust_check(c: CodeCheck, t: str) -> str:
    tiles = ", ".join(map(str, c.tiles))
    parts = ", ".join(_rust_check(p, t) for p in c.parts)
    op = c.op if c.kind not in "al" else ">"
    return (
        f"{t}Check {{ kind: b'{c.kind}', op: b'{op}', value: {c.value}, "
        f"tiles: &[{tiles}], parts: &[{parts}] }}"
    )


RUST_BODY = """
/// A check on the tile counts (see the comment above).
struct {T}Check {
    kind: u8,
    op: u8,
    value: usize,
    tiles: &'static [usize],
    parts: &'static [{T}Check],
}

/// One hand shape's pattern and the checks that go with it.
struct {T}Shape {
    name: &'static str,
    pattern: &'static str,
    checks: &'static [usize],
}

fn {s}_compare(n: usize, op: u8, value: usize) -> bool {
    match op {
        b'<' => n <= value,
        b'>' => n >= value,
        _ => n == value,
    }
}

impl {T}Check {
    fn holds(&self, counts: &[usize]) -> bool {
        match self.kind {
            b'e' => self.tiles.iter().all(|&t| {s}_compare(counts[t], self.op, self.value)),
            b't' => {s}_compare(self.tiles.iter().map(|&t| counts[t]).sum(), self.op, self.value),
            b'a' => self.parts.iter().any(|p| p.holds(counts)),
            b'l' => self.parts.iter().all(|p| p.holds(counts)),
            _ => {
                // b's': how many parts hold
                let n = self.parts.iter().filter(|p| p.holds(counts)).count();
                {s}_compare(n, self.op, self.value)
            }
        }
    }
}

/// Each tile's count in hand; None when hand is not tile names only.
fn {s}_counts(mut hand: &str) -> Option<Vec<usize>> {
    let mut counts = vec![0; {U}_TILE_NAMES.len()];
    'next: while !hand.is_empty() {
        for (t, name) in {U}_TILE_NAMES.iter().enumerate() {
            if let Some(rest) = hand.strip_prefix(name) {
                counts[t] += 1;
                hand = rest;
                continue 'next;
            }
        }
        return None;
    }
    Some(counts)
}

#[allow(clippy::declare_interior_mutable_const)]
const {U}_UNSET: OnceLock<Regex> = OnceLock::new();
static {U}_COMPILED: [OnceLock<Regex>; {N}] = [{U}_UNSET; {N}];

/// The name of a shape among `shapes` that `hand` wins with.
fn {s}_shape_of(hand: &str, shapes: &[usize]) -> Option<&'static str> {
    let counts = {s}_counts(hand)?;
    shapes.iter().copied().find_map(|i| {
        let shape = &{U}_SHAPES[i];
        let checked = shape.checks.iter().all(|&c| {U}_CHECKS[c].holds(&counts));
        let re = || {U}_COMPILED[i].get_or_init(|| Regex::new(shape.pattern).unwrap());
        (checked && re().is_match(hand)).then_some(shape.name)
    })
}
"""


def rust_snippet(
    rules: RuleSet, patterns: tuple[ShapePattern, ...], names: Names, head: str
) -> str:
    """The Rust snippet: ``is_<name>_winning_hand`` and
    ``<name>_winning_shape``, the rest private and prefixed."""
    s, u, pascal = names.snake, names.upper, names.pascal
    tab = tables(rules, patterns)
    tiles = ", ".join(quoted(x.name) for x in rules.alphabet.tiles)
    checks = "".join(f"    {_rust_check(c, pascal)}, // {label}\n" for c, label in tab.checks)
    shapes = "".join(
        f"    {pascal}Shape {{ name: {quoted(p.shape)}, checks: &[{', '.join(map(str, cs))}], "
        f"pattern: {rust_raw(p.output.text)} }},\n"
        for p, cs in tab.shapes
    )
    if tab.turned:
        arms = "".join(
            f"        {quoted(k)} => &[{', '.join(map(str, v))}],\n" for k, v in tab.turned.items()
        )
        body = (
            "    let (turned, rest) = hand.split_once('|')?;\n"
            f"    let shapes: &[usize] = match turned {{\n{arms}        _ => return None,\n    }};\n"
            f"    {s}_shape_of(rest, shapes)\n"
        )
    else:
        every = ", ".join(str(i) for i in range(len(tab.shapes)))
        body = f"    {s}_shape_of(hand, &[{every}])\n"
    body_code = (
        RUST_BODY.replace("{T}", pascal)
        .replace("{s}", s)
        .replace("{U}", u)
        .replace("{N}", str(len(tab.shapes)))
    )
    return (
        f"{head}\nuse regex::Regex;\nuse std::sync::OnceLock;\n\n"
        f"/// The tile names, in the rule set's order.\n"
        f"const {u}_TILE_NAMES: &[&str] = &[{tiles}];\n\n"
        f"static {u}_CHECKS: &[{pascal}Check] = &[\n{checks}];\n\n"
        f"static {u}_SHAPES: &[{pascal}Shape] = &[\n{shapes}];\n"
        + body_code
        + f"\n/// The name of a hand shape `hand` wins with; None when it does not win.\n"
        f"pub fn {s}_winning_shape(hand: &str) -> Option<&'static str> {{\n{body}}}\n\n"
        f"/// Whether `hand` is a winning arranged hand.\n"
        f"pub fn is_{s}_winning_hand(hand: &str) -> bool {{\n"
        f"    {s}_winning_shape(hand).is_some()\n}}\n"
    )
