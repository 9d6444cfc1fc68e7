"""Check the ``score`` statements of a rule file: scoring elements with
their shapes, conditions, ``per`` counts and what they supersede.

:func:`check_scoring` is called by :mod:`.checker` once the hand shapes of
the win statement are known; every problem is a
:class:`~mahjong_regex.diagnostics.MeldError` pointing at the DSL source.
"""

from __future__ import annotations

from ..diagnostics import MeldError
from ..syntax import tree as syn
from .model import Constraint, ScoreElement, Shape

#: Largest value of one scoring element.
MAX_SCORE_VALUE = 1000


def check_scoring(checker, decls: list[syn.ScoreDecl], shapes: tuple[Shape, ...]):
    """The ``score`` statements as :class:`ScoreElement` (a tuple, in
    declaration order), checked: names unique, shapes of the win statement,
    known elements superseded, no circle of supersession, no wild tiles in
    the rule set.  ``checker`` is the rule file's checker (its
    ``constraint``, ``classes``, ``known_kinds``, ``known`` and ``text``).

    Raises :class:`MeldError` at the first problem."""
    if not decls:
        return ()
    if checker.wilds or checker.indicator is not None:
        raise MeldError("scoring elements need a rule set without wild tiles", decls[0].span)
    names: dict[str, syn.ScoreDecl] = {}
    for d in decls:
        if d.name in names:
            raise MeldError(f"scoring element '{d.name}' is defined twice", d.name_span)
        names[d.name] = d
    win = [s.name for s in shapes]
    out = [element(checker, d, names, win) for d in decls]
    no_cycle(out)
    return tuple(out)


def element(checker, d: syn.ScoreDecl, names, win: list[str]) -> ScoreElement:
    """One ``score`` statement, checked (see :func:`check_scoring`)."""
    if d.value > MAX_SCORE_VALUE:
        raise MeldError(f"a scoring element is worth 0 to {MAX_SCORE_VALUE}, not {d.value}", d.span)
    if d.limit and d.value == 0:
        raise MeldError(
            "a limit element is worth at least 1: a split holding one outranks every split "
            "without one",
            d.span,
        )
    if len(set(d.shapes)) != len(d.shapes):
        dup = next(n for i, n in enumerate(d.shapes) if n in d.shapes[:i])
        raise MeldError(f"hand shape '{dup}' is named twice", d.shape_spans[d.shapes.index(dup)])
    for name, span in zip(d.shapes, d.shape_spans):
        if name not in win:
            raise MeldError(
                f"'{name}' is not a hand shape of the win statement",
                span,
                help="the winning hand shapes are: " + ", ".join(win),
            )
    for name, span in zip(d.supersedes, d.supersede_spans):
        if name not in names:
            raise MeldError(
                f"unknown scoring element '{name}'",
                span,
                help=checker.known("scoring elements", names),
            )
        if name == d.name:
            raise MeldError(f"'{name}' cannot supersede itself", span)
        if names[name].limit and not d.limit:
            raise MeldError(
                f"'{name}' is a limit element: only another limit element may supersede it "
                "(a limit element supersedes every other)",
                span,
            )
    where = tuple(checker.constraint(c) for c in d.where)
    for c in where:
        if c.kind == "substitutes" or c.held:
            raise MeldError("scoring conditions see no wild tiles", c.span)
    return ScoreElement(
        d.name,
        d.value,
        d.limit,
        tuple(d.shapes) or tuple(win),
        where,
        frozenset(d.supersedes),
        checker.text(d.span),
        d.span,
        per(checker, d.per) if d.per is not None else None,
    )


def per(checker, p: syn.Per) -> Constraint:
    """``per count(…)`` / ``per twins(…)`` as a count constraint (its
    comparison unused)."""
    checker.known_kinds(p.kinds, p.span, p.kind_spans)
    kind = "meld_count" if p.what == "count" else "twins"
    within = checker.classes.nonempty(p.of) if p.of is not None else None
    return Constraint(kind, checker.text(p.span), p.span, kinds=frozenset(p.kinds), within=within)


def no_cycle(elements: list[ScoreElement]) -> None:
    """Raise :class:`MeldError` when elements supersede each other in a
    circle."""
    by_name = {e.name: e for e in elements}
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2:
            return
        if state.get(name) == 1:
            loop = path[path.index(name) :] + [name]
            raise MeldError(
                "scoring elements supersede each other in a circle: " + " -> ".join(loop),
                by_name[path[-1]].span,
            )
        state[name] = 1
        for x in sorted(by_name[name].supersedes):
            visit(x, path + [name])
        state[name] = 2

    for e in elements:
        visit(e.name, [])
