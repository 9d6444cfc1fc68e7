"""The one context object of a compilation: what every part of
:mod:`mahjong_regex.compiler` reads and adds to.

- ``rules``, ``options``, ``caps`` (the target flavor's
  :class:`~mahjong_regex.compiler.capabilities.Capabilities`), ``flavor``
  (its name) and ``wild`` (the wild-tile plan, worked out before the
  compilation starts: :mod:`mahjong_regex.compiler.wild.wild_setup`) are
  read only;
- :class:`Names` hands out group names (captures and definitions share one
  namespace, since both are named groups);
- :class:`Definitions` keeps the definitions a pattern calls, each built
  once.

Names are numbered in the order they are asked for, so the same rule set
compiles to the same text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import ir
from ..ruleset.model import Alphabet, RuleSet
from .capabilities import Capabilities
from .registry import Options


def ident(name: str, fallback: str) -> str:
    """A group/definition name safe in every flavor: ASCII letters, digits and
    ``_``, starting with a letter; ``fallback`` when ``name`` is not one."""
    return name if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,30}", name) else fallback


class Names:
    """Group names of one pattern, each taken once."""

    def __init__(self) -> None:
        self.taken: set[str] = set()
        self.count = 0
        self.by_key: dict[tuple, str] = {}

    def fresh(self, base: str) -> str:
        """``base``, or ``base_2``, ``base_3``, … -- the first name not taken."""
        name, n = base, 2
        while name in self.taken:
            name, n = f"{base}_{n}", n + 1
        self.taken.add(name)
        return name

    def capture(self, prefix: str) -> str:
        """A new capture name: ``prefix`` and the next number (``t1``,
        ``c2``, …; one counter for every prefix)."""
        while True:
            self.count += 1
            name = f"{prefix}{self.count}"
            if name not in self.taken:
                self.taken.add(name)
                return name

    def keyed(self, key: tuple, prefix: str) -> str:
        """The capture name that stands for ``key`` (a group whose meaning is
        fixed, read in several places): the name :meth:`capture` gave the
        first time it was asked for.  Every ask takes a number, so the names
        given later do not depend on whether ``key`` was asked for before."""
        name = self.capture(prefix)
        return self.by_key.setdefault(key, name)


class Definitions:
    """The definitions of one pattern, in the order they were made, each
    under a key that says what it is (so it is built once)."""

    def __init__(self) -> None:
        self.by_key: dict[tuple, str] = {}
        self.nodes: dict[str, ir.Node] = {}

    def call(self, key: tuple) -> ir.Call | None:
        """A call of the definition made for ``key``, or None."""
        name = self.by_key.get(key)
        return ir.Call(name) if name is not None else None

    def define(self, key: tuple, name: str, build) -> ir.Call:
        """A call of the definition for ``key``, built once by
        ``build(name)`` under the (already taken) ``name``."""
        if key not in self.by_key:
            self.by_key[key] = name
            self.nodes[name] = build(name)
        return ir.Call(self.by_key[key])

    def add(self, name: str, node: ir.Node) -> ir.Call:
        """Keep ``node`` as the definition ``name`` (already taken); returns
        a call of it."""
        self.nodes[name] = node
        return ir.Call(name)

    def items(self) -> tuple[tuple[str, ir.Node], ...]:
        """(name, node) pairs, in the order they were made."""
        return tuple(self.nodes.items())


@dataclass
class Context:
    """Everything one compilation shares (see the module docstring).
    ``kind_ids`` maps each meld kind to the group name reserved for it;
    ``wild`` is the :class:`~mahjong_regex.compiler.wild.wild_setup.WildPlan`
    of a rule set with wild tiles (None without)."""

    rules: RuleSet
    options: Options
    caps: Capabilities
    flavor: str = ""
    names: Names = field(default_factory=Names)
    definitions: Definitions = field(default_factory=Definitions)
    kind_ids: dict[str, str] = field(default_factory=dict)
    wild: object = None

    @property
    def alphabet(self) -> Alphabet:
        """The rule set's tile alphabet."""
        return self.rules.alphabet


def new_context(
    rules: RuleSet,
    options: Options | None = None,
    caps: Capabilities | None = None,
    flavor: str = "",
) -> Context:
    """A fresh context for compiling ``rules`` with ``options`` (default: every
    pass) for a flavor with capabilities ``caps`` (default: no flavor in
    particular), called ``flavor``; each
    meld kind gets its group name.  The wild-tile plan, where there is one,
    is set by :func:`mahjong_regex.compiler.wild.wild_setup.wild_context`."""
    ctx = Context(rules, options or Options(), caps or Capabilities(), flavor)
    for i, k in enumerate(rules.kinds):
        ctx.kind_ids[k] = ctx.names.fresh(ident(k, f"k{i}"))
    return ctx
