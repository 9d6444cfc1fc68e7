"""Single changes of a rule file, for the diff tests.

:func:`mutants` edits the DSL text at the places the syntax tree gives: a
meld kind's size, form, step or class; a slot's count or one of its kinds; a
constraint's comparison, number or class, or the constraint itself; a tile
renamed or added.  Each mutant says whether it keeps the meaning: renaming
every meld kind, reversing the order of the meld declarations, of the win's
shapes, or of the members of a class union.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mahjong_regex.syntax import tree as syn
from mahjong_regex.syntax.parser import parse


@dataclass(frozen=True)
class Mutant:
    """One edit of a rule file: ``what`` it did, the new ``source``, and
    whether it ``keeps`` the meaning (no rule change, no verdict change)."""

    what: str
    source: str
    keeps: bool = False


class _Text:
    """Rule-file text addressed by syntax-tree spans."""

    def __init__(self, source: str):
        self.source = source
        self.code = re.sub(r"#[^\n]*", lambda m: " " * len(m[0]), source)
        self.starts = [0]
        for line in source.split("\n"):
            self.starts.append(self.starts[-1] + len(line) + 1)

    def bounds(self, span: syn.Span) -> tuple[int, int]:
        base = self.starts[span.line - 1]
        return base + span.column - 1, base + span.end_column - 1

    def at(self, span: syn.Span) -> str:
        a, b = self.bounds(span)
        return self.source[a:b]

    def put(self, start: int, end: int, text: str) -> str:
        return self.source[:start] + text + self.source[end:]

    def edit(self, span: syn.Span, pattern: str, make) -> list[tuple[str, str]]:
        """("old piece -> new piece", new source) for each match of
        ``pattern`` in the span's text, replaced by ``make(match)`` (skipped
        when None)."""
        a, _ = self.bounds(span)
        out = []
        for m in re.finditer(pattern, self.at(span)):
            new = make(m)
            if new is not None:
                out.append((f"{m[0]} -> {new}", self.put(a + m.start(), a + m.end(), new)))
        return out


def _leaves(c):
    if isinstance(c, syn.AnyOf):
        for p in c.parts:
            yield from _leaves(p)
    else:
        yield c


def _statements(tree, kind):
    return [s for s in tree.statements if isinstance(s, kind)]


def meld_mutants(text: _Text, tree) -> list[Mutant]:
    out = []
    for d in _statements(tree, syn.MeldDecl):
        forms = {"run": "same", "same": "run", "distinct": "same"}
        edits = text.edit(
            d.span, r"\b(run|same|distinct) (\d+)", lambda m: f"{m[1]} {int(m[2]) + 1}"
        )
        edits += text.edit(
            d.span, r"\b(run|same|distinct) (\d+)", lambda m: f"{m[1]} {int(m[2]) - 1}"
        )
        edits += text.edit(d.span, r"\b(run|same|distinct)\b", lambda m: forms[m[1]])
        edits += text.edit(
            d.span,
            r"\brun (\d+)( step \d+)?",
            lambda m: f"run {m[1]} step 2" if not m[2] else f"run {m[1]}",
        )
        edits += text.edit(d.span, r" of .*$", lambda m: "")
        out += [Mutant(f"line {d.span.line}: meld {d.name}: {what}", new) for what, new in edits]
    return out


def slot_mutants(text: _Text, tree) -> list[Mutant]:
    out = []
    for h in _statements(tree, syn.HandDecl):
        for s in h.slots:
            edits = text.edit(s.span, r"^(\d+)", lambda m: str(int(m[1]) + 1))
            edits += text.edit(
                s.span, r"^(\d+)", lambda m: str(int(m[1]) - 1) if m[1] != "1" else None
            )
            for k in s.kinds if len(s.kinds) > 1 else ():
                rest = " | ".join(x for x in s.kinds if x != k)
                edits += text.edit(s.span, r"\([^)]*\)", lambda m, rest=rest: f"({rest})")
            out += [
                Mutant(f"line {s.span.line}: hand {h.name}: {what}", new) for what, new in edits
            ]
    return out


def constraint_mutants(text: _Text, tree) -> list[Mutant]:
    out = []
    wheres = [w.where for w in _statements(tree, syn.WinDecl)]
    wheres += [h.where for h in _statements(tree, syn.HandDecl)]
    ops = ("<=", ">=", "==")
    for where in wheres:
        for c in where:
            out += _drop(text, c, where)
            for leaf in _leaves(c):
                pattern = r"(<=|>=|==) (\d+)$"
                edits = text.edit(leaf.span, pattern, lambda m: f"{m[1]} {int(m[2]) + 1}")
                edits += text.edit(
                    leaf.span, pattern, lambda m: f"{m[1]} {int(m[2]) - 1}" if m[2] != "0" else None
                )
                for op in ops:
                    edits += text.edit(
                        leaf.span, pattern, lambda m, op=op: f"{op} {m[2]}" if op != m[1] else None
                    )
                edits += _class_members(text, leaf.span, keep=False)
                out += [
                    Mutant(f"line {leaf.span.line}: {text.at(leaf.span)}: {what}", new)
                    for what, new in edits
                ]
    return out


def _class_members(text: _Text, span, keep: bool) -> list[tuple[str, str]]:
    """Drop each member of a ``(a | b)`` class union (or reverse them, which
    keeps the meaning)."""
    out = []
    for m in re.finditer(r"\(([^()]*\|[^()]*)\)", text.at(span)):
        members = [x.strip() for x in m[1].split("|")]
        a, _ = text.bounds(span)
        start, end = a + m.start(1), a + m.end(1)
        if keep:
            out.append((f"{m[0]} reversed", text.put(start, end, " | ".join(reversed(members)))))
            continue
        if text.at(span).startswith("count"):
            continue
        for i in range(len(members)):
            rest = members[:i] + members[i + 1 :]
            out.append((f"{members[i]} dropped", text.put(start, end, " | ".join(rest))))
    return out


def _drop(text: _Text, c, where) -> list[Mutant]:
    """The constraint removed, with its comma, or with 'where' when it is
    the only one."""
    if c.span.line != max(p.span.line for p in _leaves(c)) and isinstance(c, syn.AnyOf):
        return []  # runs over several lines: the span does not cover it
    a, b = text.bounds(c.span)
    src = text.code
    after = re.match(r"\s*,[ \t]*", src[b:])
    if after:
        return [
            Mutant(
                f"line {c.span.line}: {text.at(c.span)} dropped", text.put(a, b + after.end(), "")
            )
        ]
    before = re.search(r",\s*$", src[:a])
    if before:
        return [
            Mutant(
                f"line {c.span.line}: {text.at(c.span)} dropped", text.put(before.start(), b, "")
            )
        ]
    before = re.search(r"\s*\bwhere\s*$", src[:a])
    return [
        Mutant(f"line {c.span.line}: {text.at(c.span)} dropped", text.put(before.start(), b, ""))
    ]


def tile_mutants(text: _Text, tree) -> list[Mutant]:
    tiles = _statements(tree, syn.TilesDecl)[0]
    first = tiles.groups[0].tiles[0]
    a, b = text.bounds(first.span)
    renamed = Mutant(f"tile {first.text!r} renamed", text.put(a, b, first.text + "甲"))
    _, end = text.bounds(tiles.groups[-1].span)
    end = text.source.index("\n", end) if "\n" in text.source[end:] else end
    added = Mutant("an honor tile added", text.put(end, end, "\n  honor extra: Ω"))
    return [renamed, added]


def kept_mutants(text: _Text, tree) -> list[Mutant]:
    """Edits that keep the meaning."""
    src = text.source
    out = []
    melds = _statements(tree, syn.MeldDecl)
    code = text.code
    names = "|".join(sorted((re.escape(d.name) for d in melds), key=len, reverse=True))
    pieces, last = [], 0
    for m in re.finditer(rf"(?<![\w]){'(?:' + names + ')'}(?![\w])", code):
        pieces += [src[last : m.start()], "k_" + m[0]]
        last = m.end()
    out.append(Mutant("every meld kind renamed", "".join(pieces) + src[last:], True))
    lines = src.split("\n")
    rows = [d.span.line - 1 for d in melds]
    swapped = list(lines)
    for row, new in zip(rows, reversed([lines[r] for r in rows])):
        swapped[row] = new
    out.append(Mutant("meld declarations in reverse order", "\n".join(swapped), True))
    win = _statements(tree, syn.WinDecl)[0]
    if len(win.shapes) > 1:
        a, b = text.bounds(win.shape_spans[0])
        _, z = text.bounds(win.shape_spans[-1])
        out.append(
            Mutant(
                "win shapes in reverse order",
                text.put(a, z, " | ".join(reversed(win.shapes))),
                True,
            )
        )
    for where in [win.where] + [h.where for h in _statements(tree, syn.HandDecl)]:
        for c in where:
            for leaf in _leaves(c):
                if not text.at(leaf.span).startswith("count"):
                    out += [
                        Mutant(f"class {what}", new, True)
                        for what, new in _class_members(text, leaf.span, keep=True)
                    ]
    return out


def mutants(source: str) -> list[Mutant]:
    """Every single change of ``source`` (see the module docstring); some
    may not load (the tests skip those)."""
    tree = parse(source)
    text = _Text(source)
    found = meld_mutants(text, tree) + slot_mutants(text, tree) + constraint_mutants(text, tree)
    found += tile_mutants(text, tree) + kept_mutants(text, tree)
    unique: dict[str, Mutant] = {}
    for m in found:
        if m.source != source:
            unique.setdefault(m.source, m)
    return list(unique.values())
