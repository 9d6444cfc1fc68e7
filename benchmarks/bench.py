"""Benchmark the compiled patterns of a rule set in the real engine of every flavor.

Run as ``python benchmarks/bench.py [--hands N] [--out benchmarks/results.json]``.

For the rule set (``--ruleset``, default ``harbin``) and each flavor in
:data:`mahjong_regex.FLAVORS`, one engine (two for ``pcre``: the PyPI ``pcre2``
binding and a C program on the system libpcre2-8; two for ``re2``: google-re2 and Go)
times four patterns on the same ``N`` arranged hands near the win/no-win
boundary (:func:`mahjong_regex.samples.random_hands`, seed 0):

- ``ours``: :func:`mahjong_regex.compile_pattern` (for ``re2`` the
  ``--allow-unchecked`` text, which leaves the tile-level constraints out);
- ``seed``: regex 11 of the seed post, read at run time from
  ``../shared/baselines/seed-regex-11.pcre.txt`` (beside the repository);
  named groups respelt for Python's ``regex`` and ``re``; not runnable in RE2
  or Go (backreferences);
- ``linear``: one tile-validation scan of the whole hand,
  ``\\A(?:TILE|TILE|…)*\\z`` in the flavor's anchors -- about the least work a
  pattern that reads the hand can do;
- ``empty``: the empty pattern, the cost of one call alone.

Every timing compiles the pattern once, makes one warm-up pass over all hands
(which also gives each pattern's verdicts, compared with the reference
evaluator), then repeats passes until ``--min-time`` seconds (0.5) have gone
by, and reports hands per second, with search/find semantics.  Python-hosted
engines (``re``, ``regex``, ``pcre2`` with JIT, ``google-re2``) run
in-process; node, java, mono, ruby, go and pcre2-c run one timing program each
from ``benchmarks/runners/`` (built once into a cache in the temp directory).
The binding's per-call overhead caps its rate (its empty-pattern row shows the
cap); ``pcre2-c`` (``bench_pcre2.c``, ``gcc -O2 … -lpcre2-8``, needing the
Debian/Ubuntu package ``libpcre2-dev``) shows PCRE2's own speed: PCRE2_UTF,
``pcre2_jit_match`` on ``PCRE2_JIT_COMPLETE`` code (its engine label says
whether the JIT is on), one reused match_data.

Worst case: for every backtracking engine, each pattern is matched once
against hostile strings of about 10,000 characters (one tile repeated, a
near-win hand repeated, alternating suits, a winning hand repeated) and one
short one (a winning hand plus a stray tile); the figure is the slowest
string's best of 3 single calls, in milliseconds.

The table goes to stdout, the same data as JSON to ``--out``.  A missing
engine becomes a ``missing: <reason>`` row; the run goes on.

Runner protocol: the input file holds ASCII lines -- ``mahjong-regex-bench 1``,
the minimum seconds, the flags, the pattern count P then P pairs (label, hex
UTF-8 pattern), the hand count H then H hex lines, the hostile-string count W
then W hex lines, and the repeats per hostile string.  The runner prints lines
``version V``, ``compiled LABEL MS`` or ``error LABEL MESSAGE``, ``result LABEL
0101…`` (the warm-up pass), ``rate LABEL PASSES SECONDS MATCHES``, ``worst
LABEL I MS`` or ``worsterror LABEL I MESSAGE``, and ``done``.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import multiprocessing
import os
import platform
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Callable

import mahjong_regex
from mahjong_regex import ir
from mahjong_regex.automata.render import literal_set
from mahjong_regex.diagnostics import UnsupportedError
from mahjong_regex.flavors import get
from mahjong_regex.pipeline import compile_rules, emit, render
from mahjong_regex.reference.samples import random_hands

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SEED_PATH = REPO.parent / "shared" / "baselines" / "seed-regex-11.pcre.txt"
RUNNERS = HERE / "runners"
CACHE_ROOT = Path(tempfile.gettempdir()) / "mahjong-regex-bench-runners"

#: (flavor, engine) rows, in table order.
ROWS: tuple[tuple[str, str], ...] = (
    ("pcre", "pcre2"),
    ("pcre", "pcre2-c"),
    ("regex", "regex"),
    ("python", "re"),
    ("js", "node"),
    ("java", "java"),
    ("dotnet", "mono"),
    ("ruby", "ruby"),
    ("re2", "google-re2"),
    ("re2", "go"),
)
IN_PROCESS = frozenset({"pcre2", "regex", "re", "google-re2"})
#: Engines without backtracking: no worst-case figures, no seed regex.
LINEAR_TIME = frozenset({"google-re2", "go"})
#: Pattern labels, in the order each engine runs them (the seed last: it is the one
#: most likely to stall on a hostile string).
LABELS = ("ours", "linear", "empty", "seed")
#: Repeats per hostile string (the best one counts).
WORST_REPEATS = 3


# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------


@dataclass
class PatternRun:
    """What one engine measured for one pattern.

    ``rate`` is hands/s; ``verdicts`` the warm-up pass (one bool per hand);
    ``worst`` maps a hostile-string key to milliseconds, or to None with the
    reason in ``worst_errors``."""

    chars: int
    compile_ms: float | None = None
    rate: float | None = None
    passes: int = 0
    seconds: float = 0.0
    accepted: int | None = None
    disagreements: int | None = None
    verdicts: list[bool] | None = field(default=None, repr=False)
    worst: dict[str, float | None] = field(default_factory=dict)
    worst_errors: dict[str, str] = field(default_factory=dict)
    error: str | None = None

    def worst_case(self) -> tuple[str, float | None, str | None] | None:
        """(key, ms, error) of the slowest hostile string, errors first; None if none ran."""
        if not self.worst:
            return None
        failed = [k for k, v in self.worst.items() if v is None]
        if failed:
            return failed[0], None, self.worst_errors.get(failed[0], "failed")
        key = max(self.worst, key=lambda k: self.worst[k])
        return key, self.worst[key], None

    def to_json(self) -> dict:
        """The JSON form (no per-hand verdicts)."""
        worst = self.worst_case()
        return {
            "chars": self.chars,
            "compile_ms": self.compile_ms,
            "hands_per_second": self.rate,
            "timed_passes": self.passes,
            "timed_seconds": self.seconds,
            "accepted": self.accepted,
            "disagreements": self.disagreements,
            "worst_ms": worst[1] if worst else None,
            "worst_string": worst[0] if worst else None,
            "worst_by_string_ms": self.worst,
            "worst_errors": self.worst_errors,
            "error": self.error,
        }


@dataclass
class Row:
    """One (flavor, engine) row: the version, and a :class:`PatternRun` per label
    (a label left out was not applicable, e.g. the seed in RE2); ``status`` is
    ``ok``, ``missing: …`` or ``error: …``."""

    flavor: str
    engine: str
    version: str = ""
    status: str = "ok"
    runs: dict[str, PatternRun] = field(default_factory=dict)
    unchecked: tuple[str, ...] = ()
    note: str = ""

    def ratio(self, label: str) -> float | None:
        """Our hands/s divided by ``label``'s, or None."""
        ours, other = self.runs.get("ours"), self.runs.get(label)
        if ours and other and ours.rate and other.rate:
            return ours.rate / other.rate
        return None


