"""Every built-in rule set on both mixes, with each speed target marked met or missed.

Run as ``python benchmarks/table.py [--rulesets harbin,riichi] [--engines regex,pcre2-c,node]
[--hands 3000] [--worst benchmarks/worst.json] [--out benchmarks/table.json]
[--update]``; ``--update`` keeps the rows of the rule sets not measured.

For each rule set it runs ``bench.py`` (``--no-worst``) on the chosen
engines and reads, per engine and mix (``boundary``, ``losers``): hands/s,
×seed (Harbin only: the seed regex is written for Harbin's tiles) and
×linear.  Worst/median comes from ``worst.py``'s JSON (``--worst``; run it
first).  For riichi and Sichuan it also times the ``mahjong`` package's
``Agari.is_agari`` on the same hands in this process, each hand converted
to a 34-count array before the timing (a suit's tiles by rank, honors
after; Sichuan's suits map to the three suits); kongs are counted as four
tiles, which ``is_agari`` does not read as a meld, so its verdicts on hands
of 15 to 18 tiles differ from the rule set's: only its speed is compared.

Targets: Harbin ≥ 3× the seed in the ``regex`` module, PCRE2 from C and V8,
on both mixes; riichi and Sichuan ≥ ``is_agari`` in ``regex`` and ≥ 3× it
in PCRE2 from C; worst/median ≤ 20× in every engine ``worst.py`` timed.
The table goes to stdout, the figures to ``--out`` as JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

import bench
from inputs import hand_mixes
from internals import BUILTINS, Evaluator, HandError, load_rules
from report import add_update_option, machine_info, table, with_earlier_rows

HERE = Path(__file__).resolve().parent
#: The engines with throughput targets, as bench.py names them.
TARGET_ENGINES = ("regex", "pcre2-c", "node")
#: worst.py's engine names for bench.py's.
WORST_NAME = {"pcre2-c": "pcre2-c", "regex": "regex", "re": "re", "node": "node"}
MIXES = ("boundary", "losers")
#: The rule sets compared with ``is_agari``.
AGARI_RULE_SETS = ("riichi", "sichuan")


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rulesets", default=",".join(BUILTINS), help="comma-separated (all)")
    p.add_argument("--engines", default="pcre2-c,regex,re,node", help="bench.py engine names")
    p.add_argument("--hands", type=int, default=3000, help="hands per mix (3,000)")
    p.add_argument("--min-time", type=float, default=0.3, help="seconds per timing (0.3)")
    p.add_argument("--worst", type=Path, default=HERE / "worst.json", help="worst.py's JSON")
    p.add_argument("--out", type=Path, default=HERE / "table.json", help="JSON output path")
    add_update_option(p)
    return p.parse_args(argv)


def counts_34(rules, hand: str) -> list[int] | None:
    """The hand as a 34-count array (``identity`` ``1m``..``9s``, ``1z``..``7z``),
    None when it is not a string of tiles or a tile has no place there."""
    out = [0] * 34
    try:
        tiles = rules.alphabet.tokenize(hand)
    except HandError:
        return None
    for tile in tiles:
        ident = tile.identity or ""
        if len(ident) != 2 or ident[1] not in "mpsz":
            return None
        index = "mpsz".index(ident[1]) * 9 + int(ident[0]) - 1
        if index >= 34:
            return None
        out[index] += 1
    return out


def agari_rate(rules, hands: list[str], min_time: float) -> float | None:
    """Hands per second of ``mahjong``'s ``Agari.is_agari`` on ``hands``
    (converted first, outside the timing); None when it is missing."""
    try:
        from mahjong.agari import Agari
    except ImportError:
        return None
    arrays = [a for a in (counts_34(rules, h) for h in hands) if a is not None]
    agari = Agari()
    for a in arrays:  # warm-up
        agari.is_agari(a)
    done, start = 0, time.perf_counter()
    while True:
        for a in arrays:
            agari.is_agari(a)
        done += len(arrays)
        took = time.perf_counter() - start
        if took >= min_time:
            return done / took


def run_bench(name: str, args) -> dict:
    """bench.py's JSON for rule set ``name`` (its table is not printed)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        argv = ["--ruleset", name, "--hands", str(args.hands), "--min-time", str(args.min_time)]
        argv += ["--no-worst", "--engines", args.engines, "--out", str(out)]
        with contextlib.redirect_stdout(io.StringIO()):
            bench.main(argv)
        return json.loads(out.read_text("utf-8"))


def worst_ratios(path: Path) -> dict:
    """(rule set, engine) -> worst.py's row, from its JSON (empty when absent)."""
    if not path.is_file():
        return {}
    rows = json.loads(path.read_text("utf-8"))["rows"]
    return {(Path(r["ruleset"]).stem, r["engine"]): r for r in rows}


