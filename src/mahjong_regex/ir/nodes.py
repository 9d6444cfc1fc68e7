"""The regex IR: immutable nodes, not strings.

The compiler (:mod:`mahjong_regex.compiler`) builds a tree of these nodes, the
passes (:mod:`mahjong_regex.passes`) rewrite it, and one printer per flavor
(:mod:`mahjong_regex.flavors`) turns it into pattern text.  Nodes never
hold flavor syntax: a capture has a name, a backreference names its capture,
a subroutine call names its definition, and the printer decides how each is
spelt -- or refuses it.

Every node may carry ``label``, the DSL line (``"line 12: count(kong) <= 3"``)
it came from; the outline printer shows labels as comments.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Node:
    """Base of all IR nodes.  ``label`` names the DSL source of the node."""

    def children(self) -> tuple["Node", ...]:
        return ()

    def rebuild(self, children: tuple["Node", ...]) -> "Node":
        return self


class _OneChild:
    """Mixin for nodes wrapping one ``item``."""

    def children(self):
        return (self.item,)

    def rebuild(self, children):
        return replace(self, item=children[0])


class _Items:
    """Mixin for nodes over a tuple of ``items``."""

    def children(self):
        return self.items

    def rebuild(self, children):
        return replace(self, items=tuple(children))


@dataclass(frozen=True)
class Lit(Node):
    """A literal string (one or more characters)."""

    text: str
    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class CharSet(Node):
    """One character out of ``chars`` (a frozenset of single code points)."""

    chars: frozenset[str]
    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class NotIn(Node):
    """One character that is not in ``chars`` (a negated class; line breaks
    included).  Used only inside lookaheads, to skip to a marker character
    in one tight loop: ``[^筒万]*[筒万]``."""

    chars: frozenset[str]
    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class AnyChar(Node):
    """Any one character except a line break (regex ``.``).  Used only inside
    lookarounds that are conjunctive with a body that admits no line break."""

    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class Seq(_Items, Node):
    """Concatenation."""

    items: tuple[Node, ...]
    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class Alt(_Items, Node):
    """Alternation; order matters for speed, never for the language."""

    items: tuple[Node, ...]
    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class Repeat(_OneChild, Node):
    """``item`` repeated ``min`` to ``max`` times (``max`` None: unbounded).

    ``mode`` is ``greedy`` or ``lazy``."""

    item: Node
    min: int
    max: int | None
    mode: str = "greedy"
    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class Capture(_OneChild, Node):
    """A capturing group with a unique ``name`` (unless ``shared``);
    ``describes`` says what it captures, in words (listed by ``--format
    json``)."""

    name: str
    item: Node
    label: str = field(default="", compare=False)
    describes: str = field(default="", compare=False)
    #: One group kept in many places: set anywhere, read anywhere (a count of
    #: stand-ins); its name repeats, in flavors that allow it.
    shared: bool = field(default=False, compare=False)
    #: In a scoring pattern, the scoring element the group marks ("" for
    #: every other group) and, for a ``per`` element, which time it counts
    #: (1, 2, …).
    element: str = field(default="", compare=False)
    count: int = field(default=0, compare=False)


@dataclass(frozen=True)
class _Named(Node):
    """A node that refers to a group by ``name``."""

    name: str
    label: str = field(default="", compare=False)


class Backref(_Named):
    """Matches the text last captured by the capture ``name``."""


@dataclass(frozen=True)
class Look(_OneChild, Node):
    """A lookahead (``negate``: negative) at the current position.

    ``guard`` marks a lookahead the body already implies: it only bounds the
    work on hostile input, and a flavor without lookaround may drop it.
    ``span`` is the DSL place of the constraint it checks."""

    item: Node
    negate: bool = False
    label: str = field(default="", compare=False)
    guard: bool = False
    span: object = field(default=None, compare=False)


@dataclass(frozen=True)
class Cond(Node):
    """``(?(name)yes|no)``: ``yes`` when the group ``name`` is set, else
    ``no``.  Used only in flavors with repeatable group names (PCRE2, regex,
    .NET), to raise a count in few characters."""

    name: str
    yes: Node
    no: Node
    label: str = field(default="", compare=False)

    def children(self):
        return (self.yes, self.no)

    def rebuild(self, children):
        return replace(self, yes=children[0], no=children[1])


@dataclass(frozen=True)
class Behind(_OneChild, Node):
    """A lookbehind: ``item`` matches just before the current position.  Of
    any length only in JavaScript (to ask which tile was turned,
    ``(?<=^五万\\|[^]*)``) and in the scoring flavors that rewind; elsewhere
    of a fixed length (the last characters of a hand, where a copy limit's
    tallies are counted)."""

    item: Node
    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class Ahead(_OneChild, Node):
    """A lookahead that backtracking may enter again (PCRE2's
    ``(*napla:…)``): when what follows it fails, the engine tries the next
    way ``item`` matches here, keeping the groups of the way that succeeds.
    Used only for flavors with ``rewind == "napla"``, by scoring patterns."""

    item: Node
    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class Atomic(_OneChild, Node):
    """An atomic group: once ``item`` matched, it is never re-entered."""

    item: Node
    label: str = field(default="", compare=False)


class Pop(_Named):
    """A .NET balancing group with no body, ``(?<-name>)``: takes the last
    capture of ``name`` off its stack, and fails when there is none.  Used
    only for flavors with ``balancing``, by scoring patterns to compare two
    counts."""


class Call(_Named):
    """A subroutine call of the definition ``name`` (see :class:`Pattern`)."""


@dataclass(frozen=True)
class Start(Node):
    """Start of the string (not of a line)."""

    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class End(Node):
    """End of the string: no final line break is allowed before it."""

    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class Pattern:
    """A whole pattern: ``body`` plus named ``definitions`` that ``Call``
    nodes refer to (in definition order).  A flavor with subroutine calls
    prints definitions once; other flavors inline them.

    ``flavor`` is the name of the flavor the pattern was compiled for (the
    compiler writes what that flavor's groups and features allow, so it is
    printed for that flavor only); ``""`` for a pattern built by hand."""

    body: Node
    definitions: tuple[tuple[str, Node], ...] = ()
    flavor: str = ""


EMPTY = Seq(())
#: Matches nothing at all (an empty character class).
NEVER = CharSet(frozenset())


def seq(*items: Node, label: str = "") -> Node:
    """Concatenate, flattening nested sequences and dropping empty ones."""
    out: list[Node] = []
    for it in items:
        if isinstance(it, Seq) and not it.label:
            out.extend(it.items)
        else:
            out.append(it)
    if len(out) == 1 and not label:
        return out[0]
    return Seq(tuple(out), label)


def alt(*items: Node, label: str = "") -> Node:
    """Alternation, flattening nested unlabelled alternations and dropping
    exact duplicates (first one wins); with no alternative at all, NEVER."""
    out: dict[Node, None] = {}
    for it in items:
        for x in it.items if isinstance(it, Alt) and not it.label else (it,):
            out.setdefault(x)
    if not out:
        # No alternative: nothing matches (an empty group would match "").
        return NEVER
    if len(out) == 1 and not label:
        return next(iter(out))
    return Alt(tuple(out), label)