class Missing(Exception):
    """An engine cannot run here; ``str()`` is the reason."""


# ---------------------------------------------------------------------------
# Patterns and inputs
# ---------------------------------------------------------------------------


def seed_source() -> str | None:
    """The seed regex (PCRE syntax, one line), or None when the file is absent."""
    if not SEED_PATH.is_file():
        return None
    return SEED_PATH.read_text("utf-8").strip("\r\n")


def harbin_tiles(rules) -> bool:
    """Does ``rules`` use the tile names of the built-in ``harbin`` (the seed's tiles)?"""
    names = {t.name for t in rules.alphabet.tiles}
    return names == {t.name for t in mahjong_regex.load_rules("harbin").alphabet.tiles}


def python_named_groups(pattern: str) -> str:
    """Respell ``(?<n>`` as ``(?P<n>`` and ``\\k<n>`` as ``(?P=n)`` (Python's syntax)."""
    pattern = re.sub(r"\(\?<([A-Za-z_]\w*)>", r"(?P<\1>", pattern)
    return re.sub(r"\\k<([A-Za-z_]\w*)>", r"(?P=\1)", pattern)


def our_pattern(rules, flavor: str) -> tuple[str, tuple[str, ...]]:
    """Our pattern in ``flavor`` and the constraints it leaves unchecked (re2 only)."""
    try:
        return mahjong_regex.compile_pattern(rules, flavor), ()
    except UnsupportedError:
        out = render(compile_rules(rules, flavor=flavor), flavor, allow_unchecked=True)
        return out.text, out.unchecked