def throughput_target(name: str, engine: str, rates: dict, x_seed: dict, agari: dict):
    """(what, met per mix) of the throughput target of this row, or None."""
    if name == "harbin" and engine in TARGET_ENGINES:
        return "≥ 3× seed", {m: x_seed.get(m) is not None and x_seed[m] >= 3 for m in MIXES}
    factor = {"regex": 1.0, "pcre2-c": 3.0}.get(engine)
    if name in AGARI_RULE_SETS and factor is not None and agari:
        met = {m: bool(rates.get(m)) and rates[m] >= factor * agari[m] for m in MIXES}
        return f"≥ {factor:g}× is_agari", met
    return None


def fmt(value, pattern="{:,.0f}") -> str:
    """A figure, or ``-``."""
    return "-" if value is None else pattern.format(value)


def worst_error(w: dict | None) -> str | None:
    """worst.py's engine error or failed status for a row (None: none, or
    the flavor cannot say the rule set)."""
    if w is None or "cannot express" in w.get("status", ""):
        return None
    return w.get("worst_error") or (w["status"] if w["status"] != "ok" else None)


def status_text(status: str) -> str:
    """A row's status that is not ``ok``, shortened for the table: a refusal
    (the flavor cannot say the rule set) as ``refused``."""
    if "cannot express" in status:
        return "refused: the flavor cannot say it"
    return status[:60]


def rows_for(name: str, doc: dict, worst: dict, agari: dict) -> list[dict]:
    """The table rows of one rule set."""
    out = []
    for row in doc["rows"]:
        ours = row.get("patterns", {}).get("ours", {})
        rates = {m: ours.get("mixes", {}).get(m, {}).get("hands_per_second") for m in MIXES}
        x_seed = row.get("x_seed") or {}
        x_linear = row.get("x_linear") or {}
        w = worst.get((name, WORST_NAME.get(row["engine"], row["engine"])))
        target = throughput_target(name, row["engine"], rates, x_seed, agari)
        out.append(
            {
                "ruleset": name,
                "engine": row["engine"],
                "status": row["status"],
                "hands_per_second": rates,
                "x_seed": x_seed,
                "x_linear": x_linear,
                "x_agari": {m: rates[m] / agari[m] for m in MIXES if agari and rates[m]},
                "worst_over_median": w.get("ratio") if w else None,
                "worst_error": worst_error(w),
                "throughput_target": target[0] if target else None,
                "throughput_met": target[1] if target else None,
            }
        )
    return out


def cells(r: dict) -> list[str]:
    """One printed row."""
    out = [r["ruleset"], r["engine"]]
    for m in MIXES:
        out += [
            fmt(r["hands_per_second"].get(m)),
            fmt(r["x_seed"].get(m), "{:.2f}"),
            fmt(r["x_linear"].get(m), "{:.2f}"),
            fmt(r["x_agari"].get(m), "{:.2f}"),
        ]
    ratio = r["worst_over_median"]
    if r["worst_error"]:
        out.append("error: " + r["worst_error"][:40] + " (missed)")
    elif ratio is None:
        out.append("-")
    else:
        out.append(f"{ratio:.1f} ({'met' if ratio <= 20 else 'missed'})")
    if r["throughput_target"]:
        met = r["throughput_met"]
        out.append(
            r["throughput_target"]
            + ": "
            + "; ".join(f"{m} {'met' if met[m] else 'missed'}" for m in MIXES)
        )
    else:
        out.append("-" if r["status"] == "ok" else status_text(r["status"]))
    return out


HEADER = ["rule set", "engine"]
for _mix in MIXES:
    HEADER += [f"{_mix} hands/s", "×seed", "×linear", "×is_agari"]
HEADER += ["worst/median (≤ 20×)", "throughput target"]


def main(argv=None) -> int:
    """Run bench.py for every rule set, print one table, write the JSON."""
    args = parse_args(argv)
    worst = worst_ratios(args.worst)
    rows, agari_rates = [], {}
    for name in args.rulesets.split(","):
        started = time.perf_counter()
        doc = run_bench(name, args)
        agari = {}
        if name in AGARI_RULE_SETS:
            rules = load_rules(name)
            mixes = hand_mixes(rules, Evaluator(rules), args.hands)
            agari = {m.name: agari_rate(rules, m.hands, args.min_time) for m in mixes}
            agari_rates[name] = agari
        rows += rows_for(name, doc, worst, agari)
        args.out.write_text(json.dumps({"rows": rows}, ensure_ascii=False) + "\n", "utf-8")
        took = time.perf_counter() - started
        print(f"  {name}: {took:.0f} s", file=sys.stderr, flush=True)
    if args.update:
        rows = with_earlier_rows(args.out, args.rulesets.split(","), rows)
    print(table(HEADER, [cells(r) for r in rows]))
    for name, rates in agari_rates.items():
        print(f"is_agari on {name}: " + ", ".join(f"{m} {fmt(rates[m])} hands/s" for m in MIXES))
    machine = machine_info()
    print(
        f"machine: {machine['cpu']}; nproc {machine['nproc']}; {machine['date']}; load {machine['load_average']}"
    )
    document = {"args": {k: str(v) for k, v in vars(args).items()}, "machine": machine}
    document.update(rows=rows, is_agari=agari_rates)
    args.out.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
