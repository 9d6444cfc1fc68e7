"""``--input sorted`` on the command line: ``compile`` prints the pattern
for hands in canonical order, ``match`` decides such hands with the
multiset reference (:mod:`mahjong_regex.reference.multiset`) and prints one
winning arrangement, or why none wins (a hand out of canonical order is an
error that shows the canonical form)."""

from __future__ import annotations

import json
import sys

from ..diagnostics import shown
from ..hand_input import Hand
from ..pipeline import Output, render_sorted
from ..reference.multiset import MultisetEvaluator
from ..ruleset.model import RuleSet

#: The forms of hand ``--input`` names.
INPUTS = ("arranged", "sorted")


def compile_text(out: Output, rules: RuleSet, path: str, fmt: str) -> str:
    """What ``compile --input sorted`` prints for the rendered pattern
    ``out``: the pattern, its outline, or JSON (str, ending in a newline).
    Raises ValueError for ``--format code``, not written yet for sorted
    input."""
    if fmt == "outline":
        return out.outline()
    if fmt == "code":
        raise ValueError("--format code does not take --input sorted yet")
    if fmt == "json":
        info = {
            "pattern": out.text,
            "flavor": out.flavor.name,
            "input": "sorted",
            "engine": out.flavor.engine,
            "flags": out.flavor.flags,
            "groups": [{"name": n, "captures": d} for n, d in out.groups],
            "unchecked": list(out.unchecked),
            "ruleset": rules.name,
            "source": path,
            "source_sha256": rules.source_hash,
        }
        return json.dumps(info, ensure_ascii=False, indent=2) + "\n"
    return out.text + "\n"


def add_argument(p) -> None:
    """The ``--input`` option of ``compile`` and ``match`` (an argparse parser)."""
    p.add_argument(
        "--input",
        default="arranged",
        choices=INPUTS,
        help="the form of hand: arranged (melds in place, the default) or sorted "
        "(the tiles in canonical order: suits as declared, by rank, then honors)",
    )


def compile_command(args, rules: RuleSet, path: str, flavor: str) -> str:
    """What ``compile --input sorted`` prints (``args``: the parsed command
    line).  Raises ValueError for what it does not take (``--score``,
    ``--format code``), :class:`~mahjong_regex.diagnostics.MeldError` for a
    construct the flavor cannot say."""
    if args.score:
        raise ValueError("--score does not take --input sorted")
    out = render(rules, flavor, args.allow_unchecked)
    return compile_text(out, rules, path, args.format)


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
            print(f"mahjong-regex: {hand.where}: {verdict.error}", file=sys.stderr)
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
