"""The tests of a rule file, resolved against its rules.

A ``tests { … }`` block holds hands and the verdicts the rules must give
them (:class:`~mahjong_regex.syntax.tree.HandTestDecl`, kept on the rule set
as written).  :func:`resolve` checks each against the rule set -- its hand is
made of the rule set's tile names (with the turned tile first when the rule
set has an indicator), and its split spells its hand -- and gives a
:class:`HandTest`; a hand that is not written in the rule set's tiles is a
:class:`~mahjong_regex.diagnostics.MeldError` at its place.  A hand shape,
meld kind, constraint or scoring element the test names and the rule set
lacks is no error: the test fails (``HandTest.unresolved``), as it does
when any other rule it depends on changes.  Running a test is the reference's business
(:mod:`mahjong_regex.reference.test_runs`) and the engines'.

Resolution is separate from :func:`~mahjong_regex.ruleset.checker.load`:
a rule set whose tests name a tile it no longer has still loads (and
compiles); only running its tests reports them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..diagnostics import HandError, MeldError, Span, source_lines
from ..syntax import tree as syn
from .model import Constraint, RuleSet


@dataclass(frozen=True)
class ExpectedMeld:
    """One meld of an expected split: its ``kind``, the tile names held and
    the tile names they stand for (the same where no wild tile stands in)."""

    kind: str
    held: tuple[str, ...]
    stands: tuple[str, ...]

    def __str__(self) -> str:
        parts = [h if h == s else f"[{h}={s}]" for h, s in zip(self.held, self.stands)]
        return f"{self.kind} {''.join(parts)}"


@dataclass(frozen=True)
class HandTest:
    """One test, resolved (see the module docstring).

    ``hand`` is the string the rules and the patterns decide (``TURNED|HAND``
    with an indicator); ``win`` the verdict expected; ``span`` the test's
    place and ``note`` the comment on its line ("" when none).  Optional
    expectations: ``shape`` (a win as this hand shape), ``split`` (this
    split wins), ``score`` and ``elements`` (the total and the elements of a
    highest-ranked split, each repeated per count), ``breaks`` (the labels
    of the constraints a loss breaks: without them the hand wins) or
    ``no_split`` (no split fits any hand shape); ``because`` is the
    ``because`` clause as written.  ``unresolved`` says what the test names
    that the rule set lacks (a hand shape, a meld kind, a constraint, a
    scoring element): the test fails, as it would when a rule changes."""

    win: bool
    hand: str
    span: Span
    note: str = ""
    form: str = "arranged"
    shape: str | None = None
    split: tuple[ExpectedMeld, ...] | None = None
    breaks: tuple[str, ...] = ()
    no_split: bool = False
    because: str = ""
    score: int | None = None
    elements: tuple[str, ...] | None = None
    unresolved: tuple[str, ...] = ()

    @property
    def verdict(self) -> str:
        """``win`` or ``no``."""
        return "win" if self.win else "no"

    def expectation(self) -> str:
        """What the test expects, in words: ``no, because suits >= 2``,
        ``win as seven_pairs, scoring 3 (a, b)``."""
        out = [self.verdict]
        if self.shape:
            out.append(f" as {self.shape}")
        if self.split is not None:
            out.append(" with the split " + " | ".join(map(str, self.split)))
        if self.score is not None:
            listed = f" ({', '.join(self.elements) or 'no element'})" if self.elements else ""
            out.append(f", scoring {self.score}{listed}")
        if self.because:
            out.append(f", because {self.because}")
        return "".join(out)


def resolve(rules: RuleSet) -> tuple[HandTest, ...]:
    """The tests of ``rules``, resolved (a tuple of :class:`HandTest`, in
    source order).  Raises :class:`~mahjong_regex.diagnostics.MeldError` at
    the first test that names what the rule set lacks or whose hand is not
    made of its tile names."""
    lines = source_lines(rules.source)
    return tuple(_Resolver(rules, lines).test(t) for t in rules.tests)


def located_hand_error(e: HandError, span: Span) -> MeldError:
    """A hand's :class:`HandError` as a located error: the caret under the
    character it names, in the text at ``span``."""
    reason = re.sub(r"^character \d+: ", "", str(e))
    column = span.column + e.position
    return MeldError(f"not a hand of this rule set: {reason}", Span(span.line, column, column + 1))


def note_at(lines: list[str], span: Span) -> str:
    """The comment on the line of ``span`` after it ("" when none): a
    test's note (``lines``: the source's lines)."""
    line = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
    _, mark, comment = line[span.column - 1 :].partition("#")
    return comment.strip() if mark else ""


class _Resolver:
    """Resolves the tests of one rule set (see :func:`resolve`)."""

    def __init__(self, rules: RuleSet, lines: list[str]):
        self.rules = rules
        self.lines = lines
        self.constraints = [c for s in rules.shapes for c in s.where] + list(rules.where)

    def test(self, decl: syn.HandTestDecl) -> HandTest:
        self.unresolved: list[str] = []
        held = self.hand(decl)
        if decl.form == "sorted":
            self.sorted_only(decl, held)
        shape = self.shape(decl.shape) if decl.shape else None
        split = self.split(decl.split, held, decl.hand_span) if decl.split is not None else None
        breaks, no_split = self.breaks(decl.because)
        elements = None
        if decl.score is not None:
            elements = self.elements(decl.score[1], decl.elements)
        return HandTest(
            decl.win,
            decl.text,
            decl.span,
            self.note(decl.span),
            decl.form,
            shape,
            split,
            breaks,
            no_split,
            ", ".join(self.text(b.span) for b in decl.because),
            decl.score[0] if decl.score else None,
            elements,
            tuple(self.unresolved),
        )

    def sorted_only(self, decl: syn.HandTestDecl, held: tuple[str, ...] | None) -> None:
        """A test of ``tests sorted``: its hand in canonical order (unless
        quoted: any string), and no clause that reads an arrangement
        (``split``, ``scores``)."""
        if decl.split is not None:
            raise MeldError(
                "a sorted test takes no split: its hand is not arranged",
                decl.split[0].span,
                help="write 'as SHAPE', or move the test to 'tests { … }' with the hand arranged",
            )
        if decl.score is not None:
            raise MeldError(
                "a sorted test takes no score: scoring reads arranged hands",
                decl.score[1],
                help="move the test to 'tests { … }' with the hand arranged",
            )
        if held is None or decl.quoted:
            return  # any string: one out of order tests that it never wins
        canonical = "".join(sorted(held, key=self.order))
        if canonical != "".join(held):
            if decl.turned is not None:
                canonical = f"{decl.turned}|{canonical}"  # as the test is written
            raise MeldError(
                "a sorted test's hand is not in canonical order",
                decl.hand_span,
                help=f"in canonical order it is {canonical}",
            )

    def order(self, name: str) -> tuple:
        """The canonical-order key of a tile name: suited tiles suit by suit
        as the ``tiles`` block declares them, by rank; then honors and
        flowers as declared (sorted input, docs/sorted-input.md)."""
        tile, suits = self.rules.alphabet.by_name[name], self.rules.alphabet.suits
        return (0, suits.index(tile.suit), tile.rank) if tile.suit else (1, tile.index, 0)

    def text(self, span: Span) -> str:
        line = self.lines[span.line - 1] if span.line <= len(self.lines) else ""
        return line[span.column - 1 : span.end_column - 1].split("#", 1)[0].strip()

    def note(self, span: Span) -> str:
        return note_at(self.lines, span)

    def hand(self, decl: syn.HandTestDecl) -> tuple[str, ...] | None:
        """The names of the tiles held (the turned tile left out); checks the
        turned tile against the rule set's indicator.  A quoted hand may be
        any string when the test expects only that it does not win (None
        then, when it is not a hand)."""
        if decl.quoted:
            return self.quoted(decl)
        alphabet, indicator = self.rules.alphabet, self.rules.indicator
        if indicator is None and decl.turned is not None:
            raise MeldError(
                "this rule set has no indicator: a hand has no turned tile before '|'",
                decl.turned_span,
            )
        if indicator is not None and decl.turned is None:
            raise MeldError(
                "this rule set has an indicator: write the turned tile first, TURNED|HAND",
                decl.hand_span,
            )
        if decl.turned is not None:
            turned = self.tiles(decl.turned, decl.turned_span)
            if len(turned) != 1 or alphabet.by_name[turned[0]].index not in indicator.tiles:
                raise MeldError(
                    f"'{decl.turned}' is not a tile the indicator may be ({indicator.text})",
                    decl.turned_span,
                )
        return self.tiles(decl.hand, decl.hand_span)

    def quoted(self, decl: syn.HandTestDecl) -> tuple[str, ...] | None:
        """A quoted hand: read as the hand of a test written bare, at the
        place of the string (a character past its opening quote)."""
        text, span = decl.hand, decl.hand_span
        inner = Span(span.line, span.column + 1, span.end_column)
        turned, mark, rest = text.partition("|")
        if self.rules.indicator is not None and mark:
            bare = replace(decl, hand=rest, turned=turned, turned_span=inner, quoted=False)
            bare = replace(bare, hand_span=_shifted(inner, len(turned) + 1))
        else:
            bare = replace(decl, hand_span=inner, quoted=False)
        expects = decl.win or decl.because or decl.shape or decl.split is not None
        try:
            return self.hand(bare)
        except MeldError:
            if expects or decl.score is not None:
                raise
            return None

    def tiles(self, text: str, span: Span) -> tuple[str, ...]:
        try:
            return tuple(t.name for t in self.rules.alphabet.tokenize(text))
        except HandError as e:
            raise located_hand_error(e, span) from None

    def shape(self, shape: tuple[str, Span]) -> str | None:
        name, _ = shape
        names = [s.name for s in self.rules.shapes]
        if name not in names:
            self.unresolved.append(
                f"the win has no hand shape '{name}' (its shapes: {', '.join(names)})"
            )
            return None
        return name

    def split(
        self, melds, held: tuple[str, ...], hand_span: Span
    ) -> tuple[ExpectedMeld, ...] | None:
        out = []
        missing = len(self.unresolved)
        for meld in melds:
            if meld.kind not in self.rules.kinds:
                self.unresolved.append(
                    f"the rule set has no meld kind '{meld.kind}' "
                    f"(its meld kinds: {', '.join(self.rules.kinds)})"
                )
            tiles: list[str] = []
            stands: list[str] = []
            for text, stood, span in meld.pieces:
                names = self.tiles(text, span)
                if stood is not None:
                    stands += self.stand_in(names, stood, span)
                else:
                    stands += names
                tiles += names
            out.append(ExpectedMeld(meld.kind, tuple(tiles), tuple(stands)))
        spelled = tuple(t for m in out for t in m.held)
        if spelled != held:
            raise MeldError(
                "the split's tiles are not the hand's: " + _first_difference(spelled, held),
                (
                    Span(melds[0].span.line, melds[0].span.column, melds[-1].span.end_column)
                    if melds[0].span.line == melds[-1].span.line
                    else melds[0].span
                ),
            )
        return tuple(out) if len(self.unresolved) == missing else None

    def stand_in(self, held: tuple[str, ...], stood: str, span: Span) -> list[str]:
        """``[HELD=STOOD]``: one tile held, standing for one tile."""
        stands = self.tiles(stood, span)
        if len(held) != 1 or len(stands) != 1:
            raise MeldError("'[HELD=TILE]' is one tile held and the one tile it stands for", span)
        if not self.rules.wilds:
            self.unresolved.append(
                f"the rule set has no wild tiles: {held[0]} cannot stand for {stands[0]}"
            )
        return list(stands)

    def breaks(self, because: tuple[syn.Because, ...]) -> tuple[tuple[str, ...], bool]:
        """The labels of the constraints ``because`` names, and whether it
        says that no split fits."""
        labels: list[str] = []
        no_split = False
        for b in because:
            if b.what == "no_split":
                if len(because) > 1:
                    raise MeldError("'no split fits' stands alone: no rule is broken then", b.span)
                no_split = True
            elif b.what == "line":
                found = [c for c in self.constraints if c.span.line == b.line]
                if not found:
                    self.unresolved.append(
                        f"line {b.line} holds no constraint of the win or its hand shapes"
                    )
                labels += [c.label() for c in found]
            else:
                labels += [c.label() for c in self.matching(self.text(b.span), b.span)]
        return tuple(dict.fromkeys(labels)), no_split

    def matching(self, text: str, span: Span) -> list[Constraint]:
        bare = re.sub(r"\s+", "", text)
        found = [c for c in self.constraints if re.sub(r"\s+", "", c.text) == bare]
        if not found:
            written = "; ".join(sorted(dict.fromkeys(c.text for c in self.constraints)))
            self.unresolved.append(
                f"no constraint of the win or its hand shapes reads '{text}' "
                f"(they are: {written or 'none'})"
            )
        return found

    def elements(self, span: Span, elements) -> tuple[str, ...] | None:
        if not self.rules.scoring:
            self.unresolved.append("the rule set declares no scoring elements")
            return None
        if elements is None:
            return None
        known = [e.name for e in self.rules.scoring]
        for name, _ in elements:
            if name not in known:
                self.unresolved.append(
                    f"the rule set has no scoring element '{name}' (its elements: {', '.join(known)})"
                )
        return tuple(name for name, _ in elements)


def _shifted(span: Span, by: int) -> Span:
    return Span(span.line, span.column + by, span.end_column)


def _first_difference(split: tuple[str, ...], hand: tuple[str, ...]) -> str:
    for i, (a, b) in enumerate(zip(split, hand), start=1):
        if a != b:
            return f"tile {i} is {a} in the split, {b} in the hand"
    return f"the split has {len(split)} tiles, the hand {len(hand)}"


__all__ = ["ExpectedMeld", "HandTest", "located_hand_error", "note_at", "resolve"]
