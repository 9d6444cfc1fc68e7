"""The ``mahjong-regex test`` subcommand: run the tests written in rule
files (``tests { … }`` blocks) in the reference and in the real engine of
every flavor available here, and report like a test runner
(:mod:`.tests_report`).

``test [PATH …]`` takes ``.meld`` files, folders of them and built-in names;
with none, the rule sets of the project's build (``[tool.mahjong-regex]``
in the nearest ``pyproject.toml``, :mod:`.config`), else every built-in.
Exit code 0 when every test passed, 1 when one failed (or an engine could
not answer), 2 for bad input: a file that does not load, a test that names
what its rule set lacks, a path that cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..diagnostics import MeldError
from ..flavors.table import FLAVORS
from ..rules import BUILTINS
from ..ruleset.checker import load
from . import config as build_config
from .tests_report import as_json, counts, text
from .tests_run import (
    RuleSetRun,
    available,
    prepare,
    reference_failures,
    run_engines,
    run_reference,
)


def rule_files(paths: list[str], config_file: str | None) -> list[tuple[str, str]]:
    """(path for messages, source) of each rule file to test: ``paths``
    (files, folders of ``.meld`` files, built-in names), else the project's
    rule sets, else the built-ins.  Raises
    :class:`~mahjong_regex.outputs.config.ConfigError` for a path or a
    configuration that cannot be read."""

    def fail(message, help):
        return build_config.ConfigError(
            f"mahjong-regex: error: {message}" + (f"\n  help: {help}" if help else "")
        )

    if paths:
        files = [f for spec in paths for f in build_config.rule_files(spec, Path("."), fail)]
    else:
        found = config_file or build_config.find_config()
        config = build_config.load_config(found) if found else build_config.builtin_config()
        files = list(config.rules)
    return [(f"<builtin>/{f.spec}.meld" if f.spec in BUILTINS else f.path, f.source) for f in files]


def run(args, fail) -> int:
    """Run ``test`` with parsed ``args``; prints the report and returns the
    exit code.  ``fail(message)`` is the exception that stops with exit
    code 2."""
    flavors = _flavors(args.flavor, fail)
    try:
        files = rule_files(args.paths, args.config)
    except build_config.ConfigError as e:
        raise fail(str(e)) from None
    runs: list[RuleSetRun] = [prepare(path, source) for path, source in files]
    for r in runs:
        run_reference(r)
    versions, missing = available(flavors)
    run_engines(runs, flavors, versions)
    report = as_json if args.format == "json" else text
    sys.stdout.write(report(runs, versions, missing))
    c = counts(runs)
    if any(r.error is not None for r in runs):
        return 2
    return 1 if c["failed"] or c["errors"] else 0


def tests_fail(path: str, source: str, fail) -> bool:
    """``compile --test``: run the tests of the rule file in the reference;
    print each failure on stderr and return True when one failed.  Raises
    ``fail`` (exit 2) for a test that does not resolve."""
    rules = load(source, path)
    try:
        failures = reference_failures(rules, path)
    except MeldError as e:
        raise fail(e.render(path, source)) from None
    for failure in failures:
        print(f"FAILED {failure}", file=sys.stderr)
    if failures:
        print(
            f"mahjong-regex: error: {len(failures)} test{'s' * (len(failures) != 1)} of "
            f"{path} failed; no pattern written",
            file=sys.stderr,
        )
    return bool(failures)


def _flavors(given: list[str] | None, fail) -> tuple[str, ...]:
    """The flavors named by ``--flavor`` (comma lists), else every flavor."""
    names = [x.strip() for v in given or () for x in v.split(",") if x.strip()]
    bad = next((n for n in names if n not in FLAVORS), None)
    if bad is not None:
        raise fail(
            f"mahjong-regex: error: --flavor: unknown flavor '{bad}'; "
            f"the flavors are {', '.join(FLAVORS)}"
        )
    return tuple(dict.fromkeys(names)) or tuple(FLAVORS)


def add_parser(sub) -> argparse.ArgumentParser:
    """Add ``test`` to the subcommands ``sub``; returns its parser."""
    t = sub.add_parser(
        "test",
        help="run the tests written in rule files, in the reference and every engine here",
        description="Run the tests of rule files ('tests { win HAND … no HAND … }' blocks): each "
        "in the reference evaluator, and each hand in the real engine of every flavor available "
        "on this machine (engines that cannot run, and flavors that refuse a rule set, are "
        "skipped with the reason). Exit code 0: every test passed; 1: a test failed; 2: bad "
        "input.",
    )
    t.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help=".meld files, folders of them, or built-in names (default: the rule sets of the "
        "project's [tool.mahjong-regex] build, else every built-in)",
    )
    t.add_argument(
        "--flavor",
        action="append",
        metavar="F[,F…]",
        help="the flavors whose engines run the tests, comma-separated (default: every "
        "flavor): " + ", ".join(FLAVORS),
    )
    t.add_argument(
        "--format",
        default="text",
        choices=["text", "json"],
        help="a test runner's report (default), or JSON",
    )
    t.add_argument(
        "--config",
        metavar="FILE",
        help="the pyproject.toml whose [tool.mahjong-regex] rules are tested when no PATH is "
        "given (default: the nearest one up from the current folder)",
    )
    return t
