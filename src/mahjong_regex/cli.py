"""The ``mahjong-regex`` command line.

Subcommands:

- ``compile RULES [--flavor F] [--format pattern|outline|json|code]
  [--lang L] [--allow-unchecked] [--indicator TILE]``: print the pattern for
  a rule set (a built-in name or a ``.meld`` path), its outline, JSON, or a
  code snippet;
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
from pathlib import Path

from . import __version__
from .diagnostics import HandError, MeldError, located, shown
from .flavors.table import FLAVORS
from .outputs.score_command import SCORE_LANG_FLAVOR, compile_json, score_snippet
from .outputs.snippets import LANG_FLAVOR, snippet
from .outputs import sorted_input
from .compiler.registry import PASSES, REGISTRY, Options, passes_table  # noqa: F401
from .compiler.melds.sorted_runs import unordered_warnings
from .pipeline import UnknownRuleSet, compile_rules, compile_scoring, emit, read_rules, render
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
    rules = _fix_indicator(rules, args.indicator)
    langs = {**LANG_FLAVOR, **SCORE_LANG_FLAVOR} if args.score else LANG_FLAVOR
    if args.score and not rules.scoring:
        raise _Fail(f"mahjong-regex: error: rule set {rules.name!r} declares no scoring elements")
    flavor = args.flavor
    if args.format == "code" and args.lang is None:
        raise _Fail(f"mahjong-regex: error: --format code needs --lang ({', '.join(LANG_FLAVOR)})")
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
    try:
        make = compile_scoring if args.score else compile_rules
        out = render(make(rules, options, flavor), flavor, args.allow_unchecked)
    except MeldError as e:
        raise _Fail(e.render(path, source)) from None
    for message, span in unordered_warnings(rules, options, out.flavor, args.score):
        print(located(path, source, "warning", message, span), file=sys.stderr)
    for label in out.unchecked:
        print(
            f"mahjong-regex: warning: the {flavor} pattern does not check {label}", file=sys.stderr
        )
    if args.format == "outline":
        sys.stdout.write(out.outline())
    elif args.format == "json":
        info = {
            "pattern": out.text,
            "flavor": flavor,
            "engine": out.flavor.engine,
            "flags": out.flavor.flags,
            "groups": [{"name": n, "captures": d} for n, d in out.groups],
            "unchecked": list(out.unchecked),
            "ruleset": rules.name,
            "source": path,
            "source_sha256": rules.source_hash,
            **(compile_json(out, rules) if args.score else {}),
        }
        print(json.dumps(info, ensure_ascii=False, indent=2))
    elif args.format == "code":
        if args.score:
            sys.stdout.write(score_snippet(out, args.lang, rules))
        else:
            sys.stdout.write(snippet(out, args.lang, rules.name, rules.source_hash))
    else:
        print(out.text)
    return 0


def _compile_sorted(args, rules: RuleSet, path: str, source: str, flavor: str) -> int:
    """``compile --input sorted``: the pattern for hands in canonical order."""
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
    hands = _hands(args)
    if args.input == "sorted":
        search = None
        if args.engine == "regex":
            import regex

            try:
                search = regex.compile(sorted_input.render(rules, "regex", False).text).search
            except MeldError as e:
                raise _Fail(e.render(path, source)) from None
        lines, status = sorted_input.match_lines(rules, hands, search)
        print("\n".join(lines))
        return status
    evaluator = Evaluator(rules)
    compiled = None
    if args.engine == "regex":
        import regex

        try:
            text = emit(compile_rules(rules, _options(args), "regex"), "regex")
            compiled = regex.compile(text)
        except MeldError as e:
            raise _Fail(e.render(path, source)) from None
        except regex.error as e:
            raise _Fail(
                f"mahjong-regex: error: the regex module rejects the pattern: {e}"
            ) from None
    status = 0
    for number, hand in enumerate(hands, start=1):
        verdict = evaluator.evaluate(hand)
        if verdict.error is not None:
            print(f"mahjong-regex: hand {number}: {verdict.error}", file=sys.stderr)
            status = 2
        if compiled is not None:
            win = compiled.search(hand) is not None
            detail = "the regex module matched" if win else "the regex module did not match"
            print(f"{'win' if win else 'no'}\t{shown(hand)}\t{detail}")
        else:
            print(f"{'win' if verdict.win else 'no'}\t{shown(hand)}\t{verdict.explain()}")
    return status


def _hands(args) -> list[str]:
    """The hands of ``match`` and ``score``: the arguments, else one per stdin
    line."""
    if args.hands:
        return list(args.hands)
    sys.stdin.reconfigure(errors="replace")  # a bad byte shows as U+FFFD
    return [line.rstrip("\n").rstrip("\r") for line in sys.stdin]


def _hand_args(p: argparse.ArgumentParser, engine_help: str) -> None:
    """The hands and ``--engine`` arguments of ``match`` and ``score``."""
    p.add_argument("hands", nargs="*", help="arranged hands; read from stdin, one a line, if none")
    p.add_argument(
        "--engine", default="reference", choices=["reference", "regex"], help=engine_help
    )


def _names(values: list[str] | None) -> list[str] | None:
    """Comma lists given one or more times, as one list (None if none)."""
    if not values:
        return None
    return [x.strip() for v in values for x in v.split(",") if x.strip()]


def _build_command(args) -> str:
    """The ``build`` command line with the options given (``--check`` left
    out), to repeat in the stale-file message."""
    import shlex

    given = ["mahjong-regex", "build", *args.rules]
    for flag, value in (("--flavor", args.flavor), ("--input", args.input)):
        if value:
            given += [flag, ",".join(_names(value))]
    for flag, value in (("--out", args.out), ("--config", args.config)):
        if value:
            given += [flag, value]
    return shlex.join(given)


def cmd_build(args) -> int:
    from .outputs.build import expected_files, stale_files, write
    from .outputs.config import ConfigError, find_config, load_config, resolve

    try:
        config_path = args.config or find_config()
        config = load_config(config_path) if config_path else None
        config = resolve(config, args.rules, _names(args.flavor), _names(args.input), args.out)
    except ConfigError as e:
        raise _Fail(str(e)) from None
    out = config.out
    if args.check and not out.is_dir():
        raise _Fail(
            f"mahjong-regex: error: {out} not found: run from the repository root, or pass --out DIR"
        )
    try:
        want = expected_files(config)
    except ConfigError as e:
        raise _Fail(str(e)) from None
    if args.check:
        stale = stale_files(out, want)
        if stale:
            print(f"{out} is stale; run: {_build_command(args)}", file=sys.stderr)
            print("and commit these files:", file=sys.stderr)
            for rel in stale:
                print(f"  {out / rel}", file=sys.stderr)
            return 1
        return 0
    try:
        written = write(out, want)
    except OSError as e:
        raise _Fail(f"mahjong-regex: error: cannot write {out}: {e.strerror or e}") from None
    for what, rel in written:
        print(f"{what} {out / rel}")
    return 0


def cmd_diff(args) -> int:
    from .diff.command import run

    return run(args, _load, _Fail)


def cmd_textconv(args) -> int:
    from .outputs.textconv import textconv

    try:
        text = Path(args.file).read_text("utf-8")
    except OSError as e:
        raise _Fail(f"mahjong-regex: error: cannot read {args.file}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise _Fail(f"mahjong-regex: error: {args.file} is not UTF-8 text") from None
    sys.stdout.write(textconv(text))
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
        print(f"{p.name:<{width}}  {p.acts:<11}  {need:<{needs}}  {p.summary}")
    return 0


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
    c.add_argument("--lang", choices=list(LANG_FLAVOR), help="host language for --format code")
    c.add_argument(
        "--allow-unchecked",
        action="store_true",
        help="where the flavor cannot check a constraint, leave it out and list it "
        "(stderr, JSON, code comment) instead of refusing",
    )
    c.add_argument(
        "--score",
        action="store_true",
        help="a scoring pattern: its named groups mark the scoring elements of the split",
    )
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
    from .outputs.score_command import run

    return run(args, _hands(args), _load, _Fail, _options(args))


def _diff_parser(sub) -> None:
    from .diff.command import add_parser

    add_parser(sub, RULES_HELP).set_defaults(run=cmd_diff)


def parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mahjong-regex`` command."""
    p = argparse.ArgumentParser(
        prog="mahjong-regex",
        description="Compile mahjong rule sets (.meld) into exact regular expressions.",
    )
    p.add_argument("--version", action="version", version=f"mahjong-regex {__version__}")
    sub = p.add_subparsers(
        dest="command", required=True, help="what to do; each command has its own --help"
    )
    _compile_parser(sub)
    _match_parser(sub)
    from .outputs.score_command import add_parser

    add_parser(sub, RULES_HELP, (_hand_args, _tiles, _no_pass)).set_defaults(run=cmd_score)
    from .outputs.build import add_parser as build_parser

    build_parser(sub, FLAVORS).set_defaults(run=cmd_build)
    _diff_parser(sub)
    t = sub.add_parser(
        "textconv",
        help="print a pattern file one part per line, for git diff (a textconv driver)",
    )
    t.add_argument("file", help="a file holding a pattern, e.g. generated/harbin/pcre.re")
    t.set_defaults(run=cmd_textconv)
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
    # Hands may come after options (``match harbin --engine regex HAND``).
    if extra and args.command in ("match", "score") and not any(x.startswith("-") for x in extra):
        args.hands = list(args.hands) + extra
    elif extra:
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
