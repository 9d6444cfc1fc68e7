"""Flavor printers: one printer, one table of differences per flavor.

A :class:`Flavor` is data -- how anchors, named groups, backreferences and
subroutine calls are spelt, which features exist, which flags the host must
set.  :func:`emit` prepares the IR for a flavor (inlining calls where a flavor
has none; refusing, through :func:`unsupported`, what it cannot say) and
prints it.  Every construct is printed so that it means the same thing in the
flavor's real engine; the tests run each flavor's output in that engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import ir
from .diagnostics import UnsupportedError
from .optimize import inline_calls


@dataclass(frozen=True)
class Flavor:
    """How one regex dialect spells the IR (see module docstring).

    ``start``/``end``: whole-string anchors (never line anchors).
    ``group``/``backref``/``call``: format strings taking ``{name}`` (and
    ``{body}`` for groups); ``call`` None means no subroutine calls.
    ``define``: how definitions are printed with subroutine calls --
    ``"define"`` for a ``(?(DEFINE)…)`` block after the body.
    ``flags``: flags the host must set when compiling the pattern.
    ``engine``: the engine that runs it, for documentation."""

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
    flags: str = ""


FLAVORS: dict[str, Flavor] = {
    f.name: f
    for f in (
        Flavor(
            "pcre",
            engine="PCRE2",
            call="(?&{name})",
            define="define",
        ),
        Flavor(
            "regex",
            engine="Python regex module",
            group="(?P<{name}>{body})",
            backref="(?P={name})",
            call="(?&{name})",
            define="define",
        ),
    )
}

#: Characters that must be escaped outside a class, and inside one.
_META = set("\\^$.|?*+()[]{}/#")
_CLASS_META = set("\\]^-[/")


def unsupported(flavor: Flavor, construct: str, reason: str, label: str = "") -> UnsupportedError:
    """The one error for "this flavor cannot say that".  ``label`` is the IR
    label of the construct (``"L:C text"``) and gives the DSL position."""
    from .ast import Span

    span = None
    if label and label.split(" ", 1)[0].count(":") == 1:
        pos = label.split(" ", 1)[0]
        line, col = pos.split(":")
        if line.isdigit() and col.isdigit():
            span = Span(int(line), int(col), int(col) + 1)
    return UnsupportedError(flavor.name, construct, span, reason)


def get(name: str) -> Flavor:
    """The flavor called ``name``; raises KeyError listing the known ones."""
    try:
        return FLAVORS[name]
    except KeyError:
        raise KeyError(f"unknown flavor {name!r}; flavors are {', '.join(FLAVORS)}") from None


def prepare(pattern: ir.Pattern, flavor: Flavor) -> ir.Pattern:
    """Make the IR printable in ``flavor``: inline calls a flavor cannot make
    (and definitions used once), and check every feature used."""
    pattern = _inline_single_use(pattern)
    if flavor.call is None and pattern.definitions:
        pattern = inline_calls(pattern)
    names = [n.name for node in _all(pattern) for n in ir.walk(node) if isinstance(n, ir.Capture)]
    if len(names) != len(set(names)):  # pragma: no cover - an internal invariant
        raise AssertionError(f"capture names defined twice: {sorted(names)}")
    return pattern


def _all(pattern: ir.Pattern):
    yield pattern.body
    for _, node in pattern.definitions:
        yield node


def _inline_single_use(pattern: ir.Pattern) -> ir.Pattern:
    uses: dict[str, int] = {}
    for node in _all(pattern):
        for n in ir.walk(node):
            if isinstance(n, ir.Call):
                uses[n.name] = uses.get(n.name, 0) + 1
    once = {name for name, k in uses.items() if k == 1}
    if not once:
        return pattern
    defs = dict(pattern.definitions)

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


def emit(pattern: ir.Pattern, flavor: Flavor | str) -> str:
    """Print a pattern in a flavor (Pattern -> one line of pattern text).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` when the
    flavor cannot express something the pattern needs."""
    if isinstance(flavor, str):
        flavor = get(flavor)
    pattern = prepare(pattern, flavor)
    printer = _Printer(flavor)
    text = printer.node(pattern.body)
    if pattern.definitions:
        defs = "".join(
            flavor.group.format(name=name, body=printer.node(node))
            for name, node in pattern.definitions
        )
        text += f"(?(DEFINE){defs})"
    return text


#: Width under which a part of the outline stays on one line.
OUTLINE_WIDTH = 72


def outline(pattern: ir.Pattern, flavor: Flavor | str) -> str:
    """The same pattern as :func:`emit`, one part per line, indented by
    structure, each labelled part followed by ``  # line N: DSL text``.

    Joining the lines with comments and indentation removed gives exactly
    the :func:`emit` text (str, ending in a newline)."""
    if isinstance(flavor, str):
        flavor = get(flavor)
    pattern = prepare(pattern, flavor)
    printer = _Printer(flavor)
    lines = printer.lines(pattern.body, 0)
    if pattern.definitions:
        lines.append("(?(DEFINE)")
        for name, node in pattern.definitions:
            open_, close = flavor.group.split("{body}")
            lines.append("  " + open_.format(name=name))
            lines.extend(printer.lines(node, 2))
            lines.append("  " + close)
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

    # Precedence: 0 alternation, 1 sequence, 2 quantified atom.
    def prec(self, n: ir.Node) -> int:
        if isinstance(n, ir.Alt):
            return 0
        if isinstance(n, ir.Seq):
            return 1 if len(n.items) != 1 else self.prec(n.items[0])
        if isinstance(n, ir.Lit):
            return 2 if len(n.text) == 1 else 1
        if isinstance(n, ir.Repeat):
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
            q = self.p_Repeat(ir.Repeat(ir.Lit("x"), n.min, n.max, n.mode))[1:]
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
        return "".join("\\" + c if c in _META else c for c in n.text)

    def p_CharSet(self, n: ir.CharSet) -> str:
        chars = sorted(n.chars)
        if len(chars) == 1:
            return self.p_Lit(ir.Lit(chars[0]))
        out = []
        i = 0
        while i < len(chars):
            j = i
            while j + 1 < len(chars) and ord(chars[j + 1]) == ord(chars[j]) + 1:
                j += 1
            if j - i >= 2:
                out.append(f"{self.cls(chars[i])}-{self.cls(chars[j])}")
            else:
                out.extend(self.cls(c) for c in chars[i : j + 1])
            i = j + 1
        return "[" + "".join(out) + "]"

    def cls(self, c: str) -> str:
        return "\\" + c if c in _CLASS_META else c

    def p_AnyChar(self, n) -> str:
        return "."

    def p_Seq(self, n: ir.Seq) -> str:
        if len(n.items) == 1:
            return self.node(n.items[0])
        return "".join(self.wrap(i, 1) for i in n.items)

    def p_Alt(self, n: ir.Alt) -> str:
        return "|".join(self.wrap(i, 1) for i in n.items)

    def p_Repeat(self, n: ir.Repeat) -> str:
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
            if lo == 1:
                return self.node(n.item)
            q = f"{{{lo}}}"
        else:
            q = f"{{{lo},{hi}}}"
        if n.mode == "lazy":
            q += "?"
        elif n.mode == "possessive":
            if not self.f.possessive:
                raise unsupported(
                    self.f,
                    "a possessive repetition",
                    "no possessive quantifiers",
                    n.label,
                )
            q += "+"
        return self.wrap(n.item, 2) + q

    def p_Capture(self, n: ir.Capture) -> str:
        return self.f.group.format(name=n.name, body=self.node(n.item))

    def p_Backref(self, n: ir.Backref) -> str:
        if not self.f.backrefs:
            raise unsupported(self.f, "a backreference", "no backreferences", n.label)
        return self.f.backref.format(name=n.name)

    def p_Look(self, n: ir.Look) -> str:
        if not self.f.lookaround:
            raise unsupported(self.f, n.label or "a lookahead", "no lookaround", n.label)
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
