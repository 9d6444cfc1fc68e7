"""IR passes.  Each is a small pure function ``Pattern -> Pattern`` that keeps
the language identical; :func:`optimize` runs the ones switched on in
:class:`~mahjong_regex.compile.Options`, in :data:`~mahjong_regex.compile.PASSES` order.

- ``suit_backrefs``: a run alternation such as ``二条三条四条|二筒三筒四筒|…``
  becomes ``二([条筒万])三\\1四\\1``: the suit is captured once and
  backreferenced.
- ``factor_literals``: an alternation of literal strings becomes the regex of
  its minimal acyclic automaton, so shared prefixes and suffixes are written
  once and single characters become classes (``[二三四…][条筒万]|幺[鸡万]|…``),
  after Emacs' ``regexp-opt``.

(The other passes -- ``counts_to_length``, ``marker_chars``, ``fixed_width``,
``char_length``, ``marker_scans``, ``suit_subsets``, ``body_first``,
``atomic_scans``, ``merge_same_melds``, ``hoist_states``, ``aligned_scan``,
``counter_loop``, ``slot_flags``, ``split_counts`` -- act while the compiler
builds the IR; see :mod:`mahjong_regex.compile`.)
"""

from __future__ import annotations

from dataclasses import replace
from itertools import count, product

from . import ir


def optimize(pattern: ir.Pattern, options, backrefs: bool = True) -> ir.Pattern:
    """Run the IR passes switched on in ``options`` (Pattern -> Pattern).

    ``backrefs`` False (a flavor without them): skip ``suit_backrefs`` and
    expand every backreference into an alternation (before
    ``factor_literals``, which then factors the expansion)."""
    if options.on("suit_backrefs") and backrefs:
        pattern = suit_backrefs(pattern)
    if not backrefs and inlined_size(pattern) <= MAX_INLINED_NODES:
        # A flavor without backreferences has no subroutine calls either.
        # (Past the size limit the flavor printer refuses the pattern.)
        pattern = expand_backrefs(pattern)
    if options.on("factor_literals"):
        pattern = factor_literals(pattern)
    return pattern


def _map(pattern: ir.Pattern, fn) -> ir.Pattern:
    """Apply a per-node rewrite ``fn(node, owner)`` to the body and every
    definition; ``owner`` is the definition name (``"body"`` for the body)."""
    body = ir.transform(pattern.body, lambda n: fn(n, "body"))
    defs = tuple(
        (name, ir.transform(node, lambda n, o=name: fn(n, o))) for name, node in pattern.definitions
    )
    return ir.Pattern(body, defs)


# ---- suit_backrefs ------------------------------------------------------------------


def _literals(node: ir.Node) -> list[str] | None:
    """The literal texts of a sequence of literals, else None."""
    if isinstance(node, ir.Seq) and node.items and all(isinstance(i, ir.Lit) for i in node.items):
        return [i.text for i in node.items]
    return None


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


def _fresh_names(pattern: ir.Pattern, prefix: str):
    """Capture names ``prefix1``, ``prefix2``, … not used in ``pattern``."""
    used = {
        n.name
        for node in [pattern.body, *(d for _, d in pattern.definitions)]
        for n in ir.walk(node)
        if isinstance(n, ir.Capture)
    } | {
        name for name, _ in pattern.definitions
    }  # one namespace: groups
    return (f"{prefix}{i}" for i in count(1) if f"{prefix}{i}" not in used)


def _prefix_free(strings) -> bool:
    return not any(a != b and b.startswith(a) for a in strings for b in strings)


