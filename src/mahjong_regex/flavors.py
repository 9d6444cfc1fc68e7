"""Flavor printers: one printer, one table of differences per flavor.

A :class:`Flavor` is data -- how anchors, named groups, backreferences and
subroutine calls are spelt, which features exist, which flags the host must
set.  :func:`emit` prepares the IR for a flavor (inlining calls where a flavor
has none; refusing, through :func:`unsupported`, what it cannot say) and
prints it.  Every construct is printed so that it means the same thing in the
flavor's real engine; the tests run each flavor's output in that engine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import ir
from .diagnostics import UnsupportedError
from .optimize import MAX_INLINED_NODES, NotFinite, expand_backrefs, inline_calls, inlined_size


@dataclass(frozen=True)
class Flavor:
    """How one regex dialect spells the IR (see module docstring).

    - ``start``/``end``: whole-string anchors (never line anchors);
    - ``group``/``backref``/``call``: format strings taking ``{name}`` (and
      ``{body}`` for groups); ``call`` None: no subroutine calls (inlined);
    - ``define``: how definitions are printed when there are calls:
      ``"define"`` a ``(?(DEFINE)…)`` block after the body, ``"zero"`` groups
      repeated ``{0}`` after the body;
    - ``lookaround``/``backrefs``/``atomic``/``possessive``: features;
      ``counted_possessive``: ``{m,n}+`` is possessive (in Onigmo it is not);
    - ``meta``/``class_meta``: characters escaped outside/inside a class;
    - ``names``: ``"word"`` (letters, digits, ``_``) or ``"alnum"`` (no ``_``);
    - ``astral_atoms``: a character outside the BMP is one atom (not two
      UTF-16 code units), so it may be quantified or put in a class;
    - ``flags``: flags the host must set when compiling the pattern;
    - ``never``: a pattern that matches nothing (``[^\\s\\S]`` matches
      anything in the Python regex module, so it is not used);
    - ``captures``: how capture groups behave, which decides how meld
      counts may be kept in the pattern (see :mod:`mahjong_regex.compile`):
      ``"persistent"`` -- a group keeps its value across repetitions of an
      enclosing group, a backreference to a group that has not matched
      fails, and a backreference may come before its group in the pattern
      (PCRE2, the regex module, .NET); ``"empty_unset"`` -- a backreference
      to a group that has not matched matches the empty string, and groups
      inside a repetition are reset on every repetition (ECMAScript);
      ``"plain"`` -- neither may be relied on (Python ``re`` and Java refuse a
      backreference before its group, Onigmo too);
    - ``max_length``: the longest pattern the engine compiles with its
      default limits (measured), None when it is not a concern here;
    - ``engine``: the engine the tests run it in."""

    name: str
    engine: str
    start: str = r"\A"
    end: str = r"\z"
    group: str = "(?<{name}>{body})"
    backref: str = r"\k<{name}>"
    call: str | None = None
    define: str | None = None
    lookaround: bool = True
    backrefs: bool = True
    atomic: bool = True
    possessive: bool = True
    counted_possessive: bool = True
    meta: str = "\\^$.|?*+()[]{}/#"
    class_meta: str = "\\]^-["
    names: str = "word"
    astral_atoms: bool = True
    flags: str = ""
    captures: str = "plain"
    max_length: int | None = None
    never: str = "(?!)"


FLAVORS: dict[str, Flavor] = {
    f.name: f
    for f in (
        Flavor("pcre", engine="PCRE2", call="(?&{name})", define="define", captures="persistent"),
        Flavor(
            "regex",
            engine="Python regex module",
            group="(?P<{name}>{body})",
            backref="(?P={name})",
            call="(?&{name})",
            define="define",
            captures="persistent",
        ),
        Flavor(
            "python",
            engine="Python re",
            end=r"\Z",  # Python's \Z is the very end, like \z elsewhere
            group="(?P<{name}>{body})",
            backref="(?P={name})",
            atomic=False,  # re has them only from Python 3.11
            possessive=False,
        ),
        Flavor(
            "js",
            engine="ECMAScript 2018+ (V8)",
            start="^",  # without the m flag, ^ and $ are the ends of the input
            end="$",
            atomic=False,
            possessive=False,
            meta="\\^$.|?*+()[]{}/",  # u-mode allows no other identity escape
            class_meta="\\]^-[/",
            flags="u",
            captures="empty_unset",
        ),
        Flavor("java", engine="java.util.regex", names="alnum"),
        Flavor(
            "dotnet",
            engine=".NET System.Text.RegularExpressions",
            possessive=False,
            astral_atoms=False,
            captures="persistent",
        ),
        Flavor(
            "ruby",
            engine="Onigmo (Ruby)",
            call="\\g<{name}>",
            define="zero",
            counted_possessive=False,
        ),
        Flavor(
            "re2",
            engine="RE2 (also Go regexp, Rust regex)",
            group="(?P<{name}>{body})",
            lookaround=False,
            backrefs=False,
            atomic=False,
            possessive=False,
            # RE2's default 8 MiB program budget: a 160,000-character
            # alternation compiles, a 320,000-character one does not.
            max_length=150_000,
            never=r"[^\x00-\x{10FFFF}]",  # no lookaround for (?!)
        ),
    )
}


def unsupported(flavor: Flavor, construct: str, reason: str, span=None) -> UnsupportedError:
    """The one error for "this flavor cannot say that": names the flavor, the
    DSL construct and (through ``span``) its line and column."""
    return UnsupportedError(flavor.name, construct, span, reason)


def get(name: str) -> Flavor:
    """The flavor called ``name``; raises KeyError listing the known ones."""
    try:
        return FLAVORS[name]
    except KeyError:
        raise KeyError(f"unknown flavor {name!r}; flavors are {', '.join(FLAVORS)}") from None


@dataclass(frozen=True)
class Output:
    """A pattern printed for a flavor.

    ``text``: the pattern, one line; ``groups``: (name, what it captures)
    for every capture, in order; ``unchecked``: labels of the constraints the
    flavor could not check and that were left out on request."""

    text: str
    flavor: Flavor
    groups: tuple[tuple[str, str], ...]
    unchecked: tuple[str, ...]


def prepare(
    pattern: ir.Pattern, flavor: Flavor, allow_unchecked: bool = False
) -> tuple[ir.Pattern, tuple[str, ...]]:
    """Make the IR printable in ``flavor``: inline calls it cannot make (and
    definitions used once), expand backreferences it lacks, drop guards it
    cannot write, and refuse -- or, with ``allow_unchecked``, leave out and
    list -- constraints it cannot check.  Returns (pattern, unchecked labels).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError`."""
    pattern = _inline_single_use(pattern, flavor)
    if flavor.call is None and pattern.definitions:
        size = inlined_size(pattern)
        if size > MAX_INLINED_NODES:
            raise unsupported(
                flavor,
                "this rule set",
                f"{flavor.engine} has no subroutine calls, and inlining every definition "
                f"would give a pattern of about {size:,} parts (at most {MAX_INLINED_NODES:,})",
                None,
            )
        pattern = inline_calls(pattern)
    if not flavor.atomic and flavor.lookaround and flavor.backrefs:
        pattern = _emulate_atomic(pattern)
    unchecked: list[str] = []
    if not flavor.lookaround:
        pattern = _drop_lookarounds(pattern, flavor, allow_unchecked, unchecked)
    if not flavor.backrefs:
        try:
            pattern = expand_backrefs(pattern)
        except NotFinite as e:  # pragma: no cover - every capture the compiler makes is finite
            raise unsupported(flavor, f"the capture {e.capture}", "no backreferences") from None
    if flavor.names == "alnum":
        pattern = _rename(pattern, _alnum_names(pattern))
    names = [n.name for node in _all(pattern) for n in ir.walk(node) if isinstance(n, ir.Capture)]
    if len(names) != len(set(names)):  # pragma: no cover - an internal invariant
        raise AssertionError(f"capture names defined twice: {sorted(names)}")
    return pattern, tuple(unchecked)


def _emulate_atomic(pattern: ir.Pattern) -> ir.Pattern:
    """Atomic groups for a flavor without them: ``(?=(?<a1>X))\\k<a1>``.  A
    lookahead is atomic in every flavor, and the backreference then takes
    exactly the text its one match found."""
    used = {n.name for node in _all(pattern) for n in ir.walk(node) if isinstance(n, ir.Capture)}
    used |= {name for name, _ in pattern.definitions}
    counter = [0]

    def fresh() -> str:
        while True:
            counter[0] += 1
            name = f"a{counter[0]}"
            if name not in used:
                used.add(name)
                return name

    def fn(n: ir.Node) -> ir.Node:
        if not isinstance(n, ir.Atomic):
            return n
        name = fresh()
        return ir.seq(
            ir.Look(ir.Capture(name, n.item, describes="(atomic group)")), ir.Backref(name)
        )

    body = ir.transform(pattern.body, fn)
    defs = tuple((name, ir.transform(node, fn)) for name, node in pattern.definitions)
    return ir.Pattern(body, defs)


def _drop_lookarounds(pattern: ir.Pattern, flavor: Flavor, allow: bool, unchecked: list[str]):
    refused: list[ir.Look] = []

    def fn(n: ir.Node) -> ir.Node:
        if not isinstance(n, ir.Look):
            return n
        if n.guard:
            return ir.EMPTY
        if n.label not in unchecked:
            unchecked.append(n.label)
            refused.append(n)
        return ir.EMPTY

    body = ir.transform(pattern.body, fn)
    defs = tuple((name, ir.transform(node, fn)) for name, node in pattern.definitions)
    if refused and not allow:
        spans = [n.span for n in refused if n.span is not None]
        construct = ", ".join(
            f"'{n.label.split(': ', 1)[-1]}'" + (f" ({n.span})" if n.span else "") for n in refused
        )
        raise unsupported(
            flavor,
            construct,
            f"{flavor.engine} has no lookaround, and these tile-level constraints are not "
            "small automata over melds; --allow-unchecked emits the rest and lists them "
            "as unchecked",
            spans[0] if spans else None,
        )
    return ir.Pattern(body, defs)


def _alnum_names(pattern: ir.Pattern):
    """A renaming to letters and digits only (``chow_s1`` -> ``chowS1``),
    one to one: a name that would collide gets a numbered suffix."""
    names = sorted(
        {n.name for node in _all(pattern) for n in ir.walk(node) if isinstance(n, ir.Capture)}
        | {name for name, _ in pattern.definitions}
    )
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        parts = name.split("_")
        new = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
        k = 1
        base = new
        while new in taken:
            k += 1
            new = f"{base}N{k}"
        taken.add(new)
        mapping[name] = new
    return lambda name: mapping.get(name, name)


def _rename(pattern: ir.Pattern, fn_name) -> ir.Pattern:
    def fn(n: ir.Node) -> ir.Node:
        if isinstance(n, (ir.Capture, ir.Backref, ir.Call)):
            return replace(n, name=fn_name(n.name))
        return n

    body = ir.transform(pattern.body, fn)
    defs = tuple((fn_name(name), ir.transform(node, fn)) for name, node in pattern.definitions)
    return ir.Pattern(body, defs)


def _all(pattern: ir.Pattern):
    yield pattern.body
    for _, node in pattern.definitions:
        yield node


#: Most characters a definition called once may print as, times the
#: repetitions around its call, to be written in place of the call: PCRE2
#: copies the body of a counted repetition (``{16}``) and refuses a compiled
#: pattern over 64K code units.
MAX_REPEATED_INLINE = 4_000


def _inline_single_use(pattern: ir.Pattern, flavor: Flavor) -> ir.Pattern:
    """Write a definition called from one place in place of its call --
    unless the call sits in a repetition that would copy it into a large
    pattern (see :data:`MAX_REPEATED_INLINE`)."""
    uses: dict[str, int] = {}
    sites: dict[str, list[tuple[str, int]]] = {}

    def visit(node: ir.Node, owner: str, mult: int) -> None:
        if isinstance(node, ir.Call):
            uses[node.name] = uses.get(node.name, 0) + 1
            sites.setdefault(node.name, []).append((owner, mult))
        if isinstance(node, ir.Repeat) and not (node.min == node.max == 1):
            mult *= node.max if node.max is not None else 2
        for c in node.children():
            visit(c, owner, mult)

    visit(pattern.body, "", 1)
    for name, node in pattern.definitions:
        visit(node, name, 1)
    once = {name for name, k in uses.items() if k == 1}
    if not once:
        return pattern
    defs = dict(pattern.definitions)
    # The copies a definition's text would get: its call site's repetitions,
    # times its caller's own copies.
    copies: dict[str, int] = {"": 1}
    for _ in range(len(defs) + 1):
        for name, where in sites.items():
            copies[name] = max(copies.get(owner, 1) * mult for owner, mult in where)
    if flavor.call is not None:
        printer = _Printer(flavor)
        once = {
            name
            for name in once
            if copies.get(name, 1) == 1
            or copies[name] * len(printer.node(defs[name])) <= MAX_REPEATED_INLINE
        }
        if not once:
            return pattern

    def fn(n: ir.Node) -> ir.Node:
        if isinstance(n, ir.Call) and n.name in once:
            return ir.transform(defs[n.name], fn)
        return n

    body = ir.transform(pattern.body, fn)
    kept = tuple(
        (name, ir.transform(node, fn))
        for name, node in pattern.definitions
        if name not in once and name in uses
    )
    return ir.Pattern(body, kept)


def render(pattern: ir.Pattern, flavor: Flavor | str, allow_unchecked: bool = False) -> Output:
    """Print a pattern in a flavor (Pattern -> :class:`Output`).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` when the
    flavor cannot express something the pattern needs (unless
    ``allow_unchecked`` lets a constraint be left out and listed)."""
    if isinstance(flavor, str):
        flavor = get(flavor)
    pattern, unchecked = prepare(pattern, flavor, allow_unchecked)
    printer = _Printer(flavor)
    text = printer.node(pattern.body) + printer.definitions(pattern.definitions)
    if flavor.max_length is not None and len(text) > flavor.max_length:
        raise unsupported(
            flavor,
            "this rule set",
            f"the pattern would be {len(text):,} characters, more than {flavor.engine} "
            f"compiles with its default memory budget (about {flavor.max_length:,})",
            None,
        )
    groups = tuple(
        (n.name, n.describes)
        for node in _all(pattern)
        for n in ir.walk(node)
        if isinstance(n, ir.Capture)
    )
    return Output(text, flavor, groups, unchecked)


def emit(pattern: ir.Pattern, flavor: Flavor | str, allow_unchecked: bool = False) -> str:
    """The pattern text alone (see :func:`render`)."""
    return render(pattern, flavor, allow_unchecked).text


#: Width under which a part of the outline stays on one line.
OUTLINE_WIDTH = 72


def outline(pattern: ir.Pattern, flavor: Flavor | str, allow_unchecked: bool = False) -> str:
    """The same pattern as :func:`emit`, one part per line, indented by
    structure, each labelled part followed by ``  # line N: DSL text``.

    Joining the lines with comments and indentation removed gives exactly
    the :func:`emit` text (str, ending in a newline)."""
    if isinstance(flavor, str):
        flavor = get(flavor)
    pattern, _ = prepare(pattern, flavor, allow_unchecked)
    printer = _Printer(flavor)
    lines = printer.lines(pattern.body, 0)
    if pattern.definitions:
        zero = flavor.define == "zero"
        if not zero:
            lines.append("(?(DEFINE)")
        pad = "" if zero else "  "
        for name, node in pattern.definitions:
            open_, close = flavor.group.split("{body}")
            lines.append(pad + open_.format(name=name))
            lines.extend(printer.lines(node, 1 if zero else 2))
            lines.append(pad + close + ("{0}" if zero else ""))
        if not zero:
            lines.append(")")
    return "\n".join(lines) + "\n"


class _Printer:
    """Prints IR nodes in one flavor, adding ``(?:…)`` only where precedence
    needs it."""

    def __init__(self, flavor: Flavor):
        self.f = flavor

    def node(self, n: ir.Node) -> str:
        method = getattr(self, "p_" + type(n).__name__)
        return method(n)

    def definitions(self, defs) -> str:
        """The definitions block: ``(?(DEFINE)…)``, or ``{0}`` groups."""
        if not defs:
            return ""
        groups = [self.f.group.format(name=name, body=self.node(node)) for name, node in defs]
        if self.f.define == "zero":
            return "".join(g + "{0}" for g in groups)
        return "(?(DEFINE)" + "".join(groups) + ")"

    def astral(self, c: str) -> bool:
        """Is ``c`` two code units (and so not one atom) in this flavor?"""
        return not self.f.astral_atoms and ord(c) > 0xFFFF

    # Precedence: 0 alternation, 1 sequence, 2 quantified atom.
    def prec(self, n: ir.Node) -> int:
        if isinstance(n, ir.Alt):
            return 0
        if isinstance(n, ir.Seq):
            return 1 if len(n.items) != 1 else self.prec(n.items[0])
        if isinstance(n, ir.Lit):
            return 2 if len(n.text) == 1 and not self.astral(n.text) else 1
        if isinstance(n, ir.CharSet) and any(self.astral(c) for c in n.chars):
            return 1 if len(n.chars) == 1 else 0
        if isinstance(n, ir.Repeat):
            if n.min == n.max == 1:
                return self.prec(n.item)  # printed as the item itself
            return 1
        return 2

    def wrap(self, n: ir.Node, need: int) -> str:
        s = self.node(n)
        return s if self.prec(n) >= need else f"(?:{s})"

    # ---- the outline: same text, one part per line ---------------------------------

    def lines(self, n: ir.Node, depth: int, need: int = 0) -> list[str]:
        """Outline lines of ``n`` at indentation ``depth``, wrapped in
        ``(?:…)`` when its precedence is below ``need``."""
        pad = "  " * depth
        label = getattr(n, "label", "")
        comment = f"  # {label}" if label else ""
        wrap = self.prec(n) < need
        text = self.node(n)
        flat = f"(?:{text})" if wrap else text
        inner = [c for c in ir.walk(n) if c is not n and getattr(c, "label", "")]
        if len(flat) + 2 * depth <= OUTLINE_WIDTH and not inner:
            return [pad + flat + comment]
        if isinstance(n, ir.Seq) and len(n.items) == 1:
            sub = self.lines(n.items[0], depth, need)
            return [sub[0] + comment] + sub[1:] if comment and "  # " not in sub[0] else sub
        head, parts, sep, tail = self.split(n)
        if head is None:
            return [pad + flat + comment]
        if wrap:
            head, tail = "(?:" + head, tail + ")"
        out = [pad + head + comment] if head else ([pad + comment.lstrip()] if comment else [])
        sub = depth + 1 if head else depth
        for i, (part, pneed) in enumerate(parts):
            if i and sep:
                out.append("  " * (sub - 1 if head else sub) + sep)
            out.extend(self.lines(part, sub, pneed))
        if tail:
            out.append(pad + tail)
        return [line for line in out if line.strip()]

    def split(self, n: ir.Node):
        """How a compound node opens, its parts (with the precedence each
        needs), the separator between parts, and how it closes."""
        if isinstance(n, ir.Seq):
            return "", [(i, 1) for i in n.items], "", ""
        if isinstance(n, ir.Alt):
            return "", [(i, 1) for i in n.items], "|", ""
        if isinstance(n, ir.Look):
            return ("(?!" if n.negate else "(?="), [(n.item, 0)], "", ")"
        if isinstance(n, ir.Capture):
            open_, close = self.f.group.split("{body}")
            return open_.format(name=n.name), [(n.item, 0)], "", close
        if isinstance(n, ir.Atomic) and self.f.atomic:
            return "(?>", [(n.item, 0)], "", ")"
        if isinstance(n, ir.Repeat):
            q = self.quantifier(n)
            if n.mode == "possessive" and not q.endswith("+") and self.f.atomic:
                return None, [], "", ""  # printed as an atomic group: keep one line
            if self.inline_repeat(n):
                return None, [], "", ""  # printed as "..": keep one line
            if not q:
                return self.split(n.item) if self.prec(n.item) >= 2 else ("", [(n.item, 0)], "", "")
            if self.prec(n.item) >= 2:
                h, parts, sep, t = self.split(n.item)
                if h is None:
                    return None, [], "", ""
                return h, parts, sep, t + q
            return "(?:", [(n.item, 0)], "", ")" + q
        return None, [], "", ""

    def p_Lit(self, n: ir.Lit) -> str:
        return "".join("\\" + c if c in self.f.meta else c for c in n.text)

    def p_CharSet(self, n: ir.CharSet) -> str:
        chars = sorted(n.chars)
        if not chars:
            return self.f.never
        if len(chars) == 1:
            return self.p_Lit(ir.Lit(chars[0]))
        wide = [c for c in chars if self.astral(c)]
        if wide:
            # Two UTF-16 code units each: an alternation, never a class.
            narrow = [c for c in chars if not self.astral(c)]
            parts = [self.p_CharSet(ir.CharSet(frozenset(narrow)))] if narrow else []
            return "|".join(parts + [self.p_Lit(ir.Lit(c)) for c in wide])
        out = []
        i = 0
        while i < len(chars):
            j = i
            while j + 1 < len(chars) and ord(chars[j + 1]) == ord(chars[j]) + 1:
                j += 1
            if j - i >= 2 and chars[i].isalnum() and chars[j].isalnum():
                # Ranges only between letters or digits: an escaped
                # punctuation endpoint reads differently in some engines.
                out.append(f"{self.cls(chars[i])}-{self.cls(chars[j])}")
            else:
                out.extend(self.cls(c) for c in chars[i : j + 1])
            i = j + 1
        return "[" + "".join(out) + "]"

    def cls(self, c: str) -> str:
        return "\\" + c if c in self.f.class_meta else c

    def p_NotIn(self, n: ir.NotIn) -> str:
        assert not any(self.astral(c) for c in n.chars), "the compiler negates BMP classes only"
        return "[^" + "".join(self.cls(c) for c in sorted(n.chars)) + "]"

    def p_AnyChar(self, n) -> str:
        return "."

    def p_Seq(self, n: ir.Seq) -> str:
        if len(n.items) == 1:
            return self.node(n.items[0])
        return "".join(self.wrap(i, 1) for i in n.items)

    def p_Alt(self, n: ir.Alt) -> str:
        return "|".join(self.wrap(i, 1) for i in n.items)

    def quantifier(self, n: ir.Repeat) -> str:
        """The quantifier text of a repetition (``""`` for exactly once)."""
        lo, hi = n.min, n.max
        if (lo, hi) == (0, None):
            q = "*"
        elif (lo, hi) == (1, None):
            q = "+"
        elif (lo, hi) == (0, 1):
            q = "?"
        elif hi is None:
            q = f"{{{lo},}}"
        elif lo == hi:
            q = "" if lo == 1 else f"{{{lo}}}"
        else:
            q = f"{{{lo},{hi}}}"
        if not q:
            return q
        if n.mode == "lazy":
            q += "?"
        elif n.mode == "possessive" and self.f.possessive:
            if self.f.counted_possessive or not q.startswith("{"):
                q += "+"
        return q

    def inline_repeat(self, n: ir.Repeat) -> bool:
        """Is ``n`` printed by writing its one-character item 2 or 3 times?"""
        return n.mode == "greedy" and 2 <= n.min == n.max <= 3 and len(self.node(n.item)) == 1

    def p_Repeat(self, n: ir.Repeat) -> str:
        q = self.quantifier(n)
        if not q:
            return self.node(n.item)
        one = self.node(n.item)
        if self.inline_repeat(n):
            return one * n.min  # "..", shorter than ".{2}"
        if n.mode == "possessive" and not q.endswith("+"):
            # The optimizer makes a repetition possessive only where that
            # cannot change the language: an atomic group, or nothing.
            if self.f.atomic:
                return "(?>" + self.wrap(n.item, 2) + q + ")"
        return self.wrap(n.item, 2) + q

    def p_Capture(self, n: ir.Capture) -> str:
        return self.f.group.format(name=n.name, body=self.node(n.item))

    def p_Backref(self, n: ir.Backref) -> str:
        assert self.f.backrefs, "prepare() expands backreferences"
        return self.f.backref.format(name=n.name)

    def p_Look(self, n: ir.Look) -> str:
        assert self.f.lookaround, "prepare() removes lookarounds"
        return ("(?!" if n.negate else "(?=") + self.node(n.item) + ")"

    def p_Atomic(self, n: ir.Atomic) -> str:
        if not self.f.atomic:
            return self.wrap(n.item, 2)
        return "(?>" + self.node(n.item) + ")"

    def p_Call(self, n: ir.Call) -> str:
        return self.f.call.format(name=n.name)

    def p_Start(self, n) -> str:
        return self.f.start

    def p_End(self, n) -> str:
        return self.f.end
