"""Parse ``.meld`` text into the typed syntax tree of :mod:`.tree`.

The Lark parser comes from :mod:`.grammar`.  Lark's exceptions never escape:
they become
:class:`~mahjong_regex.diagnostics.MeldError` with the line and column of the
offending token and a sentence about what was expected.
"""

from __future__ import annotations

import json
from dataclasses import replace

import lark
from lark import Token, Transformer, v_args

from ..diagnostics import MeldError, source_lines
from . import tree
from .error_places import MAX_NESTING, found_late, too_deep
from .grammar import lark_parser

_TOKEN_WORDS = {
    "NAME": "a name",
    "TILE": "a tile name",
    "INT": "a number",
    "CMP": "a comparison (>=, <=, ==)",
    "STRING": "a quoted title",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "COLON": "':'",
    "COMMA": "','",
    "VBAR": "'|'",
    "EQUAL": "'='",
    "PLUS": "'+'",
    "STAR": "'*'",
    "LSQB": "'['",
    "RSQB": "']'",
    "$END": "the end of the file",
}


#: End column used for a span that runs past the end of its first line.
_LINE_END = 10**6


def _names(tokens) -> tuple[tuple[str, ...], tuple[tree.Span, ...]]:
    """The names of NAME tokens, and where each is written."""
    return tuple(str(t) for t in tokens), tuple(_span(t) for t in tokens)


def _span(meta_or_token) -> tree.Span:
    if isinstance(meta_or_token, Token):
        tok = meta_or_token
        end = tok.end_column if tok.end_line == tok.line else _LINE_END
        return tree.Span(tok.line, tok.column, end)
    m = meta_or_token
    end = m.end_column if m.end_line == m.line else _LINE_END
    return tree.Span(m.line, m.column, end)


def _cmp(tok: Token) -> str:
    return str(tok)


def _int(tok: Token) -> int:
    """A number token as int; MeldError past nine digits."""
    if len(tok) > 9:
        raise MeldError("this number is too large", _span(tok))
    return int(tok)


@v_args(meta=True)
class _TestsToTree(Transformer):
    """Maps the rules of ``tests`` blocks to their AST dataclasses (the
    base of :class:`_ToTree`)."""

    def tests(self, meta, items):
        form, cases = "arranged", items
        if items and isinstance(items[0], tuple):
            (form, span), cases = items[0], items[1:]
            if form not in ("arranged", "sorted"):
                raise MeldError(
                    f"unknown input form '{form}'; tests take arranged or sorted hands", span
                )
        return tree.HandTestsDecl(form, tuple(replace(c, form=form) for c in cases), _span(meta))

    def test_form(self, meta, items):
        return (str(items[0]), _span(items[0]))

    def test_win(self, meta, items):
        return _test_case(True, meta, items)

    def test_no(self, meta, items):
        return _test_case(False, meta, items)

    def test_hand(self, meta, items):
        hand = items[-1]
        turned = items[0] if len(items) == 2 else None
        return (str(hand), _span(hand), turned and str(turned), turned and _span(turned), False)

    def quoted_hand(self, meta, items):
        tok = items[0]
        try:
            text = json.loads(str(tok))
            text.encode("utf-8")
        except ValueError:
            raise MeldError(
                "a quoted hand is a JSON string of Unicode text: \\n, \\t, \\\\, \\uXXXX escapes",
                _span(tok),
            ) from None
        return (text, _span(tok), None, None, True)

    def expect_shape(self, meta, items):
        return ("shape", (str(items[0]), _span(items[0])), _span(meta))

    def expect_split(self, meta, melds):
        return ("split", tuple(melds), _span(meta))

    def split_meld(self, meta, items):
        kind, *pieces = items
        return tree.SplitMeld(str(kind), _span(kind), tuple(pieces), _span(meta))

    def held_tiles(self, meta, items):
        return (str(items[0]), None, _span(items[0]))

    def stand_in(self, meta, items):
        return (str(items[0]), str(items[1]), _span(meta))

    def expect_because(self, meta, items):
        rules = tuple(
            b if isinstance(b, tree.Because) else tree.Because("rule", b.span, rule=b)
            for b in items
        )
        return ("because", rules, _span(meta))

    def because_line(self, meta, items):
        return tree.Because("line", _span(meta), line=_int(items[0]))

    def because_no_split(self, meta, items):
        return tree.Because("no_split", _span(meta))

    def expect_score(self, meta, items):
        total, *names = items
        elements = tuple((str(n), _span(n)) for n in names) if names else None
        return ("score", (_int(total), _span(total), elements), _span(meta))