def linear_pattern(rules, flavor: str) -> str:
    """``START(?:TILE|…)*END``: a scan that validates every tile of the hand."""
    tiles = literal_set([t.name for t in rules.alphabet.tiles])
    node = ir.seq(ir.Start(), ir.Repeat(tiles, 0, None), ir.End())
    return emit(ir.Pattern(node), flavor)


def patterns_for(rules, flavor: str, engine: str, seed: str | None) -> dict:
    """Label -> pattern text for one row (the seed left out where it cannot run),
    plus the key ``"unchecked"``."""
    ours, unchecked = our_pattern(rules, flavor)
    out = {"ours": ours, "linear": linear_pattern(rules, flavor), "empty": ""}
    if seed is not None and engine not in LINEAR_TIME:
        out["seed"] = python_named_groups(seed) if engine in ("regex", "re") else seed
    out["unchecked"] = unchecked
    return out


def hostile_strings(rules, evaluator, hands, truth, size: int) -> list[tuple[str, str, str]]:
    """(key, description, text) of the worst-case inputs, about ``size`` characters
    each except (d).  The winning hand is the first winning sample hand."""
    alphabet = rules.alphabet
    names = [t.name for t in alphabet.tiles]
    win = next((h for h, w in zip(hands, truth) if w), None)
    if win is None:  # a tiny --hands: look further
        win = next(h for h in random_hands(rules, 20_000, seed=1) if evaluator.wins(h))
    tiles = [t.name for t in alphabet.tokenize(win)]
    head = "".join(tiles[:-1])
    near = next((head + t for t in names if not evaluator.wins(head + t)), head)
    stray = next((win + t for t in names if not evaluator.wins(win + t)), win + names[0])
    twos = [t.name for t in alphabet.tiles if t.suit is not None and t.rank == 2]
    mixed = twos if len(twos) >= 2 else names

    def repeat(unit: str) -> str:
        return unit * max(1, round(size / len(unit)))

    return [
        ("a", f"one tile ({names[0]}) repeated", repeat(names[0])),
        ("b", "a near-win hand repeated", repeat(near)),
        ("c", f"alternating suits ({''.join(mixed)}…)", repeat("".join(mixed))),
        ("d", "a winning hand + a stray tile", stray),
        ("e", "a winning hand repeated", repeat(win)),
    ]


# ---------------------------------------------------------------------------
# In-process engines
# ---------------------------------------------------------------------------


def python_engine(engine: str) -> tuple[Callable[[str], Callable], str]:
    """(compile function returning ``search``, version) for an in-process engine."""
    if engine == "re":
        return (lambda p: re.compile(p).search), f"Python re {platform.python_version()}"
    try:
        if engine == "regex":
            import regex

            return (lambda p: regex.compile(p, regex.V0).search), f"regex {regex.__version__}"
        if engine == "pcre2":
            import pcre2

            version = f"PCRE2 {pcre2.__libpcre2_version__} JIT (pcre2 {pcre2.__version__})"
            return (lambda p: pcre2.compile(p, jit=True).search), version
        if engine == "google-re2":
            import re2

            if not hasattr(re2, "Options"):
                raise Missing("the importable 're2' module is not google-re2")
            options = re2.Options()
            options.log_errors = False

            def compile_re2(p: str):
                return re2.compile(p, options).search

            return compile_re2, f"google-re2 {metadata.version('google-re2')}"
    except ImportError as exc:
        raise Missing(f"Python module not importable: {exc}") from None
    raise ValueError(engine)


def time_search(search, hands: list[str], min_seconds: float) -> tuple[list[bool], int, float]:
    """One warm-up pass (the verdicts), then passes until ``min_seconds``: (verdicts,
    passes, seconds)."""
    verdicts = [search(h) is not None for h in hands]
    passes = 0
    start = time.perf_counter()
    while True:
        for h in hands:
            search(h)
        passes += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return verdicts, passes, elapsed


def _worst_child(searches, strings, items, repeats, conn) -> None:
    """Forked child: time each (label, index) item, best of ``repeats``, and send
    ``(label, index, ms)`` as each finishes."""
    for label, i in items:
        best = float("inf")
        try:
            for _ in range(repeats):
                start = time.perf_counter()
                searches[label](strings[i])
                best = min(best, time.perf_counter() - start)
        except Exception as exc:  # e.g. PCRE2's "JIT stack limit reached"
            conn.send((label, i, one_line(exc) or type(exc).__name__))
            continue
        conn.send((label, i, best * 1000))
    conn.close()


