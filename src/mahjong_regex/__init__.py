"""mahjong-regex: compile mahjong rule sets, written in a small DSL, into
exact regular expressions for many regex engines.

Typical use::

    from mahjong_regex import load_rules, compile_pattern, Evaluator
    rules = load_rules("harbin")              # a built-in name or a .meld path
    pattern = compile_pattern(rules, "pcre")  # one line of PCRE2 syntax
    Evaluator(rules).evaluate(hand).explain() # the reference answer, with why
"""

from __future__ import annotations

from pathlib import Path

from .compile import PASSES, Options, compile_rules
from .diagnostics import HandError, MeldError, UnsupportedError
from .flavors import FLAVORS, emit, outline
from .model import RuleSet, load
from .reference import Evaluator, Verdict
from .rules import BUILTINS, builtin_source

__all__ = [
    "BUILTINS",
    "FLAVORS",
    "PASSES",
    "Evaluator",
    "HandError",
    "MeldError",
    "Options",
    "RuleSet",
    "UnknownRuleSet",
    "UnsupportedError",
    "Verdict",
    "compile_pattern",
    "load_rules",
]

__version__ = "0.1.0"


class UnknownRuleSet(LookupError):
    """Neither a built-in rule set name nor an existing ``.meld`` file; the
    message lists the built-in names."""


def read_rules(spec: str) -> tuple[str, str]:
    """Find rule text: ``spec`` is a built-in name or a path.  Returns
    ``(path for messages, source text)``; raises :class:`UnknownRuleSet`."""
    if spec in BUILTINS:
        return f"<builtin>/{spec}.meld", builtin_source(spec)
    path = Path(spec)
    if path.is_file():
        return str(path), path.read_text("utf-8-sig")
    raise UnknownRuleSet(
        f"no rule set {spec!r}: not a built-in name nor a file; "
        f"the built-in rule sets are {', '.join(BUILTINS)}"
    )


def load_rules(spec: str) -> RuleSet:
    """Load and check a rule set by built-in name or ``.meld`` path.

    Raises :class:`UnknownRuleSet`, or :class:`MeldError` for a malformed
    file (its ``render(path, source)`` gives the located message)."""
    path, source = read_rules(spec)
    return load(source, path)


def compile_pattern(rules: RuleSet, flavor: str = "pcre", options: Options | None = None) -> str:
    """The pattern for ``rules`` in ``flavor``, one line (str).

    Raises :class:`UnsupportedError` when the flavor cannot express a
    construct the rule set needs, KeyError for an unknown flavor."""
    return emit(compile_rules(rules, options, flavor), flavor)
