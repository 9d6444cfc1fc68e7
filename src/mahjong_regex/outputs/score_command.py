"""Scoring patterns for users: the ``score`` command, and what ``compile
--score`` prints besides the pattern (the JSON list of scoring groups, and
code that returns the elements and the total).

A scoring pattern marks each scoring element of the split it took with an
empty named group (:mod:`mahjong_regex.compiler.scoring.score_pattern`); the host adds
the values of the groups that took part in the match: the limit elements'
values when there is one, else every element's.
"""

from __future__ import annotations

import sys

from ..diagnostics import MeldError, shown
from ..flavors.table import language_flavor
from ..hand_input import Hand, notation_hint
from ..pipeline import Output, compile_for
from ..reference.scorer import Scorer, TooManySplits, total_of
from ..ruleset.model import RuleSet
from .host_literals import Names, php_delimited, python_literal, quoted
from .snippets import SnippetOptions, header


def score_groups(out: Output, rules: RuleSet) -> list[dict]:
    """The scoring groups of a printed scoring pattern, in order: for each,
    ``group`` (its name in the pattern), ``element``, ``value``, ``limit``,
    ``count`` (1, or k for the k-th time a ``per`` element counts),
    ``shapes`` it applies to and what it ``supersedes`` (a limit element:
    every element that is not one, ``"non-limit"``)."""
    by_name = {e.name: e for e in rules.scoring}
    out_groups = []
    for name, element, count in out.reports:
        e = by_name[element]
        sup = sorted(e.supersedes) + (["non-limit"] if e.limit else [])
        out_groups.append(
            {
                "group": name,
                "element": element,
                "value": e.value,
                "limit": e.limit,
                "count": count,
                "shapes": list(e.shapes),
                "supersedes": sup,
            }
        )
    return out_groups


def matched_elements(groups: list[dict], took_part) -> list[str]:
    """The element names (repeated per count) whose groups took part in a
    match: ``took_part(group name) -> bool``."""
    return [g["element"] for g in groups if took_part(g["group"])]


def score_line(hand: str, total: int | None, elements, limit: bool, split: str, why: str) -> str:
    """One line of ``score``: ``win TOTAL``, the hand, the elements with
    their values (``limit:`` first when they are limit elements), the split;
    or ``no``, the hand and why."""
    if total is None:
        return f"no\t{shown(hand)}\t{why}"
    listed = ", ".join(_element_text(name, value, n) for name, value, n in _counted(elements))
    listed = listed or "no scoring element"
    return f"win {total}\t{shown(hand)}\t{'limit: ' if limit else ''}{listed}\t{split}"


def _counted(elements) -> list[tuple[str, int, int]]:
    """(name, value each time, times) of ``elements`` ((name, value) once per
    time an element counts), in order of first appearance."""
    times: dict[tuple[str, int], int] = {}
    for name, value in elements:
        times[(name, value)] = times.get((name, value), 0) + 1
    return [(name, value, n) for (name, value), n in times.items()]


def _element_text(name: str, value: int, times: int) -> str:
    """``豪华 ×3 (3)`` for an element counted three times; ``tanyao (1)``."""
    return f"{name} ×{times} ({value * times})" if times > 1 else f"{name} ({value})"


def _split_text(shape: str, melds) -> str:
    return f"{shape}: " + " | ".join(str(m) for m in melds)


class PatternScorer:
    """Scores hands through the compiled scoring pattern in the regex module:
    the elements are the groups that took part in the match, the split shown
    is one the reference scorer finds on which exactly those elements count."""

    def __init__(self, rules: RuleSet, options):
        import regex

        self.rules = rules
        out = compile_for(rules, "regex", options, score=True)
        self.groups = score_groups(out, rules)
        self.compiled = regex.compile(out.text)
        self.scorer = Scorer(rules)

    def line(self, hand: str) -> str:
        """The ``score`` line of one hand (see :func:`score_line`)."""
        m = self.compiled.match(hand)
        if m is None:
            why = self.scorer.evaluator.evaluate(hand).reason
            return score_line(hand, None, (), False, "", f"the regex module did not match ({why})")
        names = matched_elements(self.groups, lambda g: m.group(g) is not None)
        by_name = {e.name: e for e in self.rules.scoring}
        limit = any(by_name[n].limit for n in names)
        split = "(no split of the reference scorer holds exactly these elements)"
        for elements, shape, melds in self.scorer.scored_splits(hand):
            if sorted(x.name for x in elements for _ in range(x.count)) == sorted(names):
                split = _split_text(shape, melds)
                break
        shown_elements = [(n, by_name[n].value) for n in names]
        return score_line(hand, total_of(self.rules, names), shown_elements, limit, split, "")


