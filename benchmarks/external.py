"""Timing the engines that run in a runner program (node, java, mono, ruby, go,
pcre2-c): the programs in ``tests/runners/``, built, fed and read by
``tests/engines.py`` (whose docstring documents their protocol).

Each row runs its runner once per hand mix, with every pattern; the first run
also times the hostile strings.  A runner silent for ``--timeout`` seconds is
killed, and whatever it had printed is kept.
"""

from __future__ import annotations

import subprocess

from driver import engines
from internals import FLAVORS
from results import LINEAR_TIME, WORST_REPEATS, PatternRun, Row, Timing, one_line


def take_line(row: Row, mix: str, line: str, hostile, pending: list) -> None:
    """Record one output line of a runner run on ``mix`` in ``row``; ``pending``
    holds the (label, index) hostile-string items not yet reported."""
    kind, _, rest = line.partition(" ")
    if kind == "version":
        row.version = rest
        return
    if kind == "done":
        return
    label, _, rest = rest.partition(" ")
    run = row.runs[label]
    if kind == "compiled":
        run.compile_ms = run.compile_ms if run.compile_ms is not None else float(rest)
    elif kind == "error":
        run.error = f"does not compile: {rest}"
    elif kind == "failed":
        run.error = rest
    elif kind == "result":
        run.timings[mix] = Timing(verdicts=[c == "1" for c in rest])
    elif kind == "rate":
        passes, seconds, _matches = rest.split()
        timing = run.timings[mix]
        timing.passes, timing.seconds = int(passes), float(seconds)
        timing.rate = timing.passes * len(timing.verdicts) / timing.seconds
    elif kind in ("worst", "worsterror"):
        index, _, rest = rest.partition(" ")
        key = hostile[int(index)][0]
        run.worst[key] = float(rest) if kind == "worst" else None
        if kind == "worsterror":
            run.worst_errors[key] = rest
        pending.remove((label, int(index)))
    else:
        raise ValueError(f"unexpected runner line: {line[:200]!r}")


def mark_unreported(row: Row, mix: str, hostile, pending: list, killed: bool, timeout) -> None:
    """After a runner stopped early: the first hostile-string item not reported is
    the one in flight if every timing had finished; the rest were not run."""
    in_worst = all(run.rate(mix) is not None or run.error for run in row.runs.values())
    for k, (label, i) in enumerate(pending):
        run, key = row.runs[label], hostile[i][0]
        if run.error is None and run.rate(mix) is not None:
            run.worst[key] = None
            in_flight = k == 0 and in_worst and killed
            run.worst_errors[key] = (
                f"> {timeout:g} s (runner killed)" if in_flight else "not run (runner stopped)"
            )


def run_mix(row: Row, patterns: dict, mix, hostile, args) -> str:
    """One run of the row's runner: every pattern on ``mix`` (and the hostile
    strings).  Returns why the runner stopped early, or ``""``."""
    payload = engines.runner_input(
        patterns,
        mix.hands,
        flags=FLAVORS[row.flavor].flags,
        min_seconds=args.min_time,
        hostile=[text for _, _, text in hostile],
        repeats=WORST_REPEATS,
    )
    pending = [(label, i) for label in patterns for i in range(len(hostile))]
    try:
        for line in engines.runner_lines(row.driver, payload, timeout=args.timeout):
            take_line(row, mix.name, line, hostile, pending)
        return ""
    except subprocess.TimeoutExpired:
        mark_unreported(row, mix.name, hostile, pending, True, args.timeout)
        return f"{mix.name}: runner silent for {args.timeout:g} s: killed"
    except RuntimeError as exc:
        mark_unreported(row, mix.name, hostile, pending, False, args.timeout)
        return f"{mix.name}: {one_line(exc)[:300]}"


def run_external(row: Row, patterns: dict, mixes, hostile, args) -> None:
    """Fill ``row`` from one runner run per mix."""
    engines.runner_command(row.driver)  # build it, or raise EngineUnavailable
    for label, text in patterns.items():
        row.runs[label] = PatternRun(chars=len(text))
    worst = [] if args.no_worst or row.engine in LINEAR_TIME else hostile
    notes = [
        run_mix(row, patterns, mix, worst if k == 0 else [], args) for k, mix in enumerate(mixes)
    ]
    row.note = "; ".join(note for note in notes if note)
    if row.note and all(not run.timings for run in row.runs.values()):
        row.status = "error: " + row.note