@v_args(meta=True)
class _ToTree(_TestsToTree):
    """Maps each grammar rule to one AST dataclass."""

    def start(self, meta, items):
        header, *statements = items
        name, title, span = header
        return tree.RuleFile(name, title, tuple(statements), span)

    def header(self, meta, items):
        name = items[0]
        title = str(items[1])[1:-1] if len(items) > 1 else None
        return (str(name), title, _span(meta))

    def tiles(self, meta, groups):
        return tree.TilesDecl(tuple(groups), _span(meta))

    def tile_decl(self, meta, items):
        name = tree.TileName(str(items[0]), _span(items[0]))
        if len(items) == 2:
            name = tree.TileName(
                name.text, name.span, tree.TileName(str(items[1]), _span(items[1]))
            )
        return name

    def suit_is(self, meta, items):
        return ("is", tree.TileName(str(items[0]), _span(items[0])))

    def rank_range(self, meta, items):
        return ("ranks", (_int(items[0]), _int(items[1])))

    def suit(self, meta, items):
        name, *rest = items
        options = dict(i for i in rest if isinstance(i, tuple))
        tiles = tuple(i for i in rest if isinstance(i, tree.TileName))
        ranks = options.get("ranks", (1, 9))
        return tree.SuitDecl(str(name), tiles, _span(meta), options.get("is"), ranks)

    def honor(self, meta, items):
        return tree.HonorDecl(str(items[0]), tuple(items[1:]), _span(meta))

    def flower(self, meta, items):
        return tree.FlowerDecl(str(items[0]), tuple(items[1:]), _span(meta))

    def wild(self, meta, items):
        return tree.WildDecl(items[0], items[1] if len(items) > 1 else None, False, _span(meta))

    def proxy(self, meta, items):
        return tree.WildDecl(items[0], items[1], True, _span(meta))

    def indicator(self, meta, items):
        return tree.IndicatorDecl(items[0] if items else None, _span(meta))

    def class_indicator(self, meta, items):
        return tree.ClassDynamic("indicator", _span(meta))

    def class_next(self, meta, items):
        return tree.ClassDynamic("next", _span(meta))

    def substitutes(self, meta, items):
        return tree.Substitutes(_cmp(items[0]), _int(items[1]), _span(meta))

    def held(self, meta, items):
        return tree.Held(items[0], _span(meta))

    def class_decl(self, meta, items):
        return tree.ClassDecl(str(items[0]), items[1], _span(meta))

    def meld(self, meta, items):
        name, (form, size, step), *rest = items
        of = rest[0] if rest else None
        return tree.MeldDecl(str(name), form, size, of, _span(meta), step)

    def run(self, meta, items):
        return ("run", _int(items[0]), _int(items[1]) if len(items) > 1 else 1)

    def same(self, meta, items):
        return ("same", _int(items[0]), 1)

    def distinct(self, meta, items):
        return ("distinct", _int(items[0]), 1)

    def hand(self, meta, items):
        name = str(items[0])
        where = (
            items[-1]
            if isinstance(items[-1], tuple) and not isinstance(items[-1], tree.Slot)
            else ()
        )
        slots = tuple(i for i in items[1:] if isinstance(i, tree.Slot))
        return tree.HandDecl(name, slots, where, _span(meta))

    def slot(self, meta, items):
        if len(items) == 2:
            count, names = _int(items[0]), items[1]
        else:
            count, names = 1, items[0]
        kinds = tuple(str(n) for n in names)
        return tree.Slot(count, kinds, _span(meta), tuple(_span(n) for n in names))

    def kind_set(self, meta, names):
        return tuple(names)

    def win(self, meta, items):
        where = items[-1] if items and isinstance(items[-1], tuple) else ()
        names = [i for i in items if isinstance(i, Token)]
        return tree.WinDecl(
            tuple(str(n) for n in names),
            tuple(_span(n) for n in names),
            where,
            _span(meta),
        )

    def where(self, meta, constraints):
        return tuple(constraints)

    def meld_count(self, meta, items):
        *names, op, value = items
        kinds, spans = _names(names)
        return tree.MeldCount(kinds, _cmp(op), _int(value), _span(meta), kind_spans=spans)

    def meld_count_of(self, meta, items):
        *names, of, op, value = items
        kinds, spans = _names(names)
        return tree.MeldCount(kinds, _cmp(op), _int(value), _span(meta), of, spans)

    def _split_count(self, what, meta, items):
        *names, op, value = items
        kinds, spans = _names(names)
        return tree.SplitCount(what, kinds, _cmp(op), _int(value), _span(meta), spans)

    def twins(self, meta, items):
        return self._split_count("twins", meta, items)

    def across(self, meta, items):
        return self._split_count("across", meta, items)

    def chain(self, meta, items):
        return self._split_count("chain", meta, items)

    def every_meld(self, meta, items):
        return tree.EveryMeld(items[0], _span(meta))

    def score(self, meta, items):
        name, value, *rest = items
        found = {}
        for item in rest:
            if isinstance(item, tree.Per):
                found["per"] = item
            elif isinstance(item, tuple) and item and item[0] in ("limit", "on", "supersedes"):
                found[item[0]] = item[1:]
            else:
                found["where"] = item
        shapes = found.get("on", ())
        sup = found.get("supersedes", ())
        return tree.ScoreDecl(
            str(name),
            _int(value),
            "limit" in found,
            found.get("per"),
            tuple(str(t) for t in shapes),
            tuple(_span(t) for t in shapes),
            found.get("where", ()),
            tuple(str(t) for t in sup),
            tuple(_span(t) for t in sup),
            _span(meta),
            _span(name),
        )

    def score_limit(self, meta, items):
        return ("limit",)

    def score_on(self, meta, items):
        return ("on", *items)

    def supersedes(self, meta, items):
        return ("supersedes", *items)

    def per_count(self, meta, items):
        kinds, spans = _names([i for i in items if isinstance(i, Token)])
        of = items[-1] if not isinstance(items[-1], Token) else None
        return tree.Per("count", kinds, of, _span(meta), spans)

    def per_twins(self, meta, items):
        kinds, spans = _names(items)
        return tree.Per("twins", kinds, None, _span(meta), spans)

    def suit_count(self, meta, items):
        op, value = items
        return tree.SuitCount(_cmp(op), _int(value), _span(meta))

    def contains(self, meta, items):
        return tree.Contains(items[0], _span(meta))

    def only(self, meta, items):
        return tree.Only(items[0], _span(meta))

    def each_tile(self, meta, items):
        cls, op, value = items
        return tree.EachTile(cls, _cmp(op), _int(value), _span(meta))

    def tile_count(self, meta, items):
        cls, op, value = items
        return tree.TileCount(cls, _cmp(op), _int(value), _span(meta))

    def some_suit_tiles(self, meta, items):
        return tree.SuitTiles("some", _cmp(items[0]), _int(items[1]), _span(meta))

    def every_suit_tiles(self, meta, items):
        return tree.SuitTiles("every", _cmp(items[0]), _int(items[1]), _span(meta))

    def constraint(self, meta, items):
        if len(items) == 1:
            return items[0]
        return tree.AnyOf(tuple(items), _span(meta))

    def class_expr(self, meta, parts):
        if len(parts) == 1:
            return parts[0]
        return tree.ClassUnion(tuple(parts), _span(meta))

    def class_and(self, meta, parts):
        if len(parts) == 1:
            return parts[0]
        return tree.ClassIntersection(tuple(parts), _span(meta))

    def class_name(self, meta, items):
        return tree.ClassName(str(items[0]), _span(items[0]))

    def class_tiles(self, meta, items):
        return tree.ClassTiles(tuple(tree.TileName(str(t), _span(t)) for t in items), _span(meta))

    def class_ranks(self, meta, items):
        return tree.ClassRanks(tuple(_int(i) for i in items), _span(meta))


