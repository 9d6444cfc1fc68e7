"""Size and speed of every built-in rule set in every flavor: one row each.

Run as ``python benchmarks/rulesets.py [--out benchmarks/rulesets.json]``;
``--rulesets a,b --update`` measures only those and keeps the other rows.

For each built-in rule set and flavor it measures:

- ``compile ms``: :func:`compile_rules` plus :func:`render` (the
  ``--allow-unchecked`` text for ``re2``), best of 3 warm runs;
- ``chars``: the pattern's length, and whether the flavor's engine compiles
  it (its size limit);
- ``worst ms``: in the flavor's real engine (PCRE2, regex, Python re, V8,
  Java, Mono, Onigmo), the slowest single call on hostile strings of about
  10,000 characters (the benchmark's five kinds), best of 3 calls; RE2 is
  linear, so n/a.

The targets -- compile <= 200 ms, worst <= 10 ms, and the engine compiles the
pattern -- are marked met or missed.  The table goes to stdout, the figures to
``--out`` as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from inputs import Mix, hostile_strings
from internals import (
    BUILTINS,
    FLAVORS,
    Evaluator,
    UnsupportedError,
    compile_for,
    engines,
    load_rules,
    random_hands,
)
from report import add_update_option, fmt_ms, machine_info, table, with_earlier_rows

HERE = Path(__file__).resolve().parent
COMPILE_MS, WORST_MS = 200.0, 10.0


def compile_ms(rules, flavor: str):
    """(best of 3 compile times in ms, the Output or the refusal text)."""
    best, out = float("inf"), None
    for _ in range(3):
        start = time.perf_counter()
        try:
            out = compile_for(rules, flavor, allow_unchecked=True)
        except UnsupportedError as e:
            return (time.perf_counter() - start) * 1000, str(e)
        best = min(best, time.perf_counter() - start)
    return best * 1000, out


def worst_in_engine(engine: str, pattern: str, flags: str, strings: list[str]):
    """(the engine compiles the pattern, slowest hostile call in ms or None,
    an error message or "")."""
    if engine == "re2":
        try:
            engines.compile_search("re2", pattern)
            return True, None, ""
        except engines.PatternError as e:
            return False, None, e.message
    if engines.facts(engine).in_process:
        return worst_in_process(engine, pattern, strings)
    try:
        with engines.Session(engine, pattern, flags, timeout=120) as session:
            found = session.worst(strings, 3)["p"]
    except engines.PatternError as e:
        return False, None, e.message
    errors = [value for value in found if isinstance(value, str)]
    worst = max((value for value in found if isinstance(value, float)), default=0.0)
    return True, worst, errors[-1] if errors else ""


def worst_in_process(engine: str, pattern: str, strings: list[str]):
    """:func:`worst_in_engine` for an engine in this process."""
    try:
        search = engines.compile_search(engine, pattern)
    except engines.PatternError as e:
        return False, None, e.message
    worst = 0.0
    for s in strings:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            search(s)
            best = min(best, time.perf_counter() - start)
        worst = max(worst, best * 1000)
    return True, worst, ""


def measure(name: str) -> list[dict]:
    """One row per flavor for built-in rule set ``name``."""
    rules = load_rules(name)
    evaluator = Evaluator(rules)
    hands = random_hands(rules, 3000, seed=0)
    mix = Mix("boundary", "", hands, [evaluator.wins(h) for h in hands])
    strings = [text for _, _, text in hostile_strings(rules, evaluator, mix, 10_000)]
    rows = []
    for flavor in FLAVORS:
        ms, out = compile_ms(rules, flavor)
        row = {"ruleset": name, "flavor": flavor, "compile_ms": round(ms, 2)}
        if isinstance(out, str):
            row.update(chars=None, engine_ok=False, worst_ms=None, note=out.split(": ", 1)[-1])
        else:
            engine = FLAVORS[flavor].engines[0]  # its first engine
            ok, worst, error = worst_in_engine(engine, out.text, out.flavor.flags, strings)
            row.update(chars=len(out.text), engine_ok=ok, worst_ms=worst, note=error)
        rows.append(row)
        print(f"  {name}/{flavor}: {row['compile_ms']} ms", file=sys.stderr, flush=True)
    return rows


def verdicts(row: dict) -> str:
    """Which targets the row misses, or "met"."""
    missed = []
    if row["compile_ms"] > COMPILE_MS:
        missed.append("compile")
    if row["chars"] is None:
        return "refused (see the notes)" + (", missed: compile" if missed else "")
    if not row["engine_ok"]:
        missed.append("engine")
    if row["worst_ms"] is not None and row["worst_ms"] > WORST_MS:
        missed.append("worst")
    return "met" if not missed else "missed: " + ", ".join(missed)


def main(argv=None) -> int:
    """Measure every built-in rule set, print the table, write the JSON."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=HERE / "rulesets.json", help="JSON output path")
    p.add_argument("--rulesets", help="comma-separated built-in names (default: all)")
    add_update_option(p)
    args = p.parse_args(argv)
    names = args.rulesets.split(",") if args.rulesets else list(BUILTINS)
    rows = [row for name in names for row in measure(name)]
    if args.update:
        rows = with_earlier_rows(args.out, names, rows)
    body = [
        [
            r["ruleset"],
            r["flavor"],
            "-" if r["chars"] is None else f"{r['chars']:,}",
            f"{r['compile_ms']:.0f}",
            "n/a (linear)" if r["worst_ms"] is None else fmt_ms(r["worst_ms"]),
            verdicts(r),
        ]
        for r in rows
    ]
    print(
        f"targets: compile <= {COMPILE_MS:.0f} ms, worst hostile call <= {WORST_MS:.0f} ms, "
        "the engine compiles the pattern"
    )
    print(table(["rule set", "flavor", "chars", "compile ms", "worst ms", "targets"], body))
    for r in rows:
        if r["note"]:
            print(f"note: {r['ruleset']}/{r['flavor']}: {r['note']}")
    machine = machine_info()
    print(f"machine: {machine['cpu']}; nproc {machine['nproc']}; {machine['date']}")
    args.out.write_text(json.dumps({"machine": machine, "rows": rows}, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
