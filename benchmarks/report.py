"""The benchmark's printed report and its JSON document."""

from __future__ import annotations

import datetime
import json
import os
import platform
from pathlib import Path

from internals import BUILTINS
from results import (
    LINEAR_TIME,
    MIXES,
    TARGET_FACTOR,
    TARGETS,
    WORST_REPEATS,
    PatternRun,
    Row,
)


def machine_info() -> dict:
    """platform, CPU model, nproc, date, Python, load average."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "platform": platform.platform(),
        "cpu": cpu or platform.processor() or "unknown",
        "nproc": os.cpu_count(),
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "load_average": (
            [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
        ),
    }


# --- Cells ---


def fmt_rate(x: float | None) -> str:
    """Hands/s with thousands separators, or ``-``."""
    return "-" if x is None else f"{x:,.0f}"


def fmt_ratio(x: float | None) -> str:
    """A speed ratio, or ``n/a``."""
    return "n/a" if x is None else f"{x:.2f}"


def fmt_ms(ms: float) -> str:
    """Milliseconds, with more decimals the smaller they are."""
    if ms >= 100:
        return f"{ms:,.0f}"
    if ms >= 1:
        return f"{ms:.2f}"
    if ms >= 0.01:
        return f"{ms:.3f}"
    return f"{ms:.4f}"


def fmt_worst(run: PatternRun | None, engine: str) -> str:
    """``ms (string key)`` of the slowest hostile string."""
    if engine in LINEAR_TIME:
        return "n/a (linear)"
    if run is None:
        return "n/a"
    worst = run.worst_case()
    if worst is None:
        return "-"
    key, ms, error = worst
    return f"{error} ({key})" if ms is None else f"{fmt_ms(ms)} ({key})"


def fmt_counts(run: PatternRun | None) -> str:
    """Disagreements with the reference per mix (``boundary / losers``), or why none."""
    if run is None:
        return "n/a"
    if run.error:
        return "error"
    counts = [run.timings.get(mix) for mix in MIXES]
    return " / ".join(
        "-" if t is None or t.disagreements is None else f"{t.disagreements:,}" for t in counts
    )


def per_mix(values) -> str:
    """``a / b``: one value per mix."""
    return " / ".join(values)


def table(headers: list[str], rows: list[list[str]]) -> str:
    """Left-aligned columns separated by two spaces (the last one not padded)."""
    widths = [max(len(r[i]) for r in [headers, *rows] if i < len(r)) for i in range(len(headers))]
    out = []
    for r in [headers, ["-" * w for w in widths], *rows]:
        cells = [c.ljust(widths[i]) if i < len(r) - 1 else c for i, c in enumerate(r)]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)


# --- Tables ---


def main_row(row: Row) -> list[str]:
    """One line of the main table."""
    engine = row.version or row.engine
    if row.status != "ok":
        return [row.flavor, engine, row.status]
    ours = row.runs.get("ours")
    if ours is None or ours.error:
        return [row.flavor, engine, f"error: {ours.error if ours else 'no pattern'}"]
    cells = [row.flavor, engine]
    for mix in MIXES:
        cells += [
            fmt_rate(ours.rate(mix)),
            fmt_ratio(row.ratio("seed", mix)),
            fmt_ratio(row.ratio("linear", mix)),
        ]
    count = fmt_counts(ours)
    if row.unchecked:
        count += " (unchecked: " + "; ".join(u.split(": ", 1)[-1] for u in row.unchecked) + ")"
    return cells + [f"{ours.chars:,}", fmt_worst(ours, row.engine), count]


def baseline_row(row: Row) -> list[str]:
    """One line of the baselines table."""
    seed, linear, empty = (row.runs.get(k) for k in ("seed", "linear", "empty"))
    seed_na = "n/a (backrefs)" if row.engine in LINEAR_TIME else "n/a"
    return [
        row.engine,
        per_mix(fmt_rate(seed.rate(m)) for m in MIXES) if seed else seed_na,
        f"{seed.chars:,}" if seed else "n/a",
        fmt_worst(seed, row.engine) if seed else "n/a",
        fmt_counts(seed),
        per_mix(fmt_rate(linear.rate(m)) for m in MIXES) if linear else "-",
        f"{linear.chars:,}" if linear else "-",
        fmt_worst(linear, row.engine) if linear else "-",
        per_mix(fmt_rate(empty.rate(m)) for m in MIXES) if empty else "-",
    ]


def targets(rows: list[Row]) -> list[dict]:
    """Each throughput target on each mix: engine, mix, ×seed, met (None: no ratio,
    e.g. no seed for this rule set or the engine missing)."""
    by_engine = {row.engine: row for row in rows if row.status == "ok"}
    out = []
    for engine, name in TARGETS:
        row = by_engine.get(engine)
        for mix in MIXES:
            ratio = row.ratio("seed", mix) if row else None
            met = None if ratio is None else ratio >= TARGET_FACTOR
            out.append({"engine": engine, "name": name, "mix": mix, "x_seed": ratio, "met": met})
    return out


def target_lines(rows: list[Row]) -> list[str]:
    """The targets, one line per engine, met or missed on each mix."""
    lines = [f"targets: ours >= {TARGET_FACTOR:g}× the seed, same engine, same mix"]
    results = targets(rows)
    width = max(len(t["name"]) for t in results)
    for engine, name in TARGETS:
        cells = []
        for t in (t for t in results if t["engine"] == engine):
            verdict = "n/a" if t["met"] is None else "met" if t["met"] else "missed"
            cells.append(f"{t['mix']} {fmt_ratio(t['x_seed'])}× {verdict}")
        lines.append(f"  {name.ljust(width)}  " + "; ".join(cells))
    return lines


MAIN_HEADERS = [
    "flavor",
    "engine",
    *[cell for mix in MIXES for cell in (f"{mix} hands/s", "×seed", "×linear")],
    "pattern chars",
    "worst-case ms",
    "disagreements (" + " / ".join(MIXES) + ")",
]
BASELINE_HEADERS = [
    "engine",
    "seed hands/s",
    "seed chars",
    "seed worst ms",
    "seed disagreements",
    "linear hands/s",
    "linear chars",
    "linear worst ms",
    "empty calls/s",
]


def report(rows: list[Row], meta: dict, hostile, machine: dict) -> str:
    """The printed report: the main table, the baselines, the targets, the legend."""
    runnable = [row for row in rows if row.status == "ok"]
    notes = [
        f"{row.flavor}/{row.engine} {label}: {run.error}"
        for row in runnable
        for label, run in row.runs.items()
        if run.error
    ]
    notes += [f"{row.flavor}/{row.engine}: {row.note}" for row in runnable if row.note]
    out = [
        f"mahjong-regex benchmark: rule set {meta['ruleset']}, {meta['hands']:,} hands per mix, "
        f"timed passes >= {meta['min_seconds']:g} s after one warm-up pass, search/find semantics",
        *(f"  {name}: {text}" for name, text in meta["mixes"].items()),
        "",
        table(MAIN_HEADERS, [main_row(row) for row in rows]),
        "",
        "baselines, same engines, same hands, each cell " + " / ".join(MIXES) + " (seed: regex "
        "11 of the seed post; linear: START(?:TILE|…)*END; empty: the cost of one call)",
        "",
        table(BASELINE_HEADERS, [baseline_row(row) for row in runnable]),
        "",
        *target_lines(rows),
        "",
    ]
    if meta["seed_note"]:
        out.append(f"note: {meta['seed_note']}")
    out.append(
        f"worst case: slowest single match call, best of {WORST_REPEATS}, over the hostile "
        "strings " + ", ".join(f"({k}) {d}, {len(t):,} chars" for k, d, t in hostile)
    )
    out += [f"note: {n}" for n in notes]
    load = machine["load_average"]
    out.append(
        f"machine: {machine['platform']}; {machine['cpu']}; nproc {machine['nproc']}; "
        f"{machine['date']}" + (f"; load average {load[0]:.2f} (shared machine)" if load else "")
    )
    return "\n".join(out)


def to_json(rows: list[Row], meta: dict, hostile, machine: dict) -> dict:
    """The JSON document written to ``--out``."""
    return {
        **meta,
        "machine": machine,
        "hostile_strings": [{"key": k, "description": d, "chars": len(t)} for k, d, t in hostile],
        "worst_repeats": WORST_REPEATS,
        "engine_versions": {row.engine: row.version for row in rows if row.version},
        "targets": targets(rows),
        "rows": [row.to_json() for row in rows],
    }


def with_earlier_rows(path: Path, names: list[str], rows: list[dict]) -> list[dict]:
    """``rows`` (of the rule sets ``names``, just measured) and, from the JSON
    at ``path`` when it exists, the rows of every other rule set, measured
    earlier; ordered as the built-ins are, then the rest.  A row is a dict
    with a ``ruleset`` key (a built-in name or a rule file's path)."""
    kept = []
    if path.exists():
        kept = [r for r in json.loads(path.read_text("utf-8"))["rows"] if r["ruleset"] not in names]
    everything = kept + rows
    order = {name: i for i, name in enumerate(BUILTINS)}
    seen = list(dict.fromkeys(r["ruleset"] for r in everything))
    rank = {name: (order.get(name, len(order)), seen.index(name)) for name in seen}
    return sorted(everything, key=lambda r: rank[r["ruleset"]])


def add_update_option(parser) -> None:
    """Add ``--update`` to an argparse parser: measure only the rule sets
    asked for and keep the other rows of ``--out`` (:func:`with_earlier_rows`)."""
    parser.add_argument(
        "--update",
        action="store_true",
        help="keep the other rule sets' rows of --out (measured earlier) in the table and JSON",
    )