#: What each clause of a test expects, in words, for messages.
_CLAUSES = {
    "shape": "'as' names the hand shape of a win",
    "split": "'split' gives a split that wins",
    "score": "'scores' gives the score of a win",
    "because": "'because' names the rules a losing hand breaks",
}
#: The clauses that go with each verdict.
_FOR_WIN = ("shape", "split", "score")


def _test_case(win: bool, meta, items) -> tree.HandTestDecl:
    """A test case from its hand and clauses; a clause twice, or one that
    does not go with the verdict, is an error at the clause."""
    (hand, hand_span, turned, turned_span, quoted), *clauses = items
    found: dict = {}
    for what, value, span in clauses:
        if what in found:
            raise MeldError(f"a second '{_word(what)}' in one test", span)
        if (what in _FOR_WIN) != win:
            verdict = "a win" if win else "no win"
            raise MeldError(f"{_CLAUSES[what]}; this test expects {verdict}", span)
        found[what] = value
    score = found.get("score")
    # The test's place: from its verdict to the end of its hand.
    end = hand_span.end_column if hand_span.line == meta.line else _LINE_END
    return tree.HandTestDecl(
        win,
        hand,
        hand_span,
        turned,
        turned_span,
        tree.Span(meta.line, meta.column, end),
        shape=found.get("shape"),
        split=found.get("split"),
        because=found.get("because", ()),
        score=score[:2] if score else None,
        elements=score[2] if score else None,
        quoted=quoted,
    )


