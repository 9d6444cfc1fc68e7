"""Hands scored per second through the scoring patterns, against the
``mahjong`` package's HandCalculator on the same hands.

Run as ``python benchmarks/score.py [--rulesets riichi,changsha] [--hands 5000]
[--min-time 2] [--out benchmarks/score.json]``.

The hands are winning hands of the scoring corpus
(:func:`mahjong_regex.hands.score_samples.scoring_corpus`, seed 0), the
ones the tests prove the patterns on.  For each rule set:

- ``pcre2-c``: the ``pcre`` scoring pattern in PCRE2 from C with its JIT
  (the ``pcre2-c`` runner of :mod:`mahjong_regex.engines`, the system
  libpcre2), one match a hand;
- ``regex``: the ``regex`` scoring pattern in the Python regex module, one
  match a hand and the names of the groups that took part (what the host
  reads to add the values);
- for riichi, ``HandCalculator``: ``estimate_hand_value`` of the ``mahjong``
  package on the same hands (136-tile arrays made before the timing, the
  last tile as the winning tile, ``HandConfig(is_tsumo=True)``), which also
  works out fu and the score;
- the win-only pattern in the same engines, for scale.

Target: the ``regex`` module at least 10× HandCalculator.  The
table goes to stdout, the figures to ``--out`` as JSON.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from in_process import time_search
from internals import (
    compile_for,
    engines,
    load_rules,
    score_groups,
    scoring_corpus,
)
from report import machine_info, table

HERE = Path(__file__).resolve().parent
#: The target: hands/s in the regex module over HandCalculator's.
TARGET = 10.0


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rulesets", default="riichi,changsha", help="comma-separated")
    p.add_argument("--hands", type=int, default=5000, help="hands per rule set (5,000)")
    p.add_argument("--min-time", type=float, default=2.0, help="seconds per timing (2)")
    p.add_argument("--out", type=Path, default=HERE / "score.json", help="JSON output path")
    return p.parse_args(argv)


def rate(work, hands: list[str], min_seconds: float) -> float:
    """Hands a second: one warm-up pass, then passes until ``min_seconds``."""
    return time_search(work, hands, min_seconds).rate


def regex_rates(rules, hands, min_seconds: float) -> dict[str, float]:
    """The scoring and the win-only pattern in the regex module."""
    import regex

    out = compile_for(rules, "regex", score=True)
    names = [g["group"] for g in score_groups(out, rules)]
    scoring = regex.compile(out.text)

    def score(hand: str):
        m = scoring.match(hand)
        return m and [n for n in names if m.group(n) is not None]

    win = regex.compile(compile_for(rules, "regex").text)
    return {
        "regex": rate(score, hands, min_seconds),
        "regex win-only": rate(win.match, hands, min_seconds),
    }


def pcre2_c_rates(rules, hands, min_seconds: float) -> dict[str, float]:
    """The scoring and the win-only pattern in PCRE2 from C (one session)."""
    patterns = {
        "score": compile_for(rules, "pcre", score=True).text,
        "win": compile_for(rules, "pcre").text,
    }
    with engines.Session("pcre2-c", patterns) as session:
        rates = session.time(hands, min_seconds)
    return {"pcre2-c": rates["score"].rate, "pcre2-c win-only": rates["win"].rate}


def calculator_rate(hands, min_seconds: float) -> float:
    """HandCalculator.estimate_hand_value on riichi hands (mpsz)."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig

    base = {"m": 0, "p": 9, "s": 18, "z": 27}
    calc, config = HandCalculator(), HandConfig(is_tsumo=True)
    arrays = []
    for hand in hands:
        tiles34 = [base[hand[i + 1]] + int(hand[i]) - 1 for i in range(0, len(hand), 2)]
        seen: dict[int, int] = {}
        tiles136 = []
        for t in tiles34:
            tiles136.append(t * 4 + seen.get(t, 0))
            seen[t] = seen.get(t, 0) + 1
        arrays.append((tiles136, tiles136[-1]))
    lookup = dict(zip(hands, arrays))

    def value(hand: str):
        tiles, win = lookup[hand]
        return calc.estimate_hand_value(tiles, win, config=config)

    return rate(value, hands, min_seconds)


def main(argv=None) -> int:
    args = parse_args(argv)
    rows, figures = [], {"machine": machine_info(), "hands": args.hands, "rulesets": {}}
    for name in args.rulesets.split(","):
        rules = load_rules(name)
        hands = scoring_corpus(rules, args.hands, 0)
        found = {**pcre2_c_rates(rules, hands, args.min_time)}
        found.update(regex_rates(rules, hands, args.min_time))
        if name == "riichi":
            found["HandCalculator"] = calculator_rate(hands, args.min_time)
        figures["rulesets"][name] = found
        calc = found.get("HandCalculator")
        for engine, r in found.items():
            ratio = f"{r / calc:.2f}×" if calc else "-"
            rows.append([name, engine, f"{r:,.0f}", ratio])
        if calc:
            got = found["regex"] / calc
            verdict = "met" if got >= TARGET else f"missed by {TARGET / got:.1f}×"
            rows.append([name, f"target: regex ≥ {TARGET:g}× HandCalculator", "", verdict])
    print(table(["rule set", "engine", "hands/s", "× HandCalculator"], rows))
    args.out.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
