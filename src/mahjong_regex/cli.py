"""The ``mahjong-regex`` command line.

Subcommands:

- ``compile RULES [--flavor F] [--format pattern|outline|json|code]
  [--lang L] [--name N] [--package P] [--module esm|commonjs]
  [--allow-unchecked] [--indicator TILE]``: print the pattern for a rule set
  (a built-in name or a ``.meld`` path), its outline, JSON, or a code
  snippet (:mod:`.outputs.compile_output`);
- ``match RULES [HAND …] [--engine reference|regex] [--indicator TILE]``:
  decide hands (from the arguments, else one per stdin line) and say why;
- ``score RULES [HAND …] [--engine reference|regex]``: score winning hands
  (the scoring elements of a highest-ranked split), :mod:`.outputs.scoring`;
  ``compile --score`` prints a scoring pattern;
- ``build [RULES …] [--check] [--flavor F,…] [--input FORM,…] [--out DIR]
  [--config FILE]``: write or check ``generated/`` (or a project's build,
  from ``[tool.mahjong-regex]`` in ``pyproject.toml`` or the command line,
  :mod:`.outputs.config`);
- ``diff OLD NEW [--flavor F] [--hands N] [--limit N] [--seed S]
  [--format text|json]``, or ``diff --pattern FILE --flavor F --rules R
  NEW``: the rule changes from one rule set to another, and hands that
  changed verdict (either side may be a file holding a pattern in flavor F,
  and either file ``REV:PATH`` at a git revision);
- ``textconv FILE``: a pattern file one part per line, for ``git diff``;
- ``rules [NAME]``: list the built-in rule sets, or print one's source;
- ``playground build [--out DIR]`` and ``playground serve [--dir DIR]
  [--port N]``: the browser playground, a static site (:mod:`.playground`);
- ``flavors``: list the flavors;
- ``passes [--markdown]``: list the optimization passes in run order (name,
  the stage it acts in, what it needs, what it does).

``--indicator TILE`` fixes the turned tile of a rule set with an indicator:
hands are then written without it (``TURNED|`` left out), and the pattern
needs no backreference to learn the wild tiles.

Exit codes: 0 success; 1 ``build --check`` found stale files, or ``diff``
found a rule or a verdict that changed; 2 bad input (a malformed rule file,
an unknown rule set, a flavor that cannot express a construct, a hand that
is not made of tile names, a pattern its engine rejects).
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import import_module, metadata
from pathlib import Path

from .compiler.melds.sorted_runs import unordered_warnings
from .compiler.registry import PASSES, REGISTRY, Options, Pass
from .diagnostics import HandError, MeldError, located, shown
from .diff import diff_command
from .flavors.table import FLAVORS, languages
from .hand_input import notation_hint, read_hands
from .outputs import build as build_command
from .outputs import compile_output as compiled
from .outputs import score_command, sorted_input, tests_command
from .outputs.snippets import SnippetOptions
from .outputs.textconv import textconv
from .pipeline import UnknownRuleSet, compile_for, load_rules, read_rules
from .playground import command as playground_command
from .playground import site as playground_site
from .reference.evaluator import Evaluator
from .rules import BUILTINS
from .ruleset.checker import load
from .ruleset.model import RuleSet
from .ruleset.notations import BUILTIN_NOTATIONS, NotationError, load_notation, rewrite


class _Fail(Exception):
    """Stop with a message on stderr and exit code 2."""


def _load(
    spec: str, tiles: str | None = None, source: str | None = None
) -> tuple[RuleSet, str, str]:
    """The rule set ``spec`` (written over the notation ``tiles`` when
    given), its path and source; its warnings go to stderr, located.  With
    ``source`` (str), that is the text and ``spec`` its name in messages
    (``REV:PATH``).  Raises :class:`_Fail` (exit 2) with a located message."""
    try:
        path, source = (spec, source) if source is not None else read_rules(spec)
    except UnknownRuleSet as e:
        raise _Fail(f"mahjong-regex: error: {e}") from None
    except OSError as e:
        raise _Fail(f"mahjong-regex: error: cannot read {spec}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise _Fail(f"mahjong-regex: error: {spec} is not UTF-8 text") from None
    try:
        rules = load(source, path)
    except MeldError as e:
        raise _Fail(e.render(path, source)) from None
    for message, span in rules.warnings:
        print(located(path, source, "warning", message, span), file=sys.stderr)
    if tiles is not None:
        try:
            rules = rewrite(rules, load_notation(tiles))
        except NotationError as e:
            raise _Fail(e.located()) from None
    return rules, path, source


def _no_language(flavor: str | None, langs: dict) -> str:
    """The error for --format code with no language for ``flavor``."""
    if flavor is not None:
        return (
            f"mahjong-regex: error: --format code has no language for the {flavor} flavor; "
            f"the languages take the flavors {', '.join(sorted(set(langs.values())))}"
        )
    return f"mahjong-regex: error: --format code needs --lang ({', '.join(langs)})"


def _fix_indicator(rules: RuleSet, tile: str | None) -> RuleSet:
    """``rules`` with its turned tile fixed to ``tile`` (a tile name in the
    rule set's notation), or ``rules`` when ``tile`` is None."""
    if tile is None:
        return rules
    try:
        found = rules.alphabet.tokenize(tile)
    except HandError as e:
        raise _Fail(f"mahjong-regex: error: --indicator {tile}: {e}") from None
    if len(found) != 1:
        raise _Fail(f"mahjong-regex: error: --indicator takes one tile, not {tile!r}")
    try:
        return rules.with_indicator(found[0].index)
    except ValueError as e:
        raise _Fail(f"mahjong-regex: error: --indicator {tile}: {e}") from None


def _options(args) -> Options:
    """The passes on: all but ``--no-pass`` ones, and a note on stderr for
    each pass switched off with them because it needs one of them."""
    if not args.no_pass:
        return Options()
    for name in Options.off_with(args.no_pass):
        needs = next((p.needs_text or "-") for p in REGISTRY if p.name == name)
        print(
            f"mahjong-regex: note: {name} is off too (it needs {needs})",
            file=sys.stderr,
        )
    return Options.without(*args.no_pass)


def cmd_compile(args) -> int:
    rules, path, source = _load(args.rules, args.tiles)
    if args.test and tests_command.tests_fail(path, source, _Fail):
        return 1
    rules = _fix_indicator(rules, args.indicator)
    langs = {**languages(), **languages(scoring=True)} if args.score else languages()
    if args.score and not rules.scoring:
        raise _Fail(f"mahjong-regex: error: rule set {rules.name!r} declares no scoring elements")
    flavor = args.flavor
    if args.format == "code" and args.lang is None:
        args.lang = next((x for x, f in langs.items() if f == flavor), None)  # --flavor's first
        if args.lang is None:
            raise _Fail(_no_language(flavor, langs))
    if args.lang is not None:
        implied = langs[args.lang]
        if flavor is not None and flavor != implied:
            raise _Fail(
                f"mahjong-regex: error: --lang {args.lang} takes the {implied} flavor, not {flavor}"
            )
        flavor = implied
    flavor = flavor or "pcre"
    if args.input == "sorted":
        return _compile_sorted(args, rules, path, source, flavor)
    options = _options(args)
    settings = SnippetOptions(args.name, args.package, args.module, args.tiles)
    try:
        if args.format == "code":
            settings.check(args.lang)
        done = compiled.compile_any(
            rules, flavor, options, args.format, args.score, args.allow_unchecked
        )
    except MeldError as e:
        raise _Fail(e.render(path, source)) from None
    except ValueError as e:
        raise _Fail(f"mahjong-regex: error: {e}") from None
    out = done.out
    for message, span in unordered_warnings(rules, options, done.flavor, args.score):
        print(located(path, source, "warning", message, span), file=sys.stderr)
    unchecked = out.unchecked if out is not None else ()
    for label in unchecked:
        print(
            f"mahjong-regex: warning: the {flavor} pattern does not check {label}", file=sys.stderr
        )
    for effect in compiled.accepts(rules, unchecked):
        print(f"mahjong-regex: warning: {effect}", file=sys.stderr)
    if args.format == "outline":
        sys.stdout.write(out.outline())
    elif args.format == "json":
        info = compiled.compile_json(done, rules, path, args.tiles, args.score)
        print(json.dumps(info, ensure_ascii=False, indent=2))
    elif args.format == "code":
        try:
            sys.stdout.write(compiled.code(done, rules, args.lang, settings, args.score))
        except ValueError as e:
            raise _Fail(f"mahjong-regex: error: {e}") from None
    else:
        print(out.text)
    return 0


def _compile_sorted(args, rules: RuleSet, path: str, source: str, flavor: str) -> int:
    """``compile --input sorted``: the pattern for hands in canonical order."""
    sorted_input.no_pass_unused(args)
    try:
        sys.stdout.write(sorted_input.compile_command(args, rules, path, flavor))
    except MeldError as e:
        raise _Fail(e.render(path, source)) from None
    except ValueError as e:
        raise _Fail(f"mahjong-regex: error: {e}") from None
    return 0


def cmd_match(args) -> int:
    rules, path, source = _load(args.rules, args.tiles)
    rules = _fix_indicator(rules, args.indicator)
    hands = read_hands(args.hands)
    if args.input == "sorted":
        sorted_input.no_pass_unused(args)
        search = None
        if args.engine == "regex":
            import regex

            try:
                search = regex.compile(sorted_input.render(rules, "regex", False).text).search
            except MeldError as e:
                raise _Fail(e.render(path, source)) from None
        lines, status = sorted_input.match_lines(rules, hands, search)
        for line in lines:
            print(line)
        return status
    evaluator = Evaluator(rules)
    compiled = None
    if args.engine == "regex":
        import regex

        try:
            compiled = regex.compile(compile_for(rules, "regex", _options(args)).text)
        except MeldError as e:
            raise _Fail(e.render(path, source)) from None
        except regex.error as e:
            raise _Fail(
                f"mahjong-regex: error: the regex module rejects the pattern: {e}"
            ) from None
    status = 0
    for hand in hands:
        verdict = evaluator.evaluate(hand.text)
        if verdict.error is not None:
            hint = notation_hint(rules, hand.text)
            print(f"mahjong-regex: {hand.where}: {verdict.error}{hint}", file=sys.stderr)
            status = 2
        win, why = verdict.win, verdict.explain()
        if compiled is not None:
            win = compiled.search(hand.text) is not None
            said = "the regex module matched" if win else "the regex module did not match"
            agree = "" if win == verdict.win else " (THE REFERENCE DISAGREES)"
            why = f"{said}{agree}; reference: {'win' if verdict.win else 'no'}: {why}"
        print(f"{'win' if win else 'no'}\t{shown(hand.text)}\t{why}")
    return status


def _hand_args(p: argparse.ArgumentParser, engine_help: str) -> None:
    """The hands and ``--engine`` arguments of ``match`` and ``score``."""
    hands_help = "hands (arranged, or sorted: --input sorted); read from stdin, one a line, if none"
    p.add_argument("hands", nargs="*", help=hands_help)
    p.add_argument(
        "--engine", default="reference", choices=["reference", "regex"], help=engine_help
    )


def cmd_build(args) -> int:
    return build_command.run(args, _Fail)


def cmd_diff(args) -> int:
    return diff_command.run(args, _load, _Fail)


def cmd_test(args) -> int:
    return tests_command.run(args, _Fail)


def cmd_textconv(args) -> int:
    try:
        text = Path(args.file).read_text("utf-8")
    except OSError as e:
        raise _Fail(f"mahjong-regex: error: cannot read {args.file}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise _Fail(f"mahjong-regex: error: {args.file} is not UTF-8 text") from None
    sys.stdout.write(textconv(text))
    return 0


def cmd_rules(args) -> int:
    """``rules``: the built-in rule sets, one a line with its title; with a
    name, that rule set's source, as shipped."""
    if args.name is None:
        for name in BUILTINS:
            print(f"{name}\t{load_rules(name).title or ''}")
        return 0
    try:
        path, source = read_rules(args.name)
    except UnknownRuleSet as e:
        raise _Fail(f"mahjong-regex: error: {e}") from None
    if not path.startswith("<builtin>/"):
        raise _Fail(f"mahjong-regex: error: {args.name!r} is not a built-in rule set")
    sys.stdout.write(source)
    return 0


def cmd_flavors(args) -> int:
    for f in FLAVORS.values():
        print(f"{f.name}\t{f.engine}")
    return 0


def cmd_passes(args) -> int:
    if args.markdown:
        sys.stdout.write(passes_table())
        return 0
    width = max(len(p.name) for p in REGISTRY)
    needs = max(len((p.needs_text or "-")) for p in REGISTRY)
    for p in REGISTRY:
        need = p.needs_text or "-"
        print(f"{p.name:<{width}}  {p.acts:<11}  {need:<{needs}}  {summary(p)}")
    return 0


def summary(p: Pass) -> str:
    """One line on what pass ``p`` does: its module's ``SUMMARY``."""
    return import_module(f"{__package__}.{p.module}").SUMMARY


def passes_table() -> str:
    """The pass registry as a Markdown table, in run order: pass, stage it
    acts in, what it needs, what it does (the README shows the same)."""
    rows = ["| pass | acts in | needs | does |", "|---|---|---|---|"]
    for p in REGISTRY:
        needs = (p.needs_text or "-").replace("|", " or ")
        rows.append(f"| `{p.name}` | {p.acts} | {needs} | {summary(p)} |")
    return "\n".join(rows) + "\n"


RULES_HELP = f"a built-in rule set ({', '.join(BUILTINS)}) or a .meld file"


def _no_pass(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--no-pass",
        action="append",
        default=[],
        choices=list(PASSES),
        metavar="PASS",
        help="switch an optimization pass off (repeatable; a pass that needs it goes "
        "off too): " + ", ".join(PASSES),
    )


def _tiles(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--tiles",
        metavar="NAME|FILE",
        help="write the tiles in another notation: "
        + ", ".join(BUILTIN_NOTATIONS)
        + ", or a file of 'TILE NAME' lines",
    )


def _indicator(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--indicator",
        metavar="TILE",
        help="fix the turned tile of a rule set with an indicator: hands are written "
        "without it, and the pattern needs no backreference for the wild tiles",
    )


def _compile_parser(sub) -> None:
    c = sub.add_parser("compile", help="print the pattern for a rule set")
    c.add_argument("rules", help=RULES_HELP)
    c.add_argument(
        "--flavor",
        choices=list(FLAVORS),
        help="the regex flavor (default: pcre, or the --lang one)",
    )
    c.add_argument(
        "--format",
        default="pattern",
        choices=["pattern", "outline", "json", "code"],
        help="the pattern (one line), its labelled outline, JSON, or code for --lang",
    )
    c.add_argument("--lang", choices=list(languages()), help="host language for --format code")
    c.add_argument("--allow-unchecked", action="store_true", help=compiled.ALLOW_UNCHECKED_HELP)
    c.add_argument(
        "--score",
        action="store_true",
        help="a scoring pattern: its named groups mark the scoring elements of the split",
    )
    c.add_argument(
        "--test",
        action="store_true",
        help="run the rule file's tests in the reference first; print no pattern (exit 1) "
        "when one fails",
    )
    compiled.add_arguments(c)
    _tiles(c)
    _indicator(c)
    _no_pass(c)
    sorted_input.add_argument(c)
    c.set_defaults(run=cmd_compile)


def _match_parser(sub) -> None:
    m = sub.add_parser("match", help="decide hands and say why")
    m.add_argument("rules", help=RULES_HELP)
    _hand_args(m, "the reference evaluator (default), or the compiled pattern in the regex module")
    _tiles(m)
    _indicator(m)
    _no_pass(m)
    sorted_input.add_argument(m)
    m.set_defaults(run=cmd_match)


def cmd_score(args) -> int:
    return score_command.run(args, read_hands(args.hands), _load, _Fail, _options(args))


def cmd_playground(args) -> int:
    return playground_site.run(args, _Fail)


def parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mahjong-regex`` command."""
    p = argparse.ArgumentParser(
        prog="mahjong-regex",
        description="Compile mahjong rule sets (.meld) into exact regular expressions.",
    )
    p.add_argument(
        "--version", action="version", version=f"mahjong-regex {metadata.version('mahjong-regex')}"
    )
    sub = p.add_subparsers(
        dest="command", required=True, help="what to do; each command has its own --help"
    )
    _compile_parser(sub)
    _match_parser(sub)
    score_command.add_parser(sub, RULES_HELP, (_hand_args, _tiles, _no_pass)).set_defaults(
        run=cmd_score
    )
    build_command.add_parser(sub, FLAVORS).set_defaults(run=cmd_build)
    diff_command.add_parser(sub, RULES_HELP).set_defaults(run=cmd_diff)
    playground_command.add_parser(sub).set_defaults(run=cmd_playground)
    tests_command.add_parser(sub).set_defaults(run=cmd_test)
    t = sub.add_parser(
        "textconv",
        help="print a pattern file one part per line, for git diff (a textconv driver)",
    )
    t.add_argument("file", help="a file holding a pattern, e.g. generated/harbin/pcre.re")
    t.set_defaults(run=cmd_textconv)
    rs = sub.add_parser(
        "rules",
        help="list the built-in rule sets, or print one's source (to start a house variant)",
    )
    rs.add_argument("name", nargs="?", help="a built-in rule set; its source goes to stdout")
    rs.set_defaults(run=cmd_rules)
    f = sub.add_parser("flavors", help="list the flavors")
    f.set_defaults(run=cmd_flavors)
    r = sub.add_parser("passes", help="list the optimization passes in run order")
    r.add_argument("--markdown", action="store_true", help="as the README's Markdown table")
    r.set_defaults(run=cmd_passes)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    p = parser()
    args, extra = p.parse_known_args(argv)
    # Hands may come after options (``match harbin --engine regex HAND``),
    # and after ``--`` they may start with '-' (a tile name may).
    if extra and args.command in ("match", "score"):
        cut = extra.index("--") if "--" in extra else len(extra)
        head, tail = extra[:cut], extra[cut + 1 :]
        if not any(x.startswith("-") for x in head):
            args.hands, extra = list(args.hands) + head + tail, []
    if extra:
        p.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return args.run(args)
    except _Fail as e:
        print(str(e), file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