def suit_backrefs(pattern: ir.Pattern) -> ir.Pattern:
    """Capture the varying suffix (the suit) of a run once, backreference it
    for the run's other tiles: ``二([条筒万])三\\1四\\1``.  When several
    runs share one set of suits, and their first prefixes have one length,
    the suit is captured once for all of them by a lookahead:
    ``(?=[二-七]([条筒万]))(?:二\\1三\\1四|三\\1四\\1五|…)\\1``."""
    fresh = _fresh_names(pattern, "s")

    def rewrite(node: ir.Node, owner: str) -> ir.Node:
        if not isinstance(node, ir.Alt):
            return node
        groups: dict[tuple[str, ...], list[str]] = {}
        keep: list[ir.Node] = []
        for item in node.items:
            lits = _literals(item)
            split = _split_suffix(lits) if lits and len(lits) >= 2 else None
            if split is None:
                keep.append(item)
                continue
            groups.setdefault(split[0], []).append(split[1])
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
            cap = next(fresh)
            capture = ir.Capture(cap, suits, describes="the suit of a run")
            if len(runs) > 1 and _prefix_free(suffixes):
                firsts = ir.alt(*(ir.Lit(r[0]) for r in runs))
                branches = []
                for r in runs:
                    parts: list[ir.Node] = [ir.Lit(r[0])]
                    for p in r[1:]:
                        parts += [ir.Backref(cap), ir.Lit(p)]
                    branches.append(ir.Seq(tuple(parts)))
                out.append(
                    ir.Seq((ir.Look(ir.seq(firsts, capture)), ir.alt(*branches), ir.Backref(cap)))
                )
                continue
            for r in runs:
                if r is not runs[0]:
                    cap = next(fresh)
                    capture = ir.Capture(cap, suits, describes="the suit of a run")
                parts = [ir.Lit(r[0]), capture]
                for p in r[1:]:
                    parts += [ir.Lit(p), ir.Backref(cap)]
                out.append(ir.Seq(tuple(parts)))
        return ir.alt(*out, *keep, label=node.label)

    return _map(pattern, rewrite)


# ---- factor_literals ----------------------------------------------------------------


def _plain(node: ir.Node) -> str | None:
    if isinstance(node, ir.Lit):
        return node.text
    lits = _literals(node)
    return "".join(lits) if lits is not None else None


#: Longest string :func:`factor_literals` factors (the automaton is built and
#: printed recursively, one level per character).
MAX_FACTORED_LENGTH = 200


def factor_literals(pattern: ir.Pattern) -> ir.Pattern:
    """Rewrite every alternation of plain strings as the regex of the
    strings' minimal acyclic automaton (strings up to
    :data:`MAX_FACTORED_LENGTH` characters; longer ones stay as written)."""
    memo: dict[tuple[str, ...], ir.Node] = {}

    def rewrite(node: ir.Node, owner: str) -> ir.Node:
        if not isinstance(node, ir.Alt):
            return node
        plain = [s for s in (_plain(i) for i in node.items) if s is not None]
        plain = [s for s in plain if len(s) <= MAX_FACTORED_LENGTH]
        if len(plain) < 2:
            return node
        rest = [i for i in node.items if _plain(i) is None or len(_plain(i)) > MAX_FACTORED_LENGTH]
        key = tuple(sorted(set(plain)))
        if key not in memo:  # inlined copies repeat the same alternations
            memo[key] = literal_set(plain)
        factored = memo[key]
        if rest:
            return ir.alt(factored, *rest, label=node.label)
        if node.label and not getattr(factored, "label", ""):
            return ir.seq(factored, label=node.label)
        return factored

    return _map(pattern, rewrite)


