"""Timing the engines that run in a runner program (node, java, mono, ruby, go,
pcre2-c): sessions of :mod:`mahjong_regex.engines`, whose docstring documents
the runners' protocol; this module reads its answer lines as they come.

Each row runs one session per hand mix, with every pattern: a ``time``
command, and in the first session a ``worst`` command on the hostile strings.
A runner silent for ``--timeout`` seconds is killed, and whatever it had said
is kept.
"""

from __future__ import annotations

from internals import FLAVORS, engines
from results import LINEAR_TIME, WORST_REPEATS, PatternRun, Row, Timing, one_line


def take_line(row: Row, mix: str, line: str, hostile, pending: list) -> None:
    """Record one output line of a runner run on ``mix`` in ``row``; ``pending``
    holds the (label, index) hostile-string items not yet reported."""
    kind, _, rest = line.partition(" ")
    label, _, rest = rest.partition(" ")
    run = row.runs[label]
    if kind == "failed":
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


def start(row: Row, patterns: dict, args) -> engines.Session:
    """A session of the row's engine with every pattern; records the
    version, the compile times and the patterns the engine rejects."""
    flags = FLAVORS[row.flavor].flags
    session = engines.Session(row.driver, patterns, flags, strict=False, timeout=args.timeout)
    row.version = session.version
    for label, ms in session.compile_ms.items():
        run = row.runs[label]
        run.compile_ms = run.compile_ms if run.compile_ms is not None else ms
    for label, message in session.rejected.items():
        row.runs[label].error = f"does not compile: {message}"
    return session


def run_mix(row: Row, patterns: dict, mix, hostile, args) -> str:
    """One session of the row's engine: every pattern on ``mix`` (and the
    hostile strings).  Returns why the runner stopped early, or ``""``."""
    strings = [text for _, _, text in hostile]
    pending = []
    try:
        with start(row, patterns, args) as session:
            pending = [(label, i) for label in session.labels for i in range(len(hostile))]
            for line in session.stream(f"time {args.min_time!r}", mix.hands):
                take_line(row, mix.name, line, hostile, pending)
            for line in session.stream(f"worst {WORST_REPEATS}", strings) if strings else ():
                take_line(row, mix.name, line, hostile, pending)
        return ""
    except engines.RunnerTimeout:
        mark_unreported(row, mix.name, hostile, pending, True, args.timeout)
        return f"{mix.name}: runner silent for {args.timeout:g} s: killed"
    except engines.RunnerError as exc:
        mark_unreported(row, mix.name, hostile, pending, False, args.timeout)
        return f"{mix.name}: {one_line(exc)[:300]}"


def run_external(row: Row, patterns: dict, mixes, hostile, args) -> None:
    """Fill ``row`` from one runner run per mix."""
    engines.engine_version(row.driver)  # build it, or raise EngineUnavailable
    for label, text in patterns.items():
        row.runs[label] = PatternRun(chars=len(text))
    worst = [] if args.no_worst or row.engine in LINEAR_TIME else hostile
    notes = [
        run_mix(row, patterns, mix, worst if k == 0 else [], args) for k, mix in enumerate(mixes)
    ]
    row.note = "; ".join(note for note in notes if note)
    if row.note and all(not run.timings for run in row.runs.values()):
        row.status = "error: " + row.note
