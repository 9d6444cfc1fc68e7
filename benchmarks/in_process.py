"""Timing the engines that run inside this Python process (``re``, ``regex``,
``pcre2`` with its JIT, ``google-re2``), compiled by :mod:`mahjong_regex.engines`.

Every timing makes one warm-up pass over all hands (the verdicts), then
repeats passes until ``--min-time`` seconds have gone by.  The hostile strings
run in forked children, so a call that runs past ``--timeout`` can be
abandoned.
"""

from __future__ import annotations

import multiprocessing
import time

from internals import engines
from results import LINEAR_TIME, WORST_REPEATS, PatternRun, Row, Timing, one_line


def time_search(search, hands: list[str], min_seconds: float) -> Timing:
    """One warm-up pass (the verdicts), then passes until ``min_seconds``."""
    verdicts = [search(h) is not None for h in hands]
    passes = 0
    start = time.perf_counter()
    while True:
        for h in hands:
            search(h)
        passes += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return Timing(passes * len(hands) / elapsed, passes, elapsed, verdicts)


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


def version(driver: str) -> str:
    """The engine's version as the table shows it (``pcre2``: with its JIT)."""
    text = engines.engine_version(driver)
    return text.replace(" (pcre2 ", " JIT (pcre2 ") if driver == "pcre2" else text


def run_in_process(row: Row, patterns: dict, mixes, hostile, args) -> None:
    """Fill ``row`` for an in-process engine: each pattern on each mix, then the
    hostile strings."""
    row.version = version(row.driver)
    searches = {}
    for label, text in patterns.items():
        run = row.runs[label] = PatternRun(chars=len(text))
        start = time.perf_counter()
        try:
            search = engines.compile_search(row.driver, text)
        except engines.PatternError as exc:
            run.error = f"does not compile: {one_line(exc.message)}"
            continue
        run.compile_ms = (time.perf_counter() - start) * 1000
        try:
            for mix in mixes:
                run.timings[mix.name] = time_search(search, mix.hands, args.min_time)
        except Exception as exc:  # a match-time error of the engine
            run.error = f"{type(exc).__name__}: {one_line(exc)}"
            continue
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
