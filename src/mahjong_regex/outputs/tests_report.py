"""What ``mahjong-regex test`` prints: a test runner's report, or JSON.

The text has one line per rule file (its tests as dots, ``F`` for a failure,
then ``ok`` or how many failed), the reasons engines skipped it, then each
failure in full (``path:line:col``, the hand, what the test expects, what the
reference said, which engines disagreed), then which engines ran and which
were skipped and why, and the counts.
"""

from __future__ import annotations

import json
import re

from .tests_run import RuleSetRun, failure_lines


def _by_reason(reasons: dict[str, str]) -> dict[str, list[str]]:
    """{reason, short: the engines it applies to}, in the order first
    given; a flavor's refusal is said without the flavor's name and up to
    its first ';' (the JSON has it whole)."""
    out: dict[str, list[str]] = {}
    for engine, reason in reasons.items():
        short = re.sub(r"^flavor '[^']+' ", "", reason).split("; ")[0]
        out.setdefault(short, []).append(engine)
    return out


def _file_lines(run: RuleSetRun) -> list[str]:
    if run.error is not None:
        return run.error.splitlines()
    n = len(run.results)
    if not n:
        return [f"{run.path}: no tests"]
    dots = "".join("." if r.passed else "F" for r in run.results)
    failed = len(run.failed)
    verdict = f"{failed} failed" if failed else "ok"
    where = f"reference and {len(run.engines)} engine{'s' * (len(run.engines) != 1)}"
    out = [f"{run.path}: {n} test{'s' * (n != 1)} {dots} {verdict} ({where})"]
    skipped = {e: r for e, r in run.skipped.items() if e not in run.engines}
    for reason, engines in _by_reason(skipped).items():
        out.append(f"  not run in {', '.join(engines)}: {reason}")
    for reason, engines in _by_reason(run.broken).items():
        out.append(f"  ERROR in {', '.join(engines)}: {reason}")
    return out


def engines_ran(runs: list[RuleSetRun], versions: dict[str, str]) -> list[str]:
    """The engines that ran the tests of some rule set, in flavor order."""
    used = {e for run in runs for e in run.engines}
    return [e for e in versions if e in used]


def engines_skipped(
    runs: list[RuleSetRun], versions: dict[str, str], missing: dict[str, str]
) -> dict[str, str]:
    """{engine: why it ran no test}: not here (``missing``), or refused or
    broken on every rule set that has tests (the reasons then are the
    rule sets')."""
    ran = set(engines_ran(runs, versions))
    out = dict(missing)
    tested = [r for r in runs if r.error is None and r.results]
    for engine in versions:
        if engine in ran or not tested:
            continue
        reasons = {r.skipped.get(engine) or r.broken.get(engine) for r in tested} - {None}
        if len(reasons) == 1:
            out[engine] = reasons.pop()
        else:
            out[engine] = "its flavor refuses every rule set tested (see each rule set's line)"
    return out


def counts(runs: list[RuleSetRun]) -> dict[str, int]:
    """``tests``, ``passed``, ``failed``, ``errors`` (rule files that did not
    load or whose tests do not resolve, and engines that broke) and
    ``rule_sets``."""
    results = [r for run in runs for r in run.results]
    failed = sum(not r.passed for r in results)
    errors = sum(run.error is not None for run in runs) + sum(len(run.broken) for run in runs)
    return {
        "tests": len(results),
        "passed": len(results) - failed,
        "failed": failed,
        "errors": errors,
        "rule_sets": len(runs),
    }


def text(runs: list[RuleSetRun], versions: dict[str, str], missing: dict[str, str]) -> str:
    """The report as text (str, ending in a newline)."""
    out = [line for run in runs for line in _file_lines(run)]
    failures = [failure_lines(run.path, r) for run in runs for r in run.failed]
    if failures:
        out += ["", "FAILURES"]
        out += [f"FAILED {block}" for block in failures]
        out.append("")
    ran = engines_ran(runs, versions)
    listed = ", ".join(f"{e} ({versions[e]})" for e in ran)
    out.append(f"engines that ran: {len(ran)}" + (f": {listed}" if ran else ""))
    for reason, engines in _by_reason(engines_skipped(runs, versions, missing)).items():
        out.append(f"engines skipped: {', '.join(engines)}: {reason}")
    c = counts(runs)
    summary = [f"{c['passed']} passed"]
    if c["failed"]:
        summary.append(f"{c['failed']} failed")
    if c["errors"]:
        summary.append(f"{c['errors']} error{'s' * (c['errors'] != 1)}")
    out.append(
        f"{c['tests']} test{'s' * (c['tests'] != 1)} in {c['rule_sets']} rule "
        f"set{'s' * (c['rule_sets'] != 1)}, run in the reference and {len(ran)} "
        f"engine{'s' * (len(ran) != 1)}: " + ", ".join(summary)
    )
    return "\n".join(out) + "\n"


def as_json(runs: list[RuleSetRun], versions: dict[str, str], missing: dict[str, str]) -> str:
    """The report as JSON text: ``summary`` (:func:`counts`), ``engines``
    (``ran``: {engine: version}, ``skipped``: {engine: why}) and
    ``rule_sets``: for each file its ``path``, ``name``, ``error``,
    ``engines`` (those that ran it), ``skipped`` and ``broken`` (by
    engine: why; ``ENGINE (sorted)`` where only its sorted tests did not
    run), and ``tests``: ``line``, ``column``, ``verdict``, ``hand``,
    ``input`` (``arranged`` or ``sorted``), ``note``, ``expected`` (in words), ``passed``, ``reference``
    (``verdict``, ``said``, ``problems``), ``engines`` (those that ran it)
    and ``disagree`` ({engine: what it said})."""
    ran = engines_ran(runs, versions)
    info = {
        "summary": counts(runs),
        "engines": {
            "ran": {e: versions[e] for e in ran},
            "skipped": engines_skipped(runs, versions, missing),
        },
        "rule_sets": [_run_json(run) for run in runs],
    }
    return json.dumps(info, ensure_ascii=False, indent=2) + "\n"


def _run_json(run: RuleSetRun) -> dict:
    return {
        "path": run.path,
        "name": run.name,
        "error": run.error,
        "engines": list(run.engines),
        "skipped": {e: r for e, r in run.skipped.items() if e not in run.engines},
        "broken": dict(run.broken),
        "tests": [
            {
                "line": r.test.span.line,
                "column": r.test.span.column,
                "verdict": r.test.verdict,
                "hand": r.test.hand,
                "input": r.test.form,
                "note": r.test.note,
                "expected": r.test.expectation(),
                "passed": r.passed,
                "reference": {
                    "verdict": "win" if r.outcome.win else "no",
                    "said": r.outcome.said,
                    "problems": list(r.outcome.problems),
                },
                "engines": list(r.engines),
                "disagree": dict(r.disagree),
            }
            for r in run.results
        ],
    }
