"""Benchmark the compiled patterns of a rule set in the real engine of every flavor.

Run as ``python benchmarks/bench.py [--ruleset harbin] [--hands N] [--out benchmarks/results.json]``.

For the rule set (``--ruleset``, default ``harbin``; ``sichuan`` and ``riichi``
work too) and each flavor in ``FLAVORS``, one engine (two for ``pcre``: the
PyPI ``pcre2`` binding and a C program on the system libpcre2-8; two for
``re2``: google-re2 and Go) times four patterns (``ours``, ``seed``,
``linear``, ``empty``; see ``inputs.py``) on two mixes of ``N`` hands each:
``boundary``, arranged hands near the win/no-win boundary, and ``losers``,
losing hands that pass every cheap scan (tile names, tile count, tile-level
rules), so that only the meld body rejects them.  The seed regex is written
for Harbin's tiles: other rule sets have no seed columns.

Every timing compiles the pattern once, makes one warm-up pass over all hands
of a mix (which also gives each pattern's verdicts, compared with the
reference evaluator), then repeats passes until ``--min-time`` seconds (0.5)
have gone by, and reports hands per second, with search/find semantics.
Python-hosted engines (``re``, ``regex``, ``pcre2`` with JIT, ``google-re2``)
run in-process (``in_process.py``); node, java, mono, ruby, go and pcre2-c run
the runner programs of :mod:`mahjong_regex.engines` (``external.py``), built
once into a cache in the temp directory; the package's docstring documents
their protocol.  The binding's per-call overhead caps its rate (its
empty-pattern row shows the cap); ``pcre2-c`` (``runner_pcre2.c``, needing the
Debian/Ubuntu package ``libpcre2-dev``) shows PCRE2's own speed.

Worst case: for every backtracking engine, each pattern is matched once
against hostile strings of about 10,000 characters (one tile repeated, a
near-win hand repeated, alternating suits, a winning hand repeated) and one
short one (a winning hand plus a stray tile); the figure is the slowest
string's best of 3 single calls, in milliseconds.

The table goes to stdout (with each throughput target, ≥ 3× the seed in the
``regex`` module, PCRE2 from C and V8, marked met or missed per mix), the same
data as JSON to ``--out``.  A missing engine becomes a ``missing: <reason>``
row; the run goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from external import run_external
from in_process import run_in_process
from inputs import (
    SEED_PATH,
    hand_mixes,
    harbin_tiles,
    hostile_strings,
    patterns_for,
    seed_source,
)
from internals import FLAVORS, Evaluator, engines, load_rules
from report import machine_info, report, to_json
from results import ROWS, Row, one_line

HERE = Path(__file__).resolve().parent


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="harbin", help="built-in name or .meld path (harbin)")
    p.add_argument("--hands", type=int, default=50_000, help="hands per mix (50,000)")
    p.add_argument("--out", type=Path, default=HERE / "results.json", help="JSON output path")
    p.add_argument("--min-time", type=float, default=0.5, help="seconds per timing (0.5)")
    p.add_argument("--worst-chars", type=int, default=10_000, help="hostile string size")
    p.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="seconds a runner may stay silent, or one worst-case string may take (60)",
    )
    p.add_argument(
        "--engines", help="comma-separated subset of: " + ",".join(e for _, e, _ in ROWS)
    )
    p.add_argument("--no-worst", action="store_true", help="skip the worst-case strings")
    args = p.parse_args(argv)
    if args.hands < 1 or args.min_time <= 0:
        p.error("--hands must be at least 1 and --min-time above 0")
    unknown = set(args.engines.split(",")) - {e for _, e, _ in ROWS} if args.engines else set()
    if unknown:
        p.error(f"unknown engines: {', '.join(sorted(unknown))}")
    return args


def seed_for(rules) -> tuple[str | None, str]:
    """(the seed regex or None, a note saying why there is none)."""
    seed = seed_source()
    if seed is None:
        return None, f"{SEED_PATH} is absent: no seed columns"
    if not harbin_tiles(rules):
        return (
            None,
            f"the seed regex is written for harbin's tiles: no seed columns for {rules.name}",
        )
    return seed, ""


def run_row(row: Row, rules, seed, mixes, hostile, args) -> None:
    """Time one row, turning a missing engine or a failure into its status."""
    started = time.perf_counter()
    try:
        patterns, row.unchecked = patterns_for(rules, row.flavor, row.engine, seed)
        if engines.facts(row.driver).in_process:
            run_in_process(row, patterns, mixes, hostile, args)
        else:
            run_external(row, patterns, mixes, hostile, args)
    except engines.EngineUnavailable as exc:
        row.status = f"missing: {exc}"
    except Exception as exc:  # keep going: one engine's failure is one row
        row.status = f"error: {type(exc).__name__}: {one_line(exc)[:300]}"
    for run in row.runs.values():
        for mix in mixes:
            if mix.name in run.timings:
                run.timings[mix.name].judge(mix.truth)
    took = time.perf_counter() - started
    print(f"  {row.flavor}/{row.engine}: {row.status} ({took:.1f} s)", file=sys.stderr, flush=True)


def main(argv=None) -> int:
    """Run the benchmark, print the table, write the JSON."""
    args = parse_args(argv)
    began = time.perf_counter()
    rules = load_rules(args.ruleset)
    evaluator = Evaluator(rules)
    mixes = hand_mixes(rules, evaluator, args.hands)
    hostile = hostile_strings(rules, evaluator, mixes[0], args.worst_chars)
    seed, seed_note = seed_for(rules)
    if seed_note:
        print(f"note: {seed_note}", flush=True)
    wanted = set(args.engines.split(",")) if args.engines else None
    rows = [
        Row(flavor, engine, driver)
        for flavor, engine, driver in ROWS
        if flavor in FLAVORS and (wanted is None or engine in wanted)
    ]
    for row in rows:
        run_row(row, rules, seed, mixes, hostile, args)
    machine = machine_info()
    meta = {
        "ruleset": rules.name,
        "hands": args.hands,
        "mixes": {mix.name: mix.description for mix in mixes},
        "winning": {mix.name: sum(mix.truth) for mix in mixes},
        "min_seconds": args.min_time,
        "seed_file": str(SEED_PATH) if SEED_PATH.is_file() else None,
        "seed_note": seed_note,
    }
    print(report(rows, meta, hostile, machine))
    meta["elapsed_seconds"] = round(time.perf_counter() - began, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    document = to_json(rows, meta, hostile, machine)
    args.out.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", "utf-8")
    print(f"wrote {args.out} in {meta['elapsed_seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
