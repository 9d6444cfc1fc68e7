"""What the benchmark runs: the patterns of each row, the hand mixes, the hostile strings.

Patterns: ``ours`` (:func:`compile_pattern`; for ``re2`` the
``--allow-unchecked`` text), ``seed`` (regex 11 of the seed post, from
``../shared/baselines/``), ``linear`` (``START(?:TILE|…)*END``) and ``empty``.

Hand mix, of ``--hands`` hands: ``boundary``, :func:`random_hands` with seed
0, arranged hands near the win/no-win boundary (about one in ten wins).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from internals import (
    UnsupportedError,
    compile_pattern,
    compile_rules,
    emit,
    ir,
    literal_set,
    load_rules,
    random_hands,
    render,
)
from results import LINEAR_TIME

REPO = Path(__file__).resolve().parent.parent
SEED_PATH = REPO.parent / "shared" / "baselines" / "seed-regex-11.pcre.txt"


@dataclass
class Mix:
    """A named list of hands with the reference verdicts (``truth``)."""

    name: str
    description: str
    hands: list[str]
    truth: list[bool]


# --- Patterns ---


def seed_source() -> str | None:
    """The seed regex (PCRE syntax, one line), or None when the file is absent."""
    if not SEED_PATH.is_file():
        return None
    return SEED_PATH.read_text("utf-8").strip("\r\n")


def harbin_tiles(rules) -> bool:
    """Does ``rules`` use the tile names of the built-in ``harbin`` (the seed's tiles)?"""
    names = {t.name for t in rules.alphabet.tiles}
    return names == {t.name for t in load_rules("harbin").alphabet.tiles}


def python_named_groups(pattern: str) -> str:
    """Respell ``(?<n>`` as ``(?P<n>`` and ``\\k<n>`` as ``(?P=n)`` (Python's syntax)."""
    pattern = re.sub(r"\(\?<([A-Za-z_]\w*)>", r"(?P<\1>", pattern)
    return re.sub(r"\\k<([A-Za-z_]\w*)>", r"(?P=\1)", pattern)


def our_pattern(rules, flavor: str) -> tuple[str, tuple[str, ...]]:
    """Our pattern in ``flavor`` and the constraints it leaves unchecked (re2 only)."""
    try:
        return compile_pattern(rules, flavor), ()
    except UnsupportedError:
        out = render(compile_rules(rules, flavor=flavor), flavor, allow_unchecked=True)
        return out.text, out.unchecked


def linear_pattern(rules, flavor: str) -> str:
    """``START(?:TILE|…)*END``: a scan that validates every tile of the hand."""
    tiles = literal_set([t.name for t in rules.alphabet.tiles])
    node = ir.seq(ir.Start(), ir.Repeat(tiles, 0, None), ir.End())
    return emit(ir.Pattern(node), flavor)


def patterns_for(rules, flavor: str, engine: str, seed: str | None):
    """(label -> pattern text in :data:`results.LABELS` order, the constraints ours
    leaves unchecked) for one row; the seed is left out where it cannot run."""
    ours, unchecked = our_pattern(rules, flavor)
    out = {"ours": ours, "linear": linear_pattern(rules, flavor), "empty": ""}
    if seed is not None and engine not in LINEAR_TIME:
        out["seed"] = python_named_groups(seed) if engine in ("regex", "re") else seed
    return out, unchecked


# --- Hand mixes ---


def hand_mixes(rules, evaluator, n: int) -> list[Mix]:
    """The hand mixes of ``n`` hands each (so far one, ``boundary``)."""
    hands = random_hands(rules, n, seed=0)
    truth = [evaluator.wins(h) for h in hands]
    described = (
        f"arranged hands near the win/no-win boundary (random_hands seed 0), {sum(truth):,} win"
    )
    boundary = Mix("boundary", described, hands, truth)
    return [boundary]


# --- Hostile strings ---


def hostile_strings(rules, evaluator, mix: Mix, size: int) -> list[tuple[str, str, str]]:
    """(key, description, text) of the worst-case inputs, about ``size`` characters
    each except (d).  The winning hand is the first winning hand of ``mix``."""
    alphabet = rules.alphabet
    names = [t.name for t in alphabet.tiles]
    win = next((h for h, w in zip(mix.hands, mix.truth) if w), None)
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