def worst_in_process(searches: dict, strings: list[str], timeout: float) -> dict:
    """Time every hostile string against every search, in forked children, so a
    call that runs past ``timeout`` seconds can be abandoned (its child killed,
    the next child resuming after it).  Returns {(label, index): ms or error str}."""
    ctx = multiprocessing.get_context("fork")
    items = [(label, i) for label in searches for i in range(len(strings))]
    out: dict = {}
    while items:
        recv, send = ctx.Pipe(duplex=False)
        child = ctx.Process(
            target=_worst_child, args=(searches, strings, items, WORST_REPEATS, send)
        )
        child.start()
        send.close()
        done = 0
        reason = ""
        while done < len(items):
            if not recv.poll(timeout):
                reason = f"> {timeout:g} s (abandoned)"
                break
            try:
                label, i, ms = recv.recv()
            except EOFError:
                reason = "crashed"
                break
            out[(label, i)] = ms
            done += 1
        if done < len(items):
            child.kill()
            out[items[done]] = reason
            items = items[done + 1 :]
        else:
            items = []
        child.join()
        recv.close()
    return out


def run_in_process(row: Row, patterns: dict, hands, hostile, args) -> None:
    """Fill ``row`` for an in-process engine."""
    compile_fn, row.version = python_engine(row.engine)
    searches = {}
    for label in LABELS:
        if label not in patterns:
            continue
        run = row.runs[label] = PatternRun(chars=len(patterns[label]))
        start = time.perf_counter()
        try:
            search = compile_fn(patterns[label])
        except Exception as exc:  # the engine's own error type
            run.error = f"does not compile: {one_line(exc)}"
            continue
        run.compile_ms = (time.perf_counter() - start) * 1000
        try:
            run.verdicts, run.passes, run.seconds = time_search(search, hands, args.min_time)
        except Exception as exc:  # a match-time error of the engine
            run.error = f"{type(exc).__name__}: {one_line(exc)}"
            continue
        run.rate = run.passes * len(hands) / run.seconds
        searches[label] = search
    if row.engine in LINEAR_TIME or args.no_worst:
        return
    strings = [text for _, _, text in hostile]
    for (label, i), value in worst_in_process(searches, strings, args.timeout).items():
        key = hostile[i][0]
        if isinstance(value, str):
            row.runs[label].worst[key] = None
            row.runs[label].worst_errors[key] = value
        else:
            row.runs[label].worst[key] = value


# ---------------------------------------------------------------------------
# External engines
# ---------------------------------------------------------------------------


def which(*tools: str) -> list[str]:
    """Absolute paths of ``tools``; raises :class:`Missing` naming the first one absent."""
    paths = []
    for tool in tools:
        path = shutil.which(tool)
        if path is None:
            raise Missing(f"{tool} not found on PATH")
        paths.append(path)
    return paths


def go_env() -> dict[str, str]:
    """Environment for ``go build``: private GOCACHE/GOPATH, no toolchain download."""
    env = dict(os.environ)
    env.update(
        GOCACHE=str(CACHE_ROOT / "go-cache"),
        GOPATH=str(CACHE_ROOT / "go-path"),
        GOTOOLCHAIN="local",
        GOFLAGS="",
        GO111MODULE="off",
    )
    return env


def build_cached(name: str, source: Path, artifact: str, argv, env=None, key: str = "") -> Path:
    """Build ``source`` once into ``CACHE_ROOT/<name>-<hash>/`` and return that folder.

    The hash covers the source text and ``key`` (the toolchain's version), so an
    edit or an upgrade rebuilds.  ``argv(folder)`` is the build command, run in
    the source's folder; the build goes to a scratch folder renamed into place."""
    digest = hashlib.sha256(source.read_bytes() + key.encode()).hexdigest()[:16]
    target = CACHE_ROOT / f"{name}-{digest}"
    if (target / artifact).exists():
        return target
    CACHE_ROOT.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{name}-build-", dir=CACHE_ROOT))
    try:
        proc = subprocess.run(
            argv(scratch), cwd=source.parent, env=env, capture_output=True, text=True, timeout=600
        )
        if proc.returncode != 0 or not (scratch / artifact).exists():
            raise Missing(f"building {source.name} failed: {one_line(proc.stdout + proc.stderr)}")
        try:
            os.rename(scratch, target)
        except OSError:
            if not (target / artifact).exists():
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return target


