"""Search for each rule set's slowest hand, per backtracking engine, by hill-climbing.

Run as ``python benchmarks/worst.py [--rulesets harbin,riichi] [--engines regex,node]
[--rounds 12] [--out benchmarks/worst.json] [--update]``; ``--update`` keeps the
rows of the rule sets not searched.

The search runs over tile-name strings inside the rule set's length window
(the fewest to the most tiles a winning hand has, :func:`inputs.length_window`):
every string it tries is made of tile names and has a tile count in the
window, so none is rejected by the length lookahead alone.  It starts from a
population of random strings, arranged hands near the win/no-win boundary and
a few shapes known to stress backtracking (one tile repeated, runs of pairs,
a run of one tile and a tail of other tiles); each round it keeps the slowest
strings and tries mutations of them (a tile changed, copied from a neighbour,
added, dropped, swapped, a stretch made one tile or repeated), re-timing the
kept ones with the new ones so that one lucky timing does not stay on top.

Each string is timed alone in the engine, best of ``--repeats`` calls, in the
same process as the median: ``median`` is the median call over the
``--sample`` arranged hands of ``random_hands`` (seed 0) that are tile strings
inside the window.  The figure is worst / median; the target is at most 20×.
An engine error (PCRE2's "match limit exceeded") or a call that runs past
``--timeout`` seconds counts as a miss.  The table goes to stdout, the figures
(with each worst string) to ``--out`` as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

from in_process import worst_in_process
from inputs import length_window, our_pattern
from internals import (
    BUILTINS,
    FLAVORS,
    HandError,
    engines,
    load_rules,
    random_hands,
    split_turned,
)
from report import add_update_option, fmt_ms, machine_info, table, with_earlier_rows
from results import one_line

HERE = Path(__file__).resolve().parent
#: (engine as the table names it, engine in mahjong_regex.engines, flavor): the backtracking ones.
ENGINES = (
    ("pcre2-c", "pcre2-c", "pcre"),
    ("regex", "regex", "regex"),
    ("re", "python", "python"),
    ("node", "node", "js"),
    ("java", "java", "java"),
    ("mono", "dotnet", "dotnet"),
    ("ruby", "ruby", "ruby"),
)
#: Worst over median at most this.
TARGET_RATIO = 20.0


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rulesets", help="comma-separated built-in names or .meld paths (all)")
    p.add_argument(
        "--engines", help="comma-separated subset of: " + ",".join(e[0] for e in ENGINES)
    )
    p.add_argument("--rounds", type=int, default=12, help="hill-climbing rounds (12)")
    p.add_argument("--keep", type=int, default=8, help="strings kept per round (8)")
    p.add_argument("--children", type=int, default=6, help="mutations per kept string (6)")
    p.add_argument("--sample", type=int, default=300, help="hands for the median (300)")
    p.add_argument("--repeats", type=int, default=3, help="calls per string, best counts (3)")
    p.add_argument("--timeout", type=float, default=20.0, help="seconds one call may take (20)")
    p.add_argument("--seed", type=int, default=0, help="random seed (0)")
    p.add_argument("--out", type=Path, default=HERE / "worst.json", help="JSON output path")
    add_update_option(p)
    return p.parse_args(argv)


# --- Timing ---


def time_external(driver: str, pattern: str, flags: str, strings, repeats, timeout):
    """Per string: ms (best of ``repeats``) or an error text, in a runner program."""
    out: list = ["not run"] * len(strings)
    try:
        with engines.Session(driver, pattern, flags, timeout=timeout) as session:
            for line in session.stream(f"worst {repeats}", strings):
                kind, _, rest = line.partition(" ")
                _label, index, value = rest.split(" ", 2)
                out[int(index)] = float(value) if kind == "worst" else value
    except engines.RunnerError as exc:  # a runner killed for silence: the string in flight
        first = next((i for i, v in enumerate(out) if v == "not run"), None)
        if first is None:
            raise
        out[first] = f"> {timeout:g} s ({type(exc).__name__})"
    return out


def time_strings(driver: str, pattern: str, flags: str, strings, repeats, timeout) -> list:
    """Per string: ms (best of ``repeats``) or an error text."""
    if engines.facts(driver).in_process:
        search = engines.compile_search(driver, pattern)
        found = worst_in_process({"p": search}, list(strings), timeout)
        return [found.get(("p", i), "not run") for i in range(len(strings))]
    return time_external(driver, pattern, flags, strings, repeats, timeout)


def score(value) -> float:
    """A timing as a number to climb on: an error is worse than any time."""
    return value if isinstance(value, float) else float("inf")


# --- Strings ---


class Mutator:
    """Random tile strings of a rule set, inside its length window, and their
    mutations.  A string is a list of tile names; for a rule set with an
    indicator its first item is the turned tile and ``|`` (``TURNED|``), which
    a mutation may change but never drops."""

    def __init__(self, rules, window: tuple[int, int], seed: int):
        self.names = [t.name for t in rules.alphabet.tiles]
        self.rules = rules
        self.lo, self.hi = window
        self.rng = random.Random(seed)
        tiles = rules.alphabet.tiles
        turnable = sorted(rules.indicator.tiles) if rules.indicator is not None else []
        self.turned = [tiles[i].name + "|" for i in turnable]

    def tiles(self, text: str) -> list[str]:
        """The items of ``text`` (a string this class made, or a hand of the
        rule set): ``TURNED|`` first when the rule set has an indicator."""
        turned, tiles = split_turned(self.rules, text)
        head = [self.rules.alphabet.tiles[turned].name + "|"] if turned is not None else []
        return head + [t.name for t in tiles]

    def _head(self) -> list[str]:
        """A random ``TURNED|`` item, or nothing when no tile is turned."""
        return [self.rng.choice(self.turned)] if self.turned else []

    def random(self) -> list[str]:
        """A random string: uniform tiles, a length in the window."""
        n = self.rng.randint(self.lo, self.hi)
        return self._head() + [self.rng.choice(self.names) for _ in range(n)]

    def stressful(self) -> list[list[str]]:
        """Shapes known to make backtracking work: one tile repeated, runs of
        pairs, a run of one tile with a tail of different tiles."""
        a, hi, names = self.names[0], self.hi, self.names
        out = [[a] * hi, [a] * (hi - 1) + [names[-1]]]
        out.append([names[i // 2 % len(names)] for i in range(hi)])
        tail = names[1 : 1 + max(1, hi // 4)]
        out.append([a] * (hi - len(tail)) + tail)
        out.append([names[-1]] * (hi - 1) + [names[len(names) // 2]])
        return [self._head() + t for t in out if self.lo <= len(t) <= self.hi]

    def mutate(self, tiles: list[str]) -> list[str]:
        """One random change that keeps the length inside the window (and the
        turned tile first: one change in eight turns another tile)."""
        head, t = (tiles[:1], list(tiles[1:])) if self.turned else ([], list(tiles))
        rng, n = self.rng, len(t)
        i, j = rng.randrange(n), rng.randrange(n)
        kind = rng.randrange(8 if head else 7)
        if kind == 0:
            t[i] = rng.choice(self.names)
        elif kind == 1:
            t[i] = t[i - 1] if i else t[1 % n]
        elif kind == 2 and n < self.hi:
            t.insert(i, rng.choice([t[i], rng.choice(self.names)]))
        elif kind == 3 and n > self.lo:
            del t[i]
        elif kind == 4:
            t[i], t[j] = t[j], t[i]
        elif kind == 5:
            a, b = sorted((i, j))
            t[a : b + 1] = [t[a]] * (b + 1 - a)
        elif kind == 7:
            head = self._head()
        else:
            a, b = sorted((i, j))
            t[a : b + 1] = (t[a : a + 2] * n)[: b + 1 - a]
        return head + t


def median_sample(rules, window, size: int) -> list[str]:
    """Arranged hands (``random_hands`` seed 0) whose tiles (after ``TURNED|``
    with an indicator) are tile names, as many as the window allows."""
    out = []
    for hand in random_hands(rules, size * 4, seed=0):
        try:
            n = len(split_turned(rules, hand)[1])
        except HandError:
            continue
        if window[0] <= n <= window[1]:
            out.append(hand)
            if len(out) == size:
                break
    return out


# --- The search ---


def climb(row: dict, mut: Mutator, timer, args) -> None:
    """Hill-climb from a starting population; record the worst string in ``row``."""
    pool = [mut.random() for _ in range(args.keep * args.children)]
    pool += mut.stressful() + [mut.tiles(h) for h in row.pop("_seeds")]
    kept: list[tuple[float, object, list[str]]] = []
    for _ in range(args.rounds):
        batch = [t for _, _, t in kept] + pool
        texts = ["".join(t) for t in batch]
        timed = timer(texts)
        scored = {}
        for tiles, text, value in zip(batch, texts, timed):
            old = scored.get(text)
            if old is None or score(value) < score(old[1]):  # a repeat: its best time
                scored[text] = (score(value), value, tiles)
        kept = sorted(scored.values(), key=lambda x: -x[0])[: args.keep]
        if any(not isinstance(v, float) for _, v, _ in kept):
            break  # an engine error or a timeout: that is the worst case
        pool = [mut.mutate(t) for _, _, t in kept for _ in range(args.children)]
    best_score, value, tiles = kept[0]
    row["worst_string"] = "".join(tiles)
    row["worst_tiles"] = len(tiles) - (1 if mut.turned else 0)
    row["worst_ms"] = value if isinstance(value, float) else None
    row["worst_error"] = None if isinstance(value, float) else value


def measure(rules, name: str, engine: str, driver: str, flavor: str, args) -> dict:
    """One row: the median and the worst found, for one rule set in one engine."""
    row = {"ruleset": name, "engine": engine, "flavor": flavor}
    try:
        pattern, _ = our_pattern(rules, flavor)
        engines.engine_version(driver)
    except engines.EngineUnavailable as exc:
        return {**row, "status": f"missing: {exc}"}
    flags = FLAVORS[flavor].flags
    window = length_window(rules)

    def timer(strings):
        return time_strings(driver, pattern, flags, strings, args.repeats, args.timeout)

    sample = median_sample(rules, window, args.sample)
    times = [v for v in timer(sample) if isinstance(v, float)]
    row.update(status="ok", window=list(window), chars=len(pattern))
    row["median_ms"] = statistics.median(times) if times else None
    row["_seeds"] = sample[:: max(1, len(sample) // 8)]
    climb(row, Mutator(rules, window, args.seed), timer, args)
    worst, median = row["worst_ms"], row["median_ms"]
    row["ratio"] = worst / median if worst is not None and median else None
    row["met"] = row["ratio"] is not None and row["ratio"] <= TARGET_RATIO
    return row


def cells(r: dict) -> list[str]:
    """One line of the table."""
    if r["status"] != "ok":
        return [r["ruleset"], r["engine"], r["status"]]
    worst = fmt_ms(r["worst_ms"]) if r["worst_ms"] is not None else r["worst_error"]
    ratio = f"{r['ratio']:.1f}" if r["ratio"] is not None else "-"
    verdict = "met" if r["met"] else "missed"
    shown = r["worst_string"] if len(r["worst_string"]) <= 60 else r["worst_string"][:57] + "…"
    median = fmt_ms(r["median_ms"]) if r["median_ms"] else "-"
    return [r["ruleset"], r["engine"], median, worst, ratio, verdict, shown]


def main(argv=None) -> int:
    """Search every (rule set, engine), print the table, write the JSON."""
    args = parse_args(argv)
    names = args.rulesets.split(",") if args.rulesets else list(BUILTINS)
    wanted = set(args.engines.split(",")) if args.engines else None
    rows = []
    for name in names:
        rules = load_rules(name)
        for engine, driver, flavor in ENGINES:
            if wanted is None or engine in wanted:
                try:
                    row = measure(rules, name, engine, driver, flavor, args)
                except Exception as exc:  # one engine's failure is one row
                    row = {"ruleset": name, "engine": engine, "status": f"error: {one_line(exc)}"}
                print(f"  {name}/{engine}: {row.get('ratio')}", file=sys.stderr, flush=True)
                rows.append(row)
    if args.update:
        rows = with_earlier_rows(args.out, names, rows)
    headers = ["rule set", "engine", "median ms", "worst ms", "worst/median", "≤ 20×", "worst"]
    print(table(headers, [cells(r) for r in rows]))
    machine = machine_info()
    print(f"machine: {machine['cpu']}; nproc {machine['nproc']}; {machine['date']}")
    options = {**vars(args), "out": str(args.out)}
    doc = {"machine": machine, "target_ratio": TARGET_RATIO, "args": options, "rows": rows}
    args.out.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