def literal_set(strings: list[str]) -> ir.Node:
    """The regex (IR) of a finite set of strings, read off the set's minimal
    acyclic DFA: edges into one state merge into a character class, chains of
    single edges into one literal.  Deterministic for a given set."""
    strings = sorted(set(strings))
    # Build a trie, then merge equivalent states bottom-up (a DAWG).
    registry: dict[tuple, int] = {}
    nodes: list[tuple[bool, tuple[tuple[str, int], ...]]] = []

    def build(words: list[str]) -> int:
        final = "" in words
        by_char: dict[str, list[str]] = {}
        for w in words:
            if w:
                by_char.setdefault(w[0], []).append(w[1:])
        edges = tuple(sorted((ch, build(rest)) for ch, rest in by_char.items()))
        key = (final, edges)
        if key not in registry:
            registry[key] = len(nodes)
            nodes.append(key)
        return registry[key]

    root = build(strings)
    cache: dict[int, ir.Node] = {}

    def render(q: int) -> ir.Node:
        if q in cache:
            return cache[q]
        final, edges = nodes[q]
        by_target: dict[int, list[str]] = {}
        for ch, t in edges:
            by_target.setdefault(t, []).append(ch)
        branches = []
        for t, chars in sorted(by_target.items(), key=lambda kv: (-len(kv[1]), kv[1])):
            head: ir.Node = ir.Lit(chars[0]) if len(chars) == 1 else ir.CharSet(frozenset(chars))
            branches.append(_join(head, render(t)))
        node = ir.alt(*branches) if branches else ir.EMPTY
        if final and branches:
            node = ir.Repeat(node, 0, 1)
        cache[q] = node
        return node

    return render(root)


def _join(a: ir.Node, b: ir.Node) -> ir.Node:
    """Concatenate, merging adjacent literals."""
    items = list(a.items if isinstance(a, ir.Seq) else (a,)) + list(
        b.items if isinstance(b, ir.Seq) else (b,)
    )
    out: list[ir.Node] = []
    for it in items:
        if out and isinstance(it, ir.Lit) and isinstance(out[-1], ir.Lit):
            out[-1] = ir.Lit(out[-1].text + it.text)
        else:
            out.append(it)
    return out[0] if len(out) == 1 else ir.Seq(tuple(out))


# ---- inlining, for flavors without subroutine calls -------------------------------------


#: Most IR nodes a pattern may have once its calls are inlined.
MAX_INLINED_NODES = 200_000


def inlined_size(pattern: ir.Pattern) -> int:
    """How many IR nodes the pattern has with every call inlined (without
    building it)."""
    defs = dict(pattern.definitions)
    memo: dict[str, int] = {}

    def size(node: ir.Node) -> int:
        if isinstance(node, ir.Call):
            if node.name not in memo:
                memo[node.name] = size(defs[node.name])
            return memo[node.name]
        return 1 + sum(size(c) for c in node.children())

    return size(pattern.body)


def inline_calls(pattern: ir.Pattern) -> ir.Pattern:
    """Replace every call by a copy of its definition; captures in each copy
    after the first get a fresh name (``s1`` -> ``s2``, ``s3``, …, the
    letters kept, the number the next unused one) so that no name is defined
    twice.  The result has no definitions."""
    defs = dict(pattern.definitions)
    taken = {
        n.name
        for node in [pattern.body, *defs.values()]
        for n in ir.walk(node)
        if isinstance(n, ir.Capture)
    } | set(defs)
    seen: set[str] = set()

    def fresh(name: str) -> str:
        if name not in seen:
            seen.add(name)
            return name
        stem = name.rstrip("0123456789") or name
        k = 1
        while f"{stem}{k}" in taken:
            k += 1
        taken.add(f"{stem}{k}")
        return f"{stem}{k}"

    def expand(node: ir.Node) -> ir.Node:
        def fn(n: ir.Node) -> ir.Node:
            if isinstance(n, ir.Call):
                # Rename the definition's own captures, then expand its calls
                # (which rename theirs): every copy gets fresh names.
                return expand(rename(defs[n.name]))
            return n

        return ir.transform(node, fn)

    def rename(node: ir.Node) -> ir.Node:
        names = sorted({n.name for n in ir.walk(node) if isinstance(n, ir.Capture)})
        if not names:
            return node
        mapping = {name: fresh(name) for name in names}

        def fn(n: ir.Node) -> ir.Node:
            if isinstance(n, (ir.Capture, ir.Backref)) and n.name in mapping:
                return replace(n, name=mapping[n.name])
            return n

        return ir.transform(node, fn)

    return ir.Pattern(expand(pattern.body), ())


# ---- backreference expansion, for flavors without backreferences ---------------------------

#: Most strings a capture may stand for before expansion is refused.
EXPAND_LIMIT = 512


