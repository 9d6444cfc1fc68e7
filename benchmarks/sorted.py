"""Sorted input: hands per second of the sorted patterns against
``mahjong``'s ``Agari.is_agari`` on the same hands (as 34-count arrays,
converted before the timing), and the slowest call on hostile strings.

Hands: sorted hands near the win/no-win boundary
(:func:`mahjong_regex.hands.sorted_hands.sorted_hands`, seed 0) plus
arranged boundary hands sorted.  Engines: PCRE2 with its JIT from C
(``mahjong_regex/engines/runners/runner_pcre2.c``, timing mode), Python ``re``, google-re2
(in process, its memory budget raised for these patterns), Go's ``regexp``.
Targets on riichi: PCRE2-JIT from C at least 5× ``is_agari``, ``re`` at least
1×, google-re2 at least 0.5×; Go, Sichuan and Harbin are printed beside.
The worst case: the hostile strings of ``benchmarks/inputs.py`` (about
10,000 characters) and 40-tile hands of the 18-slot rule set
(``tests/rules/slots.meld``), the slowest call in every backtracking
engine, against 10 ms.

Rates drift by a third over minutes on a shared machine, so each engine is
timed ``--rounds`` times (default 5), each time right after ``is_agari``:
the ratio printed is the median of the rounds' ratios, with their range.

    python benchmarks/sorted.py [--hands N] [--min-time S] [--rounds K] [--rulesets a,b]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from internals import engines

from mahjong_regex import HandError, load_rules
from mahjong_regex.hands.samples import random_hands
from mahjong_regex.hands.sorted_hands import sorted_hands
from mahjong_regex.pipeline import render_sorted
from mahjong_regex.reference.multiset import MultisetEvaluator, sort_hand

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"pcre2-c": 5.0, "re": 1.0, "google-re2": 0.5}
BACKTRACKING = {
    "pcre": "pcre2-c",
    "regex": "regex",
    "python": "python",
    "js": "node",
    "java": "java",
    "dotnet": "dotnet",
    "ruby": "ruby",
}


def hands_for(rules, n: int) -> list[str]:
    """``n`` sorted hands near the boundary (half sorted arranged hands)."""
    out = sorted_hands(rules, n // 2, seed=0)
    for hand in random_hands(rules, n - len(out), seed=0):
        try:
            out.append(sort_hand(rules, hand))
        except HandError:
            pass
    return out


def counts_34(rules, hand: str) -> list[int] | None:
    """The hand as a 34-count array by tile identity (None: a tile has no
    place there, or the string is not a hand)."""
    out = [0] * 34
    try:
        tiles = rules.alphabet.tokenize(hand)
    except HandError:
        return None
    for t in tiles:
        ident = t.identity or ""
        if len(ident) != 2 or ident[1] not in "mpsz":
            return None
        out["mpsz".index(ident[1]) * 9 + int(ident[0]) - 1] += 1
    return out


def timed(fn, items, min_time: float) -> float:
    """Calls per second of ``fn`` over ``items``, repeated for ``min_time``."""
    for x in items:
        fn(x)
    done, start = 0, time.perf_counter()
    while True:
        for x in items:
            fn(x)
        done += len(items)
        took = time.perf_counter() - start
        if took >= min_time:
            return done / took


def agari_rate(rules, hands: list[str], min_time: float) -> float | None:
    """Hands per second of ``Agari.is_agari`` on ``hands`` as 34-count arrays (converted first)."""
    from mahjong.agari import Agari

    arrays = [a for a in (counts_34(rules, h) for h in hands) if a is not None]
    return timed(Agari.is_agari, arrays, min_time) if arrays else None


def runner_rate(engine: str, text: str, hands, min_time: float, hostile=(), flags="") -> dict:
    """Rate, and the slowest hostile call in ms, from a runner program."""
    out: dict = {"worst": []}
    try:
        with engines.Session(engine, {"p": text}, flags, strict=False) as session:
            if session.rejected:
                return {"worst": [], "error": str(session.rejected)[:120]}
            if hands and min_time > 0:
                out["rate"] = session.time(hands, min_time)["p"].rate
            if hostile:
                found = session.worst(hostile, 3)["p"]
                out["worst"] = [ms for ms in found if isinstance(ms, float)]
                errors = [ms for ms in found if not isinstance(ms, float)]
                if errors:
                    out["error"] = str(errors[0])[:120]
    except engines.EngineError as e:
        out["error"] = str(e)[:120]
    return out


def in_process(engine: str, text: str, hands, min_time: float) -> float:
    """Hands per second of ``re`` or google-re2 (its memory budget raised) on ``hands``."""
    if engine == "re":
        import re

        search = re.compile(text).search
    else:
        import re2

        options = re2.Options()
        options.max_mem = 512 << 20
        options.log_errors = False
        search = re2.compile(text, options).search
    return timed(search, hands, min_time)


def throughput(name: str, args) -> list[tuple]:
    """Rows (rule set, engine, hands/s, × is_agari, (least, most) ×, note)
    of rule set ``name``.  Every engine is timed ``args.rounds`` times, each
    round right after ``is_agari``, so a ratio compares two rates taken
    moments apart (a shared machine's speed drifts by a third over
    minutes); the row gives the medians and the range of the ratios."""
    rules = load_rules(name)
    hands = hands_for(rules, args.hands)
    wins = sum(MultisetEvaluator(rules).wins(h) for h in hands)
    pcre = render_sorted(rules, "pcre").text
    python = render_sorted(rules, "python").text
    re2_text = render_sorted(rules, "re2").text
    timers = {
        "is_agari": lambda: agari_rate(rules, hands, args.min_time),
        "pcre2-c": lambda: runner_rate("pcre2-c", pcre, hands, args.min_time).get("rate"),
        "re": lambda: in_process("re", python, hands, args.min_time),
        "google-re2": lambda: in_process("re2", re2_text, hands, args.min_time),
        "go": lambda: runner_rate("go", re2_text, hands, args.min_time).get("rate"),
    }
    notes = {
        "is_agari": f"{len(hands)} hands, {wins} win",
        "google-re2": f"{len(re2_text):,} chars",
    }
    rates: dict[str, list] = {engine: [] for engine in timers}
    for _ in range(args.rounds):
        for engine, timer in timers.items():
            rates[engine].append(timer())
    rows = []
    for engine, got in rates.items():
        pairs = [(r, a) for r, a in zip(got, rates["is_agari"]) if r and a]
        ratios = sorted(r / a for r, a in pairs)
        rate = statistics.median(r for r, _ in pairs) if pairs else None
        ratio = statistics.median(ratios) if ratios else None
        spread = (ratios[0], ratios[-1]) if ratios else None
        rows.append((name, engine, rate, ratio, spread, notes.get(engine, "")))
    return rows


def hostile(rules, size: int = 10_000) -> list[str]:
    """Hostile strings of about 10,000 characters: one tile repeated, runs of four, every tile in
    turn."""
    names = [t.name for t in rules.alphabet.tiles]
    strings = [
        names[0] * (size // len(names[0])),
        "".join(n * 4 for n in names) * (size // (4 * len("".join(names)))),
        "".join(names) * (size // len("".join(names))),
    ]
    if rules.indicator is None:
        return strings
    # A hand starts with its turned tile: TURNED|…
    turned = names[min(rules.indicator.tiles)] + "|"
    return [turned + s[: size - len(turned)] for s in strings] + strings[:1]


def worst(name: str, args) -> list[tuple]:
    """The slowest call per backtracking engine on the hostile strings."""
    spec = str(ROOT / "tests" / "rules" / f"{name}.meld") if name == "slots" else name
    rules = load_rules(spec)
    strings = hostile(rules)
    if name == "slots":
        sys.path.insert(0, str(ROOT / "tests"))
        from test_worst_case import hostile_hands

        strings += sorted({sort_hand(rules, h) for h in hostile_hands(40)})[:40]
    out = []
    for flavor, engine in BACKTRACKING.items():
        text = render_sorted(rules, flavor).text
        if engine in ("regex", "python"):
            mod = __import__("regex" if engine == "regex" else "re")
            search = mod.compile(text).search
            ms = max(min(_once(search, s) for _ in range(3)) for s in strings)
        else:
            flags = "u" if flavor == "js" else ""
            found = runner_rate(engine, text, strings[:1], 0, strings, flags)["worst"]
            ms = max(found) if found else None
        out.append((name, engine, ms))
    return out


def _once(search, s: str) -> float:
    start = time.perf_counter()
    search(s)
    return (time.perf_counter() - start) * 1000


def main(argv=None) -> int:
    """Run the benchmark and print its tables; returns the exit code."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=4000)
    p.add_argument("--min-time", type=float, default=1.0)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--rulesets", default="riichi,sichuan,harbin")
    p.add_argument("--no-worst", action="store_true")
    p.add_argument(
        "--worst-rulesets",
        default="slots,tianjin,wuhan,wenzhou",
        help="rule sets whose hostile strings are timed besides --rulesets' (slots: the 18-slot"
        " rule set of tests/rules; tianjin, wuhan, wenzhou: a turned tile in the hand)",
    )
    args = p.parse_args(argv)
    rows = []
    for name in filter(None, args.rulesets.split(",")):
        rows += throughput(name, args)
    print(f"{'rule set':10} {'engine':11} {'hands/s':>12} {'× is_agari':>11} {'range':>12}  target")
    for name, engine, rate, ratio, spread, note in rows:
        target = ""
        if name == "riichi" and engine in TARGETS and ratio is not None:
            need = TARGETS[engine]
            target = f"≥ {need:g}×: " + (
                "met" if ratio >= need else f"missed by {need / ratio:.2f}×"
            )
        rate_s = f"{rate:,.0f}" if rate else "-"
        ratio_s = f"{ratio:.2f}" if ratio else "-"
        spread_s = f"{spread[0]:.2f}–{spread[1]:.2f}" if spread else "-"
        print(
            f"{name:10} {engine:11} {rate_s:>12} {ratio_s:>11} {spread_s:>12}  {target} {note}".rstrip()
        )
    if not args.no_worst:
        print("\nslowest call on hostile strings, ms (target ≤ 10):")
        names = [n for n in args.rulesets.split(",") + args.worst_rulesets.split(",") if n]
        for name in dict.fromkeys(names):
            for rule, engine, ms in worst(name, args):
                mark = "met" if ms is not None and ms <= 10 else "missed"
                print(f"{rule:10} {engine:8} {ms if ms is None else round(ms, 3)!s:>9}  {mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