def reference_line(scorer: Scorer, hand: str) -> str:
    """The ``score`` line of one hand from the reference scorer."""
    s = scorer.score(hand)
    if not s.win:
        return score_line(hand, None, (), False, "", s.reason)
    elements = [(e.name, e.value) for e in s.elements for _ in range(e.count)]
    limit = any(e.limit for e in s.elements)
    return score_line(hand, s.total, elements, limit, _split_text(s.shape, s.split), "")


def run(args, hands: list[Hand], load, fail, options) -> int:
    """The ``score`` command: one line per hand of ``hands`` (each a
    :class:`~mahjong_regex.hand_input.Hand`); ``load``/``fail``
    /``options`` are the command line's rule loader, failure and pass
    options.  Returns the exit code."""
    rules, path, source = load(args.rules, args.tiles)
    if not rules.scoring:
        raise fail(
            f"mahjong-regex: error: rule set {rules.name!r} declares no scoring elements "
            "('score' statements)"
        )
    try:
        engine = PatternScorer(rules, options) if args.engine == "regex" else None
    except MeldError as e:
        raise fail(e.render(path, source)) from None
    scorer = Scorer(rules)
    status = 0
    for hand in hands:
        verdict = scorer.evaluator.evaluate(hand.text)
        if verdict.error is not None:
            hint = notation_hint(rules, hand.text)
            print(f"mahjong-regex: {hand.where}: {verdict.error}{hint}", file=sys.stderr)
            status = 2
        try:
            print(engine.line(hand.text) if engine else reference_line(scorer, hand.text))
        except TooManySplits as e:
            print(f"mahjong-regex: {hand.where}: {e}", file=sys.stderr)
            print(score_line(hand.text, None, (), False, "", f"not scored: {e}"))
            status = 2
    return status


def add_parser(sub, rules_help: str, arguments):
    """The ``score`` subcommand's parser (returned, for ``set_defaults``);
    ``arguments`` the command line's (hands and engine, tiles, no-pass)
    argument makers."""
    hand_args, tiles, no_pass = arguments
    s = sub.add_parser(
        "score",
        help="score winning hands: the scoring elements of a highest-ranked split",
        description="Per hand: 'win TOTAL', the hand, the scoring elements with their "
        "values and the split; or 'no', the hand and why.  The total is the limit "
        "elements' (yakuman) when there is one, else every element's.",
    )
    s.add_argument("rules", help=rules_help)
    hand_args(
        s,
        "the reference scorer (default), or the compiled scoring pattern's groups in the "
        "regex module",
    )
    tiles(s)
    no_pass(s)
    return s


def compile_json(out: Output, rules: RuleSet) -> dict:
    """What ``compile --score --format json`` adds: the scoring groups."""
    return {"scoring": score_groups(out, rules)}


def _py_score(out: Output, groups: list[dict], head: str, n: Names, package=None) -> str:
    rows = "".join(f"    {g['group']!r}: ({g['element']!r}, {g['value']}),\n" for g in groups)
    return (
        f"{head}\nimport regex  # the regex module from PyPI\n\n"
        f"{n.upper}_SCORING_HAND = regex.compile({python_literal(out.text)})\n"
        f"# group: (scoring element, value)\n{n.upper}_ELEMENTS = {{\n{rows}}}\n\n\n"
        f"def score_{n.snake}_hand(hand: str):\n"
        '    """(total, [element, ...]) for a winning hand, None for a losing one."""\n'
        f"    m = {n.upper}_SCORING_HAND.match(hand)\n"
        "    if m is None:\n"
        "        return None\n"
        f"    got = [{n.upper}_ELEMENTS[g] for g in {n.upper}_ELEMENTS if m.group(g) is not None]\n"
        "    return sum(value for _, value in got), [name for name, _ in got]\n"
    )


