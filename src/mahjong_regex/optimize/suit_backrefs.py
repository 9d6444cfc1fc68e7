"""``suit_backrefs``: a run alternation such as ``二条三条四条|二筒三筒四筒|…``
becomes ``二(?<s1>[条筒万])三\\k<s1>四\\k<s1>``: the suit is captured once and
backreferenced.  An IR rewrite (Pattern -> Pattern), for flavors with
backreferences."""

from __future__ import annotations

from itertools import count

from .. import ir

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "a run captures its suit once and backreferences it"


def _split_suffix(texts: list[str]) -> tuple[tuple[str, ...], str] | None:
    """Split each text into prefix + a common suffix (the longest one that
    leaves every prefix non-empty); None when there is none."""
    suffix = texts[0]
    for t in texts[1:]:
        while not t.endswith(suffix):
            suffix = suffix[1:]
    while suffix and any(len(t) == len(suffix) for t in texts):
        suffix = suffix[1:]
    if not suffix:
        return None
    return tuple(t[: len(t) - len(suffix)] for t in texts), suffix


def _prefix_free(strings) -> bool:
    return not any(a != b and b.startswith(a) for a in strings for b in strings)


def _runs(items) -> tuple[dict[tuple[str, ...], list[str]], list[ir.Node]]:
    """Split alternatives into runs of literals sharing a suffix -- {prefixes:
    [suffixes]} -- and the other alternatives, kept as they are."""
    groups: dict[tuple[str, ...], list[str]] = {}
    keep: list[ir.Node] = []
    for item in items:
        lits = ir.literal_texts(item)
        split = _split_suffix(lits) if lits and len(lits) >= 2 else None
        if split is None:
            keep.append(item)
        else:
            groups.setdefault(split[0], []).append(split[1])
    return groups, keep


def _shared(runs, capture: ir.Capture) -> ir.Node:
    """Runs over one suit set, the suit captured once by a lookahead:
    ``(?=(?:二|三)(?<s1>…))(?:二\\k<s1>三\\k<s1>四|…)\\k<s1>``."""
    cap = capture.name
    firsts = ir.alt(*(ir.Lit(r[0]) for r in runs))
    branches = []
    for r in runs:
        parts: list[ir.Node] = [ir.Lit(r[0])]
        for p in r[1:]:
            parts += [ir.Backref(cap), ir.Lit(p)]
        branches.append(ir.Seq(tuple(parts)))
    return ir.Seq((ir.Look(ir.seq(firsts, capture)), ir.alt(*branches), ir.Backref(cap)))


def _own(run, capture: ir.Capture) -> ir.Node:
    """One run capturing its own suit: ``二(?<s1>…)三\\k<s1>四\\k<s1>``."""
    parts: list[ir.Node] = [ir.Lit(run[0]), capture]
    for p in run[1:]:
        parts += [ir.Lit(p), ir.Backref(capture.name)]
    return ir.Seq(tuple(parts))


def suit_backrefs(pattern: ir.Pattern) -> ir.Pattern:
    """Capture the varying suffix (the suit) of a run once, backreference it
    for the run's other tiles: ``二([条筒万])三\\1四\\1``.  When several
    runs share one set of suits, and their first prefixes have one length,
    the suit is captured once for all of them by a lookahead:
    ``(?=[二-七]([条筒万]))(?:二\\1三\\1四|三\\1四\\1五|…)\\1``."""
    used = ir.group_names(pattern)
    fresh = (f"s{i}" for i in count(1) if f"s{i}" not in used)

    def capture(suits: ir.Node) -> ir.Capture:
        return ir.Capture(next(fresh), suits, describes="the suit of a run")

    def rewrite(node: ir.Node) -> ir.Node:
        if not isinstance(node, ir.Alt):
            return node
        groups, keep = _runs(node.items)
        if not any(len(s) > 1 for s in groups.values()):
            return node
        # Runs sharing a suit set (captured unambiguously) share a capture.
        buckets: dict[tuple, list[tuple[str, ...]]] = {}
        out: list[ir.Node] = []
        for prefixes, suffixes in groups.items():
            if len(suffixes) == 1:
                out.append(ir.Seq(tuple(ir.Lit(p + suffixes[0]) for p in prefixes)))
            else:
                key = (tuple(sorted(suffixes)), len(prefixes[0]), len(prefixes))
                buckets.setdefault(key, []).append(prefixes)
        for (suffixes, _, _), runs in buckets.items():
            suits = ir.alt(*(ir.Lit(x) for x in suffixes))
            if len(runs) > 1 and _prefix_free(suffixes):
                out.append(_shared(runs, capture(suits)))
            else:
                out.extend(_own(r, capture(suits)) for r in runs)
        return ir.alt(*out, *keep, label=node.label)

    return ir.map_pattern(pattern, rewrite)
