"""The regex IR: immutable nodes (:mod:`.nodes`) and the one way to walk and
rewrite them (:mod:`.traversal`).  ``from mahjong_regex import ir`` gives
both: ``ir.seq(...)``, ``ir.walk(node)``, ``ir.map_pattern(pattern, fn)``."""

from __future__ import annotations

from .nodes import (
    EMPTY,
    NEVER,
    Alt,
    AnyChar,
    Atomic,
    Backref,
    Call,
    Capture,
    CharSet,
    End,
    Lit,
    Look,
    Node,
    NotIn,
    Pattern,
    Repeat,
    Seq,
    Start,
    alt,
    seq,
)
from .traversal import (
    captures,
    group_names,
    literal_texts,
    map_pattern,
    transform,
    trees,
    walk,
)

__all__ = [
    "EMPTY",
    "NEVER",
    "Alt",
    "AnyChar",
    "Atomic",
    "Backref",
    "Call",
    "Capture",
    "CharSet",
    "End",
    "Lit",
    "Look",
    "Node",
    "NotIn",
    "Pattern",
    "Repeat",
    "Seq",
    "Start",
    "alt",
    "captures",
    "group_names",
    "literal_texts",
    "map_pattern",
    "seq",
    "transform",
    "trees",
    "walk",
]
