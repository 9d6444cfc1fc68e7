"""The ``mahjong-regex diff`` subcommand: its arguments, and reading its two
sides (the rest of the command line lives in :mod:`mahjong_regex.cli`).

A side is a rule set -- a built-in name or a ``.meld`` file -- or else a
file holding one pattern (a line, as ``generated/`` holds it) in the
``--flavor``.  The exit code is 0 when nothing changed, 1 when a rule or a
verdict changed, 2 for bad input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..flavors.table import FLAVORS
from ..rules import BUILTINS
from .compare import compare
from .engines import EngineError
from .report import as_json, text
from .sides import PatternSide, RulesSide


def side(spec: str, flavor: str, load, fail):
    """One side of a diff (see the module docstring).  ``load(spec)`` reads a
    rule set as the command line does (returning rules, path, source);
    ``fail(message)`` is the exception that stops with exit code 2."""
    if spec in BUILTINS or spec.endswith(".meld"):
        rules, path, _ = load(spec)
        return RulesSide(rules, path)
    try:
        pattern = Path(spec).read_text("utf-8")
    except FileNotFoundError:
        raise fail(
            f"mahjong-regex: error: no rule set or pattern file {spec!r}; "
            f"the built-in rule sets are {', '.join(BUILTINS)}"
        ) from None
    except OSError as e:
        raise fail(f"mahjong-regex: error: cannot read {spec}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise fail(f"mahjong-regex: error: {spec} is not UTF-8 text") from None
    pattern = pattern.removesuffix("\n").removesuffix("\r")
    if "\n" in pattern:
        raise fail(
            f"mahjong-regex: error: {spec}: a pattern file holds one line, the pattern "
            "(a rule set's file name ends in .meld)"
        )
    try:
        return PatternSide(pattern, flavor, spec)
    except EngineError as e:
        raise fail(f"mahjong-regex: error: {spec}: {e}") from None


def run(args, load, fail) -> int:
    """Run ``diff`` with parsed ``args``; prints the report, returns the exit
    code (see the module docstring for ``load`` and ``fail``)."""
    old = side(args.old, args.flavor, load, fail)
    try:
        new = side(args.new, args.flavor, load, fail)
    except Exception:
        old.close()
        raise
    try:
        result = compare(old, new, args.hands, args.seed)
    except (ValueError, EngineError) as e:
        raise fail(f"mahjong-regex: error: {e}") from None
    finally:
        old.close()
        new.close()
    sys.stdout.write(as_json(result) if args.format == "json" else text(result))
    return 1 if result.differs else 0


def _count(value: str) -> int:
    """A whole number of at least 1 (for argparse)."""
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {value!r}")
    return int(value)


def add_parser(sub, rules_help: str) -> argparse.ArgumentParser:
    """Add ``diff`` to the subcommands ``sub``; ``rules_help`` says what a
    rule set argument may be.  Returns its parser."""
    what = rules_help + ", or a file holding one pattern in the --flavor"
    d = sub.add_parser(
        "diff",
        help="show the rule changes and the hands that changed verdict between two sides",
        description="Compare two rule sets (or a rule set and a pattern): the rule changes, "
        "read from the checked rule sets, each citing its lines; and hands that changed "
        "verdict, found by a seeded search and shrunk toward what the other side wins. "
        "Exit code 0: nothing changed; 1: a rule or a verdict changed; 2: bad input.",
    )
    d.add_argument("old", help="the old side: " + what)
    d.add_argument("new", help="the new side: " + what)
    d.add_argument(
        "--flavor",
        default="pcre",
        choices=list(FLAVORS),
        help="the flavor a pattern side is written in; its engine decides the hands "
        "(default: pcre)",
    )
    d.add_argument(
        "--hands",
        type=_count,
        default=20_000,
        metavar="N",
        help="how many different strings the search decides on both sides (default: 20000)",
    )
    d.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the search's random seed (default: 0; same seed, same hands)",
    )
    d.add_argument(
        "--format",
        default="text",
        choices=["text", "json"],
        help="text for a reader (default), or JSON",
    )
    return d