def tool_version(argv: list[str], env=None) -> str:
    """The first line of a toolchain's version output (for the build cache key)."""
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    return (proc.stdout + proc.stderr).strip().splitlines()[0] if proc.returncode == 0 else ""


PCRE2_PROBE = """\
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
int main(void) {
    char version[64] = "";
    pcre2_config(PCRE2_CONFIG_VERSION, version);
    puts(version);
    return 0;
}
"""


def pcre2_build_flags(gcc: str) -> tuple[list[str], list[str], str]:
    """(compiler flags, linker flags, library version) for libpcre2-8, from pkg-config
    when it knows the library (else plain ``-lpcre2-8``).  A probe program is built
    and run, so a missing header or library raises :class:`Missing`."""
    cflags, libs = [], ["-lpcre2-8"]
    pkg = shutil.which("pkg-config")
    if pkg and subprocess.run([pkg, "--exists", "libpcre2-8"]).returncode == 0:

        def ask(option: str) -> list[str]:
            argv = [pkg, option, "libpcre2-8"]
            return subprocess.run(argv, capture_output=True, text=True).stdout.split()

        cflags, libs = ask("--cflags"), ask("--libs") or libs
    with tempfile.TemporaryDirectory(prefix="mahjong-regex-pcre2-probe-") as tmp:
        source, exe = Path(tmp) / "probe.c", Path(tmp) / "probe"
        source.write_text(PCRE2_PROBE, "ascii")
        proc = subprocess.run(
            [gcc, *cflags, "-o", str(exe), str(source), *libs],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if proc.returncode != 0:
            text = one_line(proc.stdout + proc.stderr)
            if "pcre2.h" in text:
                raise Missing("pcre2.h not found (Debian/Ubuntu package libpcre2-dev)")
            if "pcre2-8" in text:
                raise Missing("libpcre2-8 not found by the linker (package libpcre2-dev)")
            raise Missing(f"cannot build against libpcre2-8: {text[:300]}")
        try:
            run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
        except OSError as exc:
            raise Missing(f"a program linked with libpcre2-8 does not run: {exc}") from None
        if run.returncode != 0:
            raise Missing(
                "a program linked with libpcre2-8 does not run: "
                + one_line(run.stdout + run.stderr)[:300]
            )
    return cflags, libs, run.stdout.strip()


def runner_command(engine: str) -> list[str]:
    """The argv of an external engine's timing program (built if needed)."""
    if engine == "node":
        (node,) = which("node")
        return [node, str(RUNNERS / "bench.js")]
    if engine == "ruby":
        (ruby,) = which("ruby")
        return [ruby, str(RUNNERS / "bench.rb")]
    if engine == "java":
        java, javac = which("java", "javac")
        folder = build_cached(
            "java",
            RUNNERS / "Bench.java",
            "Bench.class",
            lambda d: [javac, "-encoding", "UTF-8", "-d", str(d), "Bench.java"],
            key=tool_version([javac, "-version"]),
        )
        # java.util.regex recurses once per repetition of a group: a big stack.
        return [java, "-Xss512m", "-cp", str(folder), "Bench"]
    if engine == "mono":
        mcs, mono = which("mcs", "mono")
        folder = build_cached(
            "mono",
            RUNNERS / "Bench.cs",
            "Bench.exe",
            lambda d: [mcs, "-nologo", "-optimize+", f"-out:{d / 'Bench.exe'}", "Bench.cs"],
            key=tool_version([mono, "--version"]),
        )
        return [mono, str(folder / "Bench.exe")]
    if engine == "go":
        (go,) = which("go")
        env = go_env()
        folder = build_cached(
            "go",
            RUNNERS / "bench.go",
            "bench",
            lambda d: [go, "build", "-o", str(d / "bench"), "bench.go"],
            env=env,
            key=tool_version([go, "version"], env=env),
        )
        return [str(folder / "bench")]
    if engine == "pcre2-c":
        (gcc,) = which("gcc")
        cflags, libs, version = pcre2_build_flags(gcc)
        folder = build_cached(
            "pcre2-c",
            RUNNERS / "bench_pcre2.c",
            "bench_pcre2",
            lambda d: [gcc, "-O2", *cflags, "-o", str(d / "bench_pcre2"), "bench_pcre2.c", *libs],
            key="\n".join([tool_version([gcc, "--version"]), *cflags, *libs, version]),
        )
        return [str(folder / "bench_pcre2")]
    raise ValueError(engine)


def runner_input(patterns: dict, flags: str, hands, hostile, min_seconds: float) -> str:
    """The runner's input file text (see the module docstring)."""
    hexed = lambda s: s.encode("utf-8").hex()  # noqa: E731
    labels = [label for label in LABELS if label in patterns]
    lines = ["mahjong-regex-bench 1", repr(float(min_seconds)), flags, str(len(labels))]
    for label in labels:
        lines += [label, hexed(patterns[label])]
    lines.append(str(len(hands)))
    lines += [hexed(h) for h in hands]
    lines.append(str(len(hostile)))
    lines += [hexed(text) for _, _, text in hostile]
    lines.append(str(WORST_REPEATS))
    return "\n".join(lines) + "\n"


def pump(stream, into: queue.Queue) -> None:
    """Copy lines of ``stream`` into ``into``, then None."""
    for line in stream:
        into.put(line)
    into.put(None)


def run_external(row: Row, patterns: dict, hands, hostile, args) -> None:
    """Fill ``row`` from one run of the engine's timing program.

    Output is read line by line; a runner silent for ``args.timeout`` seconds is
    killed and whatever it had printed is kept."""
    argv = runner_command(row.engine)
    flags = get(row.flavor).flags
    worst = [] if args.no_worst or row.engine in LINEAR_TIME else hostile
    for label in LABELS:
        if label in patterns:
            row.runs[label] = PatternRun(chars=len(patterns[label]))
    with tempfile.TemporaryDirectory(prefix="mahjong-regex-bench-") as tmp:
        path = Path(tmp) / "input.txt"
        path.write_text(runner_input(patterns, flags, hands, worst, args.min_time), "ascii")
        proc = subprocess.Popen(
            argv + [str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            errors="replace",
        )
        lines: queue.Queue = queue.Queue()
        err: list[str] = []
        threading.Thread(target=pump, args=(proc.stdout, lines), daemon=True).start()
        threading.Thread(target=lambda: err.extend(proc.stderr), daemon=True).start()
        done = killed = False
        # The worst-case items not yet reported, in the runner's order (for a stall).
        order = [(label, i) for label in LABELS if label in patterns for i in range(len(worst))]
        while True:
            try:
                line = lines.get(timeout=args.timeout)
            except queue.Empty:
                proc.kill()
                killed = True
                row.note = f"runner silent for {args.timeout:g} s: killed"
                break
            if line is None:
                break
            kind, _, rest = line.rstrip("\n").partition(" ")
            if kind == "version":
                row.version = rest
            elif kind == "done":
                done = True
            elif kind in ("compiled", "error", "result", "rate"):
                label, _, rest = rest.partition(" ")
                run = row.runs[label]
                if kind == "compiled":
                    run.compile_ms = float(rest)
                elif kind == "error":
                    run.error = rest
                elif kind == "result":
                    run.verdicts = [c == "1" for c in rest]
                else:
                    passes, seconds, _matches = rest.split()
                    run.passes, run.seconds = int(passes), float(seconds)
                    run.rate = run.passes * len(hands) / run.seconds
            elif kind in ("worst", "worsterror"):
                label, index, rest = rest.split(" ", 2)
                run, key = row.runs[label], worst[int(index)][0]
                if kind == "worst":
                    run.worst[key] = float(rest)
                else:
                    run.worst[key] = None
                    run.worst_errors[key] = rest
                order.remove((label, int(index)))
        proc.wait()
    if not done:
        # Killed or crashed: the first worst-case item not reported is the one in
        # flight if every timing had finished; the rest were not run.
        in_worst = all(run.rate is not None or run.error for run in row.runs.values())
        for k, (label, i) in enumerate(order):
            run, key = row.runs[label], worst[i][0]
            if run.error is None and run.rate is not None:
                run.worst[key] = None
                in_flight = k == 0 and in_worst and killed
                run.worst_errors[key] = (
                    f"> {args.timeout:g} s (runner killed)"
                    if in_flight
                    else "not run (runner stopped)"
                )
        if not row.note:
            row.note = f"runner exited {proc.returncode}: {one_line(''.join(err))[:300]}"
        if all(run.rate is None for run in row.runs.values()):
            row.status = "error: " + row.note


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def one_line(text) -> str:
    """Collapse white space in ``str(text)``."""
    return " ".join(str(text).split())


def machine_info() -> dict:
    """platform, CPU model, nproc, date, Python."""
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


def fmt_rate(x: float | None) -> str:
    """Hands/s with thousands separators, or ``-``."""
    return "-" if x is None else f"{x:,.0f}"


def fmt_ratio(x: float | None) -> str:
    """A speed ratio, or ``n/a``."""
    return "n/a" if x is None else f"{x:.2f}"


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


def fmt_ms(ms: float) -> str:
    """Milliseconds, with more decimals the smaller they are."""
    if ms >= 100:
        return f"{ms:,.0f}"
    if ms >= 1:
        return f"{ms:.2f}"
    if ms >= 0.01:
        return f"{ms:.3f}"
    return f"{ms:.4f}"


def fmt_count(run: PatternRun | None) -> str:
    """Disagreements with the reference, or why there are none."""
    if run is None:
        return "n/a"
    if run.error:
        return "error"
    return "-" if run.disagreements is None else f"{run.disagreements:,}"


def table(headers: list[str], rows: list[list[str]]) -> str:
    """Left-aligned columns separated by two spaces (the last one not padded)."""
    widths = [max(len(r[i]) for r in [headers, *rows] if i < len(r)) for i in range(len(headers))]
    out = []
    for r in [headers, ["-" * w for w in widths], *rows]:
        cells = [c.ljust(widths[i]) if i < len(r) - 1 else c for i, c in enumerate(r)]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)


def report(rows: list[Row], meta: dict, hostile, machine: dict) -> str:
    """The printed report: the main table, the baselines, the legend, the machine."""
    main, base, notes = [], [], []
    for row in rows:
        engine = row.version or row.engine
        if row.status != "ok":
            main.append([row.flavor, engine, row.status])
            continue
        ours = row.runs.get("ours")
        if ours is None or ours.error:
            main.append([row.flavor, engine, f"error: {ours.error if ours else 'no pattern'}"])
            continue
        count = fmt_count(ours)
        if row.unchecked:
            labels = "; ".join(u.split(": ", 1)[-1] for u in row.unchecked)
            count += f" (unchecked: {labels})"
        main.append(
            [
                row.flavor,
                engine,
                fmt_rate(ours.rate),
                fmt_ratio(row.ratio("seed")),
                fmt_ratio(row.ratio("linear")),
                f"{ours.chars:,}",
                fmt_worst(ours, row.engine),
                count,
            ]
        )
        seed, linear, empty = (row.runs.get(k) for k in ("seed", "linear", "empty"))
        seed_na = "n/a (backrefs)" if row.engine in LINEAR_TIME else "n/a"
        base.append(
            [
                row.engine,
                fmt_rate(seed.rate) if seed else seed_na,
                f"{seed.chars:,}" if seed else "n/a",
                fmt_worst(seed, row.engine) if seed else "n/a",
                fmt_count(seed),
                fmt_rate(linear.rate) if linear else "-",
                f"{linear.chars:,}" if linear else "-",
                fmt_worst(linear, row.engine) if linear else "-",
                fmt_rate(empty.rate) if empty else "-",
            ]
        )
        for label, run in row.runs.items():
            if run.error:
                notes.append(f"{row.flavor}/{row.engine} {label}: {run.error}")
        if row.note:
            notes.append(f"{row.flavor}/{row.engine}: {row.note}")
    out = [
        f"mahjong-regex benchmark: rule set {meta['ruleset']}, {meta['hands']:,} hands "
        f"(random_hands seed 0, {meta['winning']:,} winning), timed passes >= "
        f"{meta['min_seconds']:g} s after one warm-up pass, search/find semantics",
        "",
        table(
            [
                "flavor",
                "engine",
                "hands/s",
                "×seed",
                "×linear",
                "pattern chars",
                "worst-case ms",
                "disagreements",
            ],
            main,
        ),
        "",
        "baselines, same engines, same hands (seed: regex 11 of the seed post; linear: "
        "START(?:TILE|…)*END; empty: the empty pattern, the cost of one call)",
        "",
        table(
            [
                "engine",
                "seed hands/s",
                "seed chars",
                "seed worst ms",
                "seed disagreements",
                "linear hands/s",
                "linear chars",
                "linear worst ms",
                "empty calls/s",
            ],
            base,
        ),
        "",
    ]
    if meta["seed_note"]:
        out.append(f"note: {meta['seed_note']}")
    out.append(
        "worst case: slowest single match call, best of "
        f"{WORST_REPEATS}, over the hostile strings "
        + ", ".join(f"({k}) {d}, {len(t):,} chars" for k, d, t in hostile)
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
        "rows": [
            {
                "flavor": row.flavor,
                "engine": row.engine,
                "version": row.version,
                "status": row.status,
                "note": row.note,
                "unchecked": list(row.unchecked),
                "x_seed": row.ratio("seed"),
                "x_linear": row.ratio("linear"),
                "patterns": {label: run.to_json() for label, run in row.runs.items()},
            }
            for row in rows
        ],
    }


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def parse_args(argv=None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="harbin", help="built-in name or .meld path (harbin)")
    p.add_argument("--hands", type=int, default=50_000, help="hands to time (50,000)")
    p.add_argument("--out", type=Path, default=HERE / "results.json", help="JSON output path")
    p.add_argument("--min-time", type=float, default=0.5, help="seconds per timing (0.5)")
    p.add_argument("--worst-chars", type=int, default=10_000, help="hostile string size")
    p.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="seconds a runner may stay silent, or one worst-case string may take (60)",
    )
    p.add_argument("--engines", help="comma-separated subset of: " + ",".join(e for _, e in ROWS))
    p.add_argument("--no-worst", action="store_true", help="skip the worst-case strings")
    return p.parse_args(argv)