def _cs_score(out: Output, groups: list[dict], head: str, n: Names, package=None) -> str:
    verbatim = '@"' + out.text.replace('"', '""') + '"'
    rows = "".join(
        f"        ({quoted(g['group'])}, {quoted(g['element'])}, {g['value']}),\n" for g in groups
    )
    body = (
        f"public static class {n.pascal}ScoringHand\n{{\n"
        f"    public static readonly Regex Pattern = new Regex({verbatim});\n\n"
        "    // group, scoring element, value\n"
        "    static readonly (string Group, string Name, int Value)[] Elements =\n"
        f"    {{\n{rows}    }};\n\n"
        "    // The total and the elements of a winning hand; null for a losing one.\n"
        "    public static (int Total, List<string> Names)? Score(string hand)\n    {\n"
        "        var m = Pattern.Match(hand);\n"
        "        if (!m.Success) return null;\n"
        "        int total = 0;\n"
        "        var names = new List<string>();\n"
        "        foreach (var e in Elements)\n        {\n"
        "            if (!m.Groups[e.Group].Success) continue;\n"
        "            names.Add(e.Name);\n"
        "            total += e.Value;\n        }\n"
        "        return (total, names);\n    }\n}\n"
    )
    if package:
        body = f"namespace {package}\n{{\n{body}}}\n"
    usings = "using System.Collections.Generic;\nusing System.Text.RegularExpressions;\n"
    return f"{head}\n{usings}\n{body}"


def _php_score(out: Output, groups: list[dict], head: str, n: Names, package=None) -> str:
    rows = "".join(
        f"    [{quoted(g['group'], quote=chr(39))}, {quoted(g['element'], quote=chr(39))}, "
        f"{g['value']}],\n"
        for g in groups
    )
    return (
        f"<?php\n{head}\n{f'namespace {package};' + chr(10) * 2 if package else ''}"
        f"const {n.upper}_SCORING_HAND = {php_delimited(out.text)};\n\n"
        f"// group, scoring element, value\nconst {n.upper}_ELEMENTS = [\n{rows}];\n\n"
        "// [total, [element, ...]] for a winning hand, null for a losing one; a\n"
        "// RuntimeException when PCRE2 stops (a backtracking or JIT stack limit).\n"
        f"function score_{n.snake}_hand(string $hand): ?array\n{{\n"
        f"    $found = preg_match({n.upper}_SCORING_HAND, $hand, $m, PREG_UNMATCHED_AS_NULL);\n"
        "    if ($found === false) {\n"
        "        throw new \\RuntimeException(preg_last_error_msg());\n    }\n"
        "    if ($found !== 1) {\n        return null;\n    }\n"
        "    $total = 0;\n    $names = [];\n"
        f"    foreach ({n.upper}_ELEMENTS as [$group, $name, $value]) {{\n"
        "        if (isset($m[$group])) {\n"
        "            $names[] = $name;\n            $total += $value;\n        }\n    }\n"
        "    return [$total, $names];\n}\n"
    )


#: Per language: its comment mark and its scoring code writer.
SCORE_WRITERS = {"python": ("#", _py_score), "csharp": ("//", _cs_score), "php": ("//", _php_score)}


def score_snippet(
    out: Output, lang: str, rules: RuleSet, options: SnippetOptions | None = None
) -> str:
    """Source text in ``lang`` that defines the scoring pattern, its groups
    and a function returning the total and the elements of a hand (or a
    null value for a losing one): ``score_<name>_hand`` (Python, PHP),
    ``<Name>ScoringHand.Score`` (C#).  ``out`` must be printed in the flavor
    whose row lists ``lang`` among its scoring languages; raises KeyError for
    another language, ValueError for another flavor or an option the
    language does not take."""
    if language_flavor(lang, scoring=True) != out.flavor.name:
        raise ValueError(f"{lang} scoring code takes the {language_flavor(lang, True)} flavor")
    options = options or SnippetOptions()
    options.check(lang)
    mark, write = SCORE_WRITERS[lang]
    head = header(rules, out.flavor.name, mark, options).replace(
        "Winning-hand check", "Winning-hand scoring", 1
    )
    names = Names(options.name or rules.name)
    return write(out, score_groups(out, rules), head, names, options.package)