def finite_strings(node: ir.Node, limit: int = EXPAND_LIMIT) -> list[str] | None:
    """Every string ``node`` matches, sorted, when that is a finite set of at
    most ``limit`` strings and the node has no lookaround, backreference or
    call; else None."""
    if isinstance(node, ir.Lit):
        return [node.text]
    if isinstance(node, ir.CharSet):
        return sorted(node.chars)
    if isinstance(node, ir.Capture):
        return finite_strings(node.item, limit)
    if isinstance(node, ir.Alt):
        out: set[str] = set()
        for item in node.items:
            sub = finite_strings(item, limit)
            if sub is None:
                return None
            out.update(sub)
            if len(out) > limit:
                return None
        return sorted(out)
    if isinstance(node, ir.Seq):
        acc = [""]
        for item in node.items:
            sub = finite_strings(item, limit)
            if sub is None or len(acc) * len(sub) > limit:
                return None
            acc = [a + b for a, b in product(acc, sub)]
        return sorted(set(acc))
    if isinstance(node, ir.Repeat) and node.max is not None:
        one = finite_strings(node.item, limit)
        if one is None:
            return None
        out = set()
        for k in range(node.min, node.max + 1):
            if len(one) ** k > limit:
                return None
            out.update("".join(p) for p in product(one, repeat=k))
        return sorted(out)
    return None


def _refers(nodes, name: str) -> bool:
    return any(isinstance(n, ir.Backref) and n.name == name for x in nodes for n in ir.walk(x))


def _substitute(node: ir.Node, name: str, text: str) -> ir.Node:
    def fn(n: ir.Node) -> ir.Node:
        if isinstance(n, ir.Backref) and n.name == name:
            return ir.Lit(text)
        return n

    return ir.transform(node, fn)


class NotFinite(Exception):
    """A backreference whose capture stands for too many strings to expand;
    ``capture`` is the capture's name."""

    def __init__(self, capture: str):
        super().__init__(capture)
        self.capture = capture


def expand_backrefs(pattern: ir.Pattern) -> ir.Pattern:
    """Rewrite ``(X)…\\k…`` as an alternation over the strings of X, each with
    the backreferences replaced by that string, so that no backreference is
    left; calls are inlined (each definition expanded first).  Raises
    :class:`NotFinite` when a capture's strings are not a small finite set."""

    def expand_seq(items: tuple[ir.Node, ...]) -> ir.Node:
        for i, item in enumerate(items):
            if isinstance(item, ir.Capture) and _refers(items[i + 1 :], item.name):
                strings = finite_strings(item.item)
                if strings is None:
                    raise NotFinite(item.name)
                branches = []
                for s in strings:
                    rest = tuple(_substitute(x, item.name, s) for x in items[i + 1 :])
                    branch = expand_seq(items[:i] + (ir.Lit(s),) + rest)
                    flat = finite_strings(branch, 64)
                    branches.append(ir.alt(*map(ir.Lit, flat)) if flat else branch)
                return ir.alt(*branches)
        return ir.Seq(items) if len(items) != 1 else items[0]

    def fn(n: ir.Node) -> ir.Node:
        if isinstance(n, ir.Seq):
            out = expand_seq(n.items)
            if n.label and not getattr(out, "label", ""):
                return ir.Seq((out,), n.label)
            return out
        return n

    body = ir.transform(pattern.body, fn)
    defs = tuple((name, ir.transform(node, fn)) for name, node in pattern.definitions)
    if defs:
        # Each definition expanded once, before it is copied into every
        # place that calls it.
        inlined = inline_calls(ir.Pattern(body, defs))
        if not any(isinstance(n, ir.Backref) for n in ir.walk(inlined.body)):
            return inlined
        body = ir.transform(inline_calls(pattern).body, fn)
    left = [n for n in ir.walk(body) if isinstance(n, ir.Backref)]
    if left:  # a backreference outside the sequence of its capture
        raise NotFinite(left[0].name)
    return ir.Pattern(body, ())