def main(argv=None) -> int:
    """Run the benchmark, print the table, write the JSON."""
    args = parse_args(argv)
    began = time.perf_counter()
    rules = mahjong_regex.load_rules(args.ruleset)
    evaluator = mahjong_regex.Evaluator(rules)
    hands = random_hands(rules, args.hands, seed=0)
    truth = [evaluator.wins(h) for h in hands]
    hostile = hostile_strings(rules, evaluator, hands, truth, args.worst_chars)
    seed = seed_source()
    seed_note = ""
    if seed is None:
        seed_note = f"{SEED_PATH} is absent: no seed columns"
    elif not harbin_tiles(rules):
        seed = None
        seed_note = (
            f"the seed regex is written for harbin's tiles: no seed columns for {rules.name}"
        )
    if seed_note:
        print(f"note: {seed_note}", flush=True)
    wanted = set(args.engines.split(",")) if args.engines else None
    if wanted and wanted - {e for _, e in ROWS}:
        print(
            f"unknown engines: {', '.join(sorted(wanted - {e for _, e in ROWS}))}", file=sys.stderr
        )
        return 2
    rows: list[Row] = []
    for flavor, engine in ROWS:
        if flavor not in mahjong_regex.FLAVORS or (wanted and engine not in wanted):
            continue
        row = Row(flavor, engine)
        rows.append(row)
        t0 = time.perf_counter()
        try:
            patterns = patterns_for(rules, flavor, engine, seed)
            row.unchecked = patterns.pop("unchecked")
            if engine in IN_PROCESS:
                run_in_process(row, patterns, hands, hostile, args)
            else:
                run_external(row, patterns, hands, hostile, args)
        except Missing as exc:
            row.status = f"missing: {exc}"
        except Exception as exc:  # keep going: one engine's failure is one row
            row.status = f"error: {type(exc).__name__}: {one_line(exc)[:300]}"
        for run in row.runs.values():
            if run.verdicts is not None:
                run.accepted = sum(run.verdicts)
                run.disagreements = sum(a != b for a, b in zip(run.verdicts, truth))
                run.disagreements += abs(len(run.verdicts) - len(truth))
        print(
            f"  {flavor}/{engine}: {row.status} ({time.perf_counter() - t0:.1f} s)",
            file=sys.stderr,
            flush=True,
        )
    machine = machine_info()
    meta = {
        "ruleset": rules.name,
        "hands": len(hands),
        "winning": sum(truth),
        "min_seconds": args.min_time,
        "seed_file": str(SEED_PATH) if SEED_PATH.is_file() else None,
        "seed_note": seed_note,
    }
    print(report(rows, meta, hostile, machine))
    meta["elapsed_seconds"] = round(time.perf_counter() - began, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(to_json(rows, meta, hostile, machine), ensure_ascii=False, indent=2) + "\n",
        "utf-8",
    )
    print(f"wrote {args.out} in {meta['elapsed_seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
