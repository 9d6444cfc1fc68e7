"""Parse ``.meld`` text into the typed syntax tree of :mod:`mahjong_regex.ast`.

The grammar lives in ``grammar/meld.lark`` (installed as the resource
``mahjong_regex.grammar/meld.lark``) and is read with Lark's LALR parser and
contextual lexer.  Lark's exceptions never escape: they become
:class:`~mahjong_regex.diagnostics.MeldError` with the line and column of the
offending token and a sentence about what was expected.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import lark
from lark import Lark, Token, Transformer, v_args

from . import ast
from .diagnostics import MeldError, source_lines

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
    "$END": "the end of the file",
}


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The Lark grammar of the DSL, as text (read from package data)."""
    return resources.files("mahjong_regex.grammar").joinpath("meld.lark").read_text("utf-8")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    # cache=True keeps the LALR tables in the temp folder: a cold start of the
    # command line then skips building them (about 0.1 s).
    return Lark(
        grammar_text(), parser="lalr", lexer="contextual", propagate_positions=True, cache=True
    )


#: End column used for a span that runs past the end of its first line.
_LINE_END = 10**6


def _span(meta_or_token) -> ast.Span:
    if isinstance(meta_or_token, Token):
        tok = meta_or_token
        end = tok.end_column if tok.end_line == tok.line else _LINE_END
        return ast.Span(tok.line, tok.column, end)
    m = meta_or_token
    end = m.end_column if m.end_line == m.line else _LINE_END
    return ast.Span(m.line, m.column, end)


def _cmp(tok: Token) -> str:
    return str(tok)


def _int(tok: Token) -> int:
    """A number token as int; MeldError past nine digits."""
    if len(tok) > 9:
        raise MeldError("this number is too large", _span(tok))
    return int(tok)


@v_args(meta=True)
class _ToAst(Transformer):
    """Maps each grammar rule to one AST dataclass."""

    def start(self, meta, items):
        header, *statements = items
        name, title, span = header
        return ast.RuleFile(name, title, tuple(statements), span)

    def header(self, meta, items):
        name = items[0]
        title = str(items[1])[1:-1] if len(items) > 1 else None
        return (str(name), title, _span(meta))

    def tiles(self, meta, groups):
        return ast.TilesDecl(tuple(groups), _span(meta))

    def _tile_names(self, toks):
        return tuple(ast.TileName(str(t), _span(t)) for t in toks)

    def suit(self, meta, items):
        return ast.SuitDecl(str(items[0]), self._tile_names(items[1:]), _span(meta))

    def honor(self, meta, items):
        return ast.HonorDecl(str(items[0]), self._tile_names(items[1:]), _span(meta))

    def meld(self, meta, items):
        name, (form, size), *rest = items
        return ast.MeldDecl(str(name), form, size, rest[0] if rest else None, _span(meta))

    def run(self, meta, items):
        return ("run", _int(items[0]))

    def same(self, meta, items):
        return ("same", _int(items[0]))

    def hand(self, meta, items):
        name = str(items[0])
        where = (
            items[-1]
            if isinstance(items[-1], tuple) and not isinstance(items[-1], ast.Slot)
            else ()
        )
        slots = tuple(i for i in items[1:] if isinstance(i, ast.Slot))
        return ast.HandDecl(name, slots, where, _span(meta))

    def slot(self, meta, items):
        if len(items) == 2:
            count, kinds = _int(items[0]), items[1]
        else:
            count, kinds = 1, items[0]
        return ast.Slot(count, kinds, _span(meta))

    def kind_set(self, meta, names):
        return tuple(str(n) for n in names)

    def win(self, meta, items):
        where = items[-1] if items and isinstance(items[-1], tuple) else ()
        names = [i for i in items if isinstance(i, Token)]
        return ast.WinDecl(
            tuple(str(n) for n in names),
            tuple(_span(n) for n in names),
            where,
            _span(meta),
        )

    def where(self, meta, constraints):
        return tuple(constraints)

    def meld_count(self, meta, items):
        *names, op, value = items
        return ast.MeldCount(tuple(str(n) for n in names), _cmp(op), _int(value), _span(meta))

    def suit_count(self, meta, items):
        op, value = items
        return ast.SuitCount(_cmp(op), _int(value), _span(meta))

    def contains(self, meta, items):
        return ast.Contains(items[0], _span(meta))

    def only(self, meta, items):
        return ast.Only(items[0], _span(meta))

    def each_tile(self, meta, items):
        cls, op, value = items
        return ast.EachTile(cls, _cmp(op), _int(value), _span(meta))

    def class_expr(self, meta, parts):
        if len(parts) == 1:
            return parts[0]
        return ast.ClassUnion(tuple(parts), _span(meta))

    def class_name(self, meta, items):
        return ast.ClassName(str(items[0]), _span(items[0]))

    def class_tiles(self, meta, items):
        return ast.ClassTiles(tuple(ast.TileName(str(t), _span(t)) for t in items), _span(meta))

    def class_ranks(self, meta, items):
        return ast.ClassRanks(tuple(_int(i) for i in items), _span(meta))


def parse(source: str) -> ast.RuleFile:
    """Parse rule-file text (str) into an :class:`~mahjong_regex.ast.RuleFile`.

    Raises :class:`~mahjong_regex.diagnostics.MeldError` with the line and
    column of the first syntax error; no Lark exception escapes."""
    try:
        tree = _parser().parse(source)
        return _ToAst().transform(tree)
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
            f"unexpected character {ch!r}", ast.Span(e.line, e.column, e.column + 1), hint
        ) from None
    except lark.exceptions.UnexpectedToken as e:
        tok = e.token
        if tok.type == "$END":
            lines = source_lines(source.rstrip("\n")) or [""]
            line = len(lines)
            col = len(lines[-1]) + 1
            span = ast.Span(line, col, col + 1)
            found = "end of file"
        else:
            span = _span(tok)
            found = repr(str(tok))
        expected = sorted({_TOKEN_WORDS.get(t, _keyword(t)) for t in e.expected})
        raise MeldError(f"unexpected {found}; expected {_or(expected)}", span) from None
    except lark.exceptions.UnexpectedEOF as e:  # pragma: no cover - LALR raises UnexpectedToken
        raise MeldError("unexpected end of file", None) from None


def _keyword(terminal: str) -> str:
    # Anonymous keyword terminals are named after their text, e.g. "WHERE".
    return f"'{terminal.lower()}'"


def _or(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]
