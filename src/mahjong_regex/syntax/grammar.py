"""The DSL's grammar: ``grammar/meld.lark`` at the top of the repository,
installed as the resource ``mahjong_regex.grammar/meld.lark``, read once and
built into a Lark LALR parser with the contextual lexer."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from lark import Lark


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The Lark grammar of the DSL, as text (read from package data)."""
    return resources.files("mahjong_regex.grammar").joinpath("meld.lark").read_text("utf-8")


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """The LALR parser of :func:`grammar_text`, with positions kept for spans.

    ``cache=True`` keeps the LALR tables in the temp folder: a cold start of
    the command line then skips building them (about 0.1 s)."""
    return Lark(
        grammar_text(), parser="lalr", lexer="contextual", propagate_positions=True, cache=True
    )
