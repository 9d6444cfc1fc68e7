"""``--input sorted`` on the command line: ``compile`` prints the pattern
for hands in canonical order (or its outline, JSON, or code: the sorted
snippets of :mod:`.sorted_snippets`), ``match`` decides such hands with the
multiset reference (:mod:`mahjong_regex.reference.multiset`) and prints one
winning arrangement, or why none wins (a hand out of canonical order is an
error that shows the canonical form)."""

from __future__ import annotations

import json
import sys

from ..diagnostics import shown
from ..flavors.table import get
from ..hand_input import Hand, notation_hint
from ..pipeline import Output, render_sorted
from ..reference.multiset import MultisetEvaluator
from ..ruleset.model import RuleSet
from .snippets import SnippetOptions
from .sorted_snippets import sorted_snippet
from .sorted_source import SortedSource, sorted_json, sorted_source

#: The forms of hand ``--input`` names.
INPUTS = ("arranged", "sorted")


def compile_text(source: SortedSource, rules: RuleSet, path: str, args) -> str:
    """What ``compile --input sorted`` prints for ``source`` (the sorted
    patterns, :func:`.sorted_source.sorted_source`) with the parsed command
    line ``args``: the pattern, its outline, JSON, or code (str, ending in a
    newline).  Raises ValueError for an option the language does not take,
    or for the pattern or outline of a rule set that needs one pattern per
    turned tile (``re2`` with an indicator: code and JSON hold them)."""
    fmt, out = args.format, source.out
    if fmt == "json":
        info = sorted_json(source, rules, path, args.tiles)
        return json.dumps(info, ensure_ascii=False, indent=2) + "\n"
    if fmt == "code":
        options = SnippetOptions(args.name, args.package, args.module, args.tiles)
        return sorted_snippet(rules, args.lang, source, options)
    if out is None:
        raise ValueError(
            f"the {source.flavor.name} flavor reads the turned tile of sorted input with one "
            "pattern per turned tile: --format code and --format json hold them all, and "
            "--indicator TILE gives one"
        )
    return out.outline() if fmt == "outline" else out.text + "\n"


def add_argument(p) -> None:
    """The ``--input`` option of ``compile`` and ``match`` (an argparse parser)."""
    p.add_argument(
        "--input",
        default="arranged",
        choices=INPUTS,
        help="the form of hand: arranged (melds in place, the default) or sorted "
        "(the tiles in canonical order: suits as declared, by rank, then honors)",
    )


def no_pass_unused(args) -> None:
    """A warning on stderr where ``--no-pass`` is given with ``--input
    sorted``, which does not take it: sorted patterns are built with every
    pass."""
    if getattr(args, "no_pass", None):
        print(
            "mahjong-regex: warning: --no-pass is not applied with --input sorted "
            "(sorted patterns are built with every pass)",
            file=sys.stderr,
        )


def compile_command(args, rules: RuleSet, path: str, flavor: str) -> str:
    """What ``compile --input sorted`` prints (``args``: the parsed command
    line).  Raises ValueError for what it does not take (``--score``, an
    option the language does not take),
    :class:`~mahjong_regex.diagnostics.MeldError` for a construct the
    flavor cannot say."""
    if args.score:
        raise ValueError("--score does not take --input sorted")
    if args.format == "code":
        SnippetOptions(args.name, args.package, args.module, args.tiles).check(args.lang)
    if args.format in ("code", "json"):
        source = sorted_source(rules, flavor, args.allow_unchecked)
    else:
        source = SortedSource(get(flavor), render(rules, flavor, args.allow_unchecked))
    return compile_text(source, rules, path, args)


def render(rules: RuleSet, flavor: str, allow_unchecked: bool) -> Output:
    """The sorted pattern of ``rules`` in ``flavor`` (see
    :func:`mahjong_regex.pipeline.render_sorted`)."""
    return render_sorted(rules, flavor, allow_unchecked)


def match_lines(rules: RuleSet, hands: list[Hand], engine=None) -> tuple[list[str], int]:
    """One line per sorted hand (each a :class:`~mahjong_regex.hand_input.Hand`:
    ``win``/``no``, the hand, one winning arrangement or the reason) and the
    exit code: 2 when a hand is not a sorted hand (the message, naming its
    input line and with the canonical form, goes to stderr).  ``engine``,
    when given, is a compiled pattern's ``search``: its verdict is printed
    beside the reference's."""
    evaluator = MultisetEvaluator(rules)
    out, status = [], 0
    for hand in hands:
        verdict = evaluator.evaluate(hand.text)
        if verdict.error is not None:
            hint = notation_hint(rules, hand.text)
            print(f"mahjong-regex: {hand.where}: {verdict.error}{hint}", file=sys.stderr)
            status = 2
        win, detail = verdict.win, verdict.explain()
        if win:
            detail += f"\tarranged: {verdict.arranged}"
        if engine is not None:
            win = engine(hand.text) is not None
            said = "the regex module matched" if win else "the regex module did not match"
            agree = "" if win == verdict.win else " (THE REFERENCE DISAGREES)"
            detail = f"{said}{agree}; reference: {'win' if verdict.win else 'no'}: {detail}"
        out.append(f"{'win' if win else 'no'}\t{shown(hand.text)}\t{detail}")
    return out, status
