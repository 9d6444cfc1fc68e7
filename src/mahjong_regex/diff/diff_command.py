"""The ``mahjong-regex diff`` subcommand: its arguments, and reading its two
sides (the rest of the command line lives in :mod:`mahjong_regex.cli`).

A side is a rule set -- a built-in name or a ``.meld`` file -- or else a
file holding one pattern (a line, as ``generated/`` holds it) in the
``--flavor``; either file may be ``REV:PATH``, at a git revision of the
current repository (:mod:`.revisions`).  ``diff --pattern FILE --flavor F --rules R NEW`` makes the
pattern in FILE the old side, compared on the hand space of the rule set R
(whose reason its report gives too).  ``--input sorted`` judges both
sides on sorted hands (:mod:`.sorted_sides`).  The exit code is 0 when nothing
changed, 1 when a rule or a verdict changed, 2 for bad input.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from ..engines import EngineError
from ..flavors.table import FLAVORS
from ..rules import BUILTINS
from .compare import compare
from .outlines import outline_diff
from .report import as_json, text
from .revisions import RevisionError, git_show, is_revision
from .sides import PatternSide, RulesSide
from .sorted_sides import SortedRulesSide


def side(spec: str, flavor: str, load, fail, space=None, sorted_input: bool = False):
    """One side of a diff (see the module docstring): a :class:`RulesSide`
    or a :class:`PatternSide` (str ``spec``, str ``flavor``).  ``load(spec)``
    reads a rule set as the command line does (returning rules, path,
    source); ``fail(message)`` is the exception that stops with exit code 2
    (raised for a file that cannot be read or a pattern its engine
    rejects); ``space`` is the hand space (a RuleSet) of a pattern side;
    ``sorted_input``: the side decides sorted hands (:mod:`.sorted_sides`)."""
    ruled = SortedRulesSide if sorted_input else RulesSide
    if spec not in BUILTINS and is_revision(spec):
        try:
            text = git_show(spec)
        except RevisionError as e:
            raise fail(f"mahjong-regex: error: {e}") from None
        if spec.endswith(".meld"):
            rules, path, _ = load(spec, source=text)
            return ruled(rules, path)
        return _pattern_side(text, spec, flavor, fail, space, sorted_input)
    if spec in BUILTINS or spec.endswith(".meld"):
        rules, path, _ = load(spec)
        return ruled(rules, path)
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
    return _pattern_side(pattern, spec, flavor, fail, space, sorted_input)


def _pattern_side(pattern: str, spec: str, flavor: str, fail, space, sorted_input) -> PatternSide:
    """The pattern side of the text of ``spec`` (one line and a newline)."""
    pattern = pattern.removesuffix("\n").removesuffix("\r")
    if not pattern:
        raise fail(f"mahjong-regex: error: {spec}: the pattern file is empty")
    if "\n" in pattern:
        raise fail(
            f"mahjong-regex: error: {spec}: a pattern file holds one line, the pattern "
            "(a rule set's file name ends in .meld)"
        )
    folders = Path(spec.split(":", 1)[-1] if is_revision(spec) else spec).parts[:-1]
    if not sorted_input and "sorted" in folders:
        # generated/NAME/sorted/ holds patterns of sorted hands.
        print(
            f"mahjong-regex: note: {spec} is in a sorted/ folder; a sorted pattern reads "
            "hands in canonical order: compare it with --input sorted",
            file=sys.stderr,
        )
    try:
        return PatternSide(pattern, flavor, spec, space, sorted_input)
    except EngineError as e:
        raise fail(f"mahjong-regex: error: {spec}: {e}") from None


def _specs(args, fail) -> tuple[str, str]:
    """The two sides' specs: ``OLD NEW``, or ``--pattern FILE`` and
    ``NEW``.  Raises ``fail`` for a wrong number of sides, or ``--pattern``
    and ``--rules`` without each other."""
    if args.pattern is not None:
        if args.rules is None:
            raise fail(
                "mahjong-regex: error: --pattern FILE needs --rules R: the rule set "
                "whose hands the pattern is compared on"
            )
        if args.new is not None:
            raise fail(
                "mahjong-regex: error: with --pattern FILE (the old side) name one side "
                f"more, NEW, not two ({args.old!r} and {args.new!r})"
            )
        return args.pattern, args.old
    if args.rules is not None:
        raise fail("mahjong-regex: error: --rules R goes with --pattern FILE")
    if args.new is None:
        raise fail(
            "mahjong-regex: error: diff needs two sides: OLD NEW, "
            "or --pattern FILE --flavor F --rules R NEW"
        )
    return args.old, args.new


def run(args, load, fail) -> int:
    """Run ``diff`` with parsed ``args``; prints the report, returns the exit
    code (see the module docstring for ``load`` and ``fail``)."""
    old_spec, new_spec = _specs(args, fail)
    space = None if args.rules is None else load(args.rules)[0]
    is_sorted = args.input == "sorted"
    old = side(old_spec, args.flavor, load, fail, space, is_sorted)
    try:
        new = side(new_spec, args.flavor, load, fail, space, is_sorted)
    except Exception:
        old.close()
        raise
    try:
        result = compare(old, new, args.hands, args.seed, args.limit, is_sorted)
        if args.outline is not None:
            result = replace(result, outline=outline_diff(old, new, args.outline, is_sorted))
    except (ValueError, EngineError) as e:
        raise fail(f"mahjong-regex: error: {e}") from None
    finally:
        old.close()
        new.close()
    report = as_json if args.format == "json" else text
    sys.stdout.write(report(result, args.limit))
    return 1 if result.differs else 0


def _count(value: str) -> int:
    """A whole number of at least 1 (for argparse)."""
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {value!r}")
    return int(value)


#: The most strings one search decides (each is kept, to be tried once).
MOST_HANDS = 1_000_000


def _hands(value: str) -> int:
    """A number of hands: a whole number from 1 to :data:`MOST_HANDS`."""
    n = _count(value)
    if n > MOST_HANDS:
        raise argparse.ArgumentTypeError(f"at most {MOST_HANDS:,} hands, not {value}")
    return n


def add_parser(sub, rules_help: str) -> argparse.ArgumentParser:
    """Add ``diff`` to the subcommands ``sub``; ``rules_help`` says what a
    rule set argument may be.  Returns its parser."""
    what = (
        rules_help + ", or a file holding one pattern in the --flavor; "
        "either file may be REV:PATH, at a git revision (HEAD~1:rules/my.meld)"
    )
    d = sub.add_parser(
        "diff",
        help="show the rule changes and the hands that changed verdict between two sides",
        description="Compare two rule sets (or a rule set and a pattern): the rule changes, "
        "read from the checked rule sets, each citing its lines; and hands that changed "
        "verdict, found by a seeded search and shrunk toward what the other side wins. "
        "Exit code 0: nothing changed; 1: a rule or a verdict changed; 2: bad input.",
    )
    _side_arguments(d, what, rules_help)
    _search_arguments(d)
    return d


def _side_arguments(d: argparse.ArgumentParser, what: str, rules_help: str) -> None:
    """The sides: ``OLD [NEW]``, ``--pattern``, ``--rules``, ``--flavor``."""
    d.add_argument("old", metavar="OLD", help="the old side: " + what)
    d.add_argument(
        "new", metavar="NEW", nargs="?", help="the new side (the only one with --pattern): " + what
    )
    d.add_argument(
        "--pattern",
        metavar="FILE",
        help="the old side is the pattern in FILE (one line, in the --flavor), compared on "
        "the hands of --rules R",
    )
    d.add_argument(
        "--rules",
        metavar="R",
        help="with --pattern: the rule set (" + rules_help + ") whose hand space the "
        "pattern is compared on; its reason is shown beside the pattern's verdict",
    )
    d.add_argument(
        "--flavor",
        default="pcre",
        choices=list(FLAVORS),
        help="the flavor a pattern side is written in; its engine decides the hands "
        "(default: pcre)",
    )
    d.add_argument(
        "--input",
        default="arranged",
        choices=["arranged", "sorted"],
        help="the form of hand both sides are judged on: arranged (the default), or sorted "
        "(the tiles in canonical order: a rule set decides with the multiset reference, a "
        "pattern side is a sorted pattern; the search writes every hand sorted)",
    )


def _search_arguments(d: argparse.ArgumentParser) -> None:
    """The search and the report: ``--hands``, ``--limit``, ``--seed``,
    ``--outline``, ``--format``."""
    d.add_argument(
        "--hands",
        type=_hands,
        default=20_000,
        metavar="N",
        help="how many different strings the search decides on both sides (default: 20000, "
        "at most 1000000)",
    )
    d.add_argument(
        "--limit",
        type=_count,
        default=5,
        metavar="N",
        help="at most N witness hands per section, the kinds found most first; the count "
        "found is still given (default: 5)",
    )
    d.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the search's random seed (default: 0; same seed, same hands)",
    )
    d.add_argument(
        "--outline",
        metavar="FLAVOR",
        choices=list(FLAVORS),
        help="append a unified diff of the two sides' outlines in FLAVOR (what "
        "'compile R --format outline' prints; a pattern side: its textconv view): "
        + ", ".join(FLAVORS),
    )
    d.add_argument(
        "--format",
        default="text",
        choices=["text", "json"],
        help="text for a reader (default), or JSON",
    )
