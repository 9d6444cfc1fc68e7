"""Stage 4, whole-pattern rewrites: the finished IR goes through
:data:`RULES`, one ordered tuple, in one loop (:func:`optimize`).

- ``suit_backrefs`` (:mod:`.suit_backrefs`): a run captures its suit once
  and backreferences it, where the flavor has backreferences;
- ``expand_backrefs`` (:mod:`.expand_backrefs`): where it has none, every
  backreference becomes an alternation over what its group may hold;
- ``factor_literals`` (:mod:`.factor_literals`): alternations of strings
  become their minimal automaton.

A rule that names a registered pass (:mod:`mahjong_regex.compiler.registry`)
runs only when that pass is on; ``expand_backrefs`` is not a choice, the
flavor needs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import ir
from ..compiler.capabilities import Capabilities
from ..compiler.registry import Options
from .expand_backrefs import expand_backrefs
from .factor_literals import factor_literals
from .inline_calls import MAX_INLINED_NODES, inlined_size
from .suit_backrefs import suit_backrefs


@dataclass(frozen=True)
class Rule:
    """One whole-pattern rewrite: its ``name`` (a registered pass, switched
    off with ``--no-pass``; or a rewrite the flavor needs), whether it
    ``applies`` to a flavor's capabilities, and the rewrite itself
    (Pattern -> Pattern)."""

    name: str
    applies: Callable[[Capabilities], bool]
    rewrite: Callable[[ir.Pattern], ir.Pattern]
    registered: bool = True


def expand_within_limit(pattern: ir.Pattern) -> ir.Pattern:
    """:func:`~.expand_backrefs.expand_backrefs`, unless inlining the
    pattern's calls would pass :data:`~.inline_calls.MAX_INLINED_NODES`
    (lowering then refuses it, naming the size)."""
    if inlined_size(pattern) <= MAX_INLINED_NODES:
        return expand_backrefs(pattern)
    return pattern


#: The rewrites, in the order they run.
RULES: tuple[Rule, ...] = (
    Rule("suit_backrefs", lambda caps: caps.backrefs, suit_backrefs),
    Rule("expand_backrefs", lambda caps: not caps.backrefs, expand_within_limit, False),
    Rule("factor_literals", lambda caps: True, factor_literals),
)


def optimize(
    pattern: ir.Pattern, options: Options, caps: Capabilities, rules: tuple[Rule, ...] = RULES
) -> ir.Pattern:
    """Run each rule of ``rules`` that applies to ``caps`` and, if it is a
    registered pass, is on in ``options``, in order (Pattern -> Pattern)."""
    for rule in rules:
        if rule.applies(caps) and (not rule.registered or options.on(rule.name)):
            pattern = rule.rewrite(pattern)
    return pattern


__all__ = ["RULES", "Rule", "optimize"]