def _word(clause: str) -> str:
    return {"shape": "as", "score": "scores"}.get(clause, clause)


def parse(source: str) -> tree.RuleFile:
    """Parse rule-file text (str) into an :class:`~mahjong_regex.syntax.tree.RuleFile`.

    Raises :class:`~mahjong_regex.diagnostics.MeldError` with the line and
    column of the first syntax error (or of the first parenthesis nested
    more than :data:`MAX_NESTING` deep); no Lark exception escapes."""
    deep = too_deep(source)
    if deep is not None:
        raise MeldError(
            f"the rule file nests too deeply (more than {MAX_NESTING} parentheses)", deep
        )
    try:
        parsed = lark_parser().parse(source)
        return _ToTree().transform(parsed)
    except lark.exceptions.VisitError as e:
        if isinstance(e.orig_exc, MeldError):
            raise e.orig_exc from None
        raise
    except RecursionError:
        raise MeldError("the rule file nests too deeply", None) from None
    except lark.exceptions.UnexpectedCharacters as e:
        ch = source[e.pos_in_stream] if e.pos_in_stream < len(source) else ""
        hint = "comparisons are >=, <= and ==" if ch in "<>=!" else None
        raise MeldError(
            f"unexpected character {ch!r}", tree.Span(e.line, e.column, e.column + 1), hint
        ) from None
    except lark.exceptions.UnexpectedToken as e:
        tok = e.token
        if tok.type == "$END":
            lines = source_lines(source.rstrip("\n")) or [""]
            line = len(lines)
            col = len(lines[-1]) + 1
            span = tree.Span(line, col, col + 1)
            found = "end of file"
        else:
            span = _span(tok)
            found = repr(str(tok))
        expected = sorted({_TOKEN_WORDS.get(t, _keyword(t)) for t in e.expected})
        late = found_late(source, e, found)
        if late is not None:
            raise late from None
        raise MeldError(f"unexpected {found}; expected {_or(expected)}", span) from None
    except lark.exceptions.UnexpectedEOF:  # pragma: no cover - LALR raises UnexpectedToken
        raise MeldError("unexpected end of file", None) from None


def _keyword(terminal: str) -> str:
    # Anonymous keyword terminals are named after their text, e.g. "WHERE".
    return f"'{terminal.lower()}'"


def _or(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]
