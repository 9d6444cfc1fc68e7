"""The playground's speed and weight, in headless Chromium.

Run as ``python benchmarks/playground.py [--site DIR] [--out benchmarks/playground.json]``
(without ``--site`` the site is built into a temporary folder first).  It
serves the site on 127.0.0.1, drives Debian's ``chromium`` with Playwright
(``$MAHJONG_CHROMIUM`` names another binary), and measures:

- **cold load**: a fresh browser context (empty cache) from navigation to
  the first compile's pattern and verdicts on the page, best and median of
  ``--loads`` loads; with the worker's own split (Pyodide's start, the
  wheels, the first imports);
- **recompile**: per built-in rule set, an edit of its text (a comment
  added, so no cache answers) to the page's new pattern and verdicts; the
  ``compile`` request's round trip alone, and the whole refresh (compile,
  the js pattern, the reference on the example hands, RegExp), without the
  page's 200 ms debounce; best of 3.  Target: the compile at most 300 ms;
- **download**: every file the page loads, raw and gzipped (level 6, as a
  web server sends it).

The table goes to stdout, the figures to ``--out`` as JSON.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from internals import BUILTINS, build_site, make_server, measure
from report import machine_info

HERE = Path(__file__).resolve().parent

#: The recompile target, ms.
RECOMPILE_MS = 300.0
#: Chromium's switches: no sandbox (root), and no calls to Google hosts.
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
    "--disable-quic",
]
#: Wait for the page's script (polled in an evaluated function: the page's
#: policy forbids the eval of Playwright's own polling).
STARTED = """async () => {
  while (window.playground === undefined) await new Promise((r) => setTimeout(r, 20));
}"""
EDIT = """async (text) => {
  const area = document.getElementById("source");
  area.value = text;
  const t0 = performance.now();
  area.dispatchEvent(new Event("input"));
  await playground.idle();
  return {total: performance.now() - t0, compile: playground.timings.compiles.at(-1)};
}"""


def cold_load(browser, base: str) -> dict:
    """One load in a fresh context: seconds to the first pattern and
    verdicts, and the worker's split."""
    context = browser.new_context()
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
    page = context.new_page()
    start = time.perf_counter()
    page.goto(base)
    page.evaluate(STARTED)
    page.evaluate("playground.started")
    page.evaluate("playground.idle()")
    seconds = time.perf_counter() - start
    ready = page.evaluate("playground.timings.ready")
    first = page.evaluate("playground.timings.compiles[0]")
    context.close()
    return {
        "seconds": round(seconds, 2),
        "pyodide_ms": round(ready["pyodide"]),
        "wheels_ms": round(ready["wheels"]),
        "imports_ms": round(ready["imports"]),
        "first_compile_ms": round(first),
    }


def recompiles(browser, base: str, names) -> dict[str, dict]:
    """Per built-in: best of 3 edits, the compile's round trip and the
    whole refresh (ms, the debounce taken out)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base)
    page.evaluate(STARTED)
    page.evaluate("playground.started")
    page.evaluate("playground.idle()")
    debounce = page.evaluate("playground.debounce")
    rows = {}
    for name in names:
        page.select_option("#builtin", name)
        page.evaluate("playground.idle()")
        source = page.input_value("#source")
        runs = [page.evaluate(EDIT, f"{source}# edit {i}\n") for i in range(3)]
        rows[name] = {
            "compile_ms": round(min(r["compile"] for r in runs), 1),
            "refresh_ms": round(min(r["total"] for r in runs) - debounce, 1),
        }
    context.close()
    return rows


def sizes(site: Path) -> dict:
    """Raw and gzipped bytes per group of files, and in all."""
    groups: dict[str, list[int]] = {}
    for rel, (raw, packed) in measure(site).items():
        group = rel if rel.startswith("pyodide/") or rel.startswith("wheels/") else "the page"
        total = groups.setdefault(group, [0, 0])
        total[0] += raw
        total[1] += packed
    groups["total"] = [sum(g[0] for g in groups.values()), sum(g[1] for g in groups.values())]
    return groups


def report(loads: list[dict], rows: dict[str, dict], weight: dict) -> str:
    """The printed tables."""
    secs = [x["seconds"] for x in loads]
    out = [
        f"cold load to the first pattern and verdicts: best {min(secs):.2f} s, "
        f"median {statistics.median(secs):.2f} s ({len(secs)} loads)",
        "  of which: "
        + ", ".join(
            f"{k.removesuffix('_ms')} {statistics.median(x[k] for x in loads):,.0f} ms"
            for k in ("pyodide_ms", "wheels_ms", "imports_ms", "first_compile_ms")
        ),
        "",
        f"| rule set | compile ms (target <= {RECOMPILE_MS:.0f}) | whole refresh ms |",
        "|---|---|---|",
    ]
    for name, r in rows.items():
        mark = "met" if r["compile_ms"] <= RECOMPILE_MS else "MISSED"
        out.append(f"| `{name}` | {r['compile_ms']:,.1f} ({mark}) | {r['refresh_ms']:,.1f} |")
    out += ["", "| files | bytes | gzipped |", "|---|---|---|"]
    for group, (raw, packed) in weight.items():
        out.append(f"| {group} | {raw:,} | {packed:,} |")
    return "\n".join(out)


def run(site: Path, chromium: str, loads: int, names) -> dict:
    """Serve ``site``, measure it in ``chromium``; returns the figures."""
    from playwright.sync_api import sync_playwright  # optional: the test extra

    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            cold = [cold_load(browser, base) for _ in range(loads)]
            rows = recompiles(browser, base, names)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return {"cold_loads": cold, "recompile": rows, "download": sizes(site)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--site", help="a built site (default: build one into a temporary folder)")
    p.add_argument("--out", default=str(HERE / "playground.json"), help="the JSON file to write")
    p.add_argument("--loads", type=int, default=3, help="cold loads to time (default 3)")
    p.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    p.add_argument("--rulesets", help="the built-ins to recompile, a,b,... (default: all)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.site) if args.site else build_site(Path(tmp) / "site").out
        names = args.rulesets.split(",") if args.rulesets else BUILTINS
        figures = run(site, args.chromium, args.loads, names)
    print(report(figures["cold_loads"], figures["recompile"], figures["download"]))
    figures = {"machine": machine_info(), "target_recompile_ms": RECOMPILE_MS, **figures}
    Path(args.out).write_text(json.dumps(figures, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
