"""What ``mahjong-regex diff`` prints: text for a reader, or JSON.

The text starts like a unified diff (``--- old``, ``+++ new``); the tests of
either side whose hands changed verdict come first, each at its place
(``path:line:col``) with both sides' explanations; every rule change then
shows the old side's line with ``-`` and the new side's with
``+``.  The hands that changed verdict come in two sections, "old wins, new
does not" and the reverse, each with how many hands were found and of how
many kinds (groups, :mod:`.search`), then at most ``limit`` witnesses, the
kinds found most first: the hand, each side's reason (``-`` old, ``+`` new)
and the hand of the rejecting side it was shrunk toward.  With
``--outline``, the unified diff of the two outlines follows.
"""

from __future__ import annotations

import json

from ..diagnostics import shown
from .compare import Diff
from .rule_change import RuleChange
from .search import Witness

#: The two sections of hands that changed verdict: (key, title, old_wins).
SECTIONS = (
    ("old_wins", "old wins, new does not", True),
    ("new_wins", "new wins, old does not", False),
)
#: Witnesses shown per section unless ``--limit`` says otherwise.
LIMIT = 5


def section(diff: Diff, old_wins: bool, limit: int = LIMIT) -> tuple[int, int, list[Witness]]:
    """One section of ``diff``: (hands found, kinds found, the witnesses
    shown -- at most ``limit`` (int), the kinds found most first)."""
    mine = [w for w in diff.found.witnesses if w.old_wins == old_wins]
    shown_ = sorted(mine, key=lambda w: -w.alike)[:limit]  # stable: ties keep search order
    return sum(w.alike for w in mine), len(mine), shown_


def text(diff: Diff, limit: int = LIMIT) -> str:
    """The diff as text (str, ending in a newline); at most ``limit`` (int)
    witnesses per section."""
    out = [f"--- {diff.old}", f"+++ {diff.new}", *_tests(diff)]
    if diff.changes is None:
        out.append("rule changes: not compared (a side is a pattern)")
    elif not diff.changes:
        out.append("no rule change")
    else:
        out.append(f"rule changes: {len(diff.changes)}")
        for ch in diff.changes:
            out.append(f"  {ch.title()}")
            out += [
                f"    {mark} {place}" for mark, place in (("-", ch.old), ("+", ch.new)) if place
            ]
    found = diff.found
    if diff.proven_equal:
        out.append("the same checked rule set: no hand can change verdict (no search run)")
        return "\n".join(out) + "\n" + _outline(diff)
    out.append(f"search: {found.tried:,} hands, seed {found.seed}; " + "; ".join(found.generators))
    tried = f"{found.tried:,} hands tried"
    if not found.witnesses:
        out.append(f"no hand changed verdict ({tried})")
        return "\n".join(out) + "\n" + _outline(diff)
    kinds = f"{len(found.witnesses)} kind" + "s" * (len(found.witnesses) > 1)
    out.append(f"hands that changed verdict: {kinds} ({tried})")
    for _, title, old_wins in SECTIONS:
        count, kinds, witnesses = section(diff, old_wins, limit)
        if not count:
            out.append(f"{title}: none found")
            continue
        cut = f"; the {len(witnesses)} found most shown" if len(witnesses) < kinds else ""
        plural = "s" * (kinds > 1)
        out.append(f"{title}: {count:,} found, {kinds} kind{plural}{cut}")
        for w in witnesses:
            out.append(f"  {w.alike:,} found like this:")
            out.append(f"    {shown(w.hand)}")
            out += [f"    - {w.old_why}", f"    + {w.new_why}"]
            if w.toward is not None:
                other = "new" if w.old_wins else "old"
                out.append(f"    near what {other} wins: {shown(w.toward)}")
    return "\n".join(out) + "\n" + _outline(diff)


def _tests(diff: Diff) -> list[str]:
    """The tests that changed verdict, first: each test's place, its
    verdict and hand as written, its note, and each side's explanation."""
    if not diff.tests:
        return []
    out = [f"tests that changed verdict: {len(diff.tests)}"]
    for t in diff.tests:
        note = f"   # {t.note}" if t.note else ""
        out.append(f"  {t.place}: {t.expects} {shown(t.hand)}{note}")
        old, new = ("win", "no") if t.old_wins else ("no", "win")
        out += [f"    - {old}: {t.old_why}", f"    + {new}: {t.new_why}"]
    return out


def _outline(diff: Diff) -> str:
    """The outline diff after the report (``--outline``), or nothing."""
    if diff.outline is None:
        return ""
    return diff.outline or "outlines: the same\n"


def _change(ch: RuleChange) -> dict:
    def place(p):
        return None if p is None else {"line": p.line, "last": p.last, "text": p.text}

    return {
        "what": ch.what,
        "how": ch.how,
        "scope": ch.scope,
        "note": ch.note,
        "old": place(ch.old),
        "new": place(ch.new),
    }


def as_json(diff: Diff, limit: int = LIMIT) -> str:
    """The diff as JSON text: ``old``, ``new``, ``test_changes`` (the tests
    of either side whose hands changed verdict: ``test`` its place,
    ``expects``, ``hand``, ``note``, ``old_wins``, ``old`` and ``new`` the
    explanations), ``rule_changes`` (null when a
    side is a pattern), ``proven_equal`` (the same checked rule set: no
    search run), ``hands_tried``, ``search`` ({``hands``, ``seed``,
    ``generators``: in words}), ``limit``, ``sections`` ({"old_wins"
    and "new_wins": {``found``: hands, ``kinds``}}) and ``verdict_changes``
    (``hand``, ``old_wins``, ``old``, ``new``, ``toward``, ``alike``: at most
    ``limit`` per section, as the text shows them), ``outline_diff`` (the
    unified diff of the outlines, "" when they are the same, null without
    ``--outline``)."""
    sections, shown_ = {}, []
    for key, _, old_wins in SECTIONS:
        count, kinds, witnesses = section(diff, old_wins, limit)
        sections[key] = {"found": count, "kinds": kinds}
        shown_ += witnesses
    info = {
        "old": diff.old,
        "new": diff.new,
        "test_changes": [
            {
                "test": t.place,
                "expects": t.expects,
                "hand": t.hand,
                "note": t.note,
                "old_wins": t.old_wins,
                "old": t.old_why,
                "new": t.new_why,
            }
            for t in diff.tests
        ],
        "rule_changes": None if diff.changes is None else [_change(c) for c in diff.changes],
        "proven_equal": diff.proven_equal,
        "hands_tried": diff.found.tried,
        "search": {
            "hands": diff.found.tried,
            "seed": diff.found.seed,
            "generators": list(diff.found.generators),
        },
        "limit": limit,
        "sections": sections,
        "outline_diff": diff.outline,
        "verdict_changes": [
            {
                "hand": w.hand,
                "old_wins": w.old_wins,
                "old": w.old_why,
                "new": w.new_why,
                "toward": w.toward,
                "alike": w.alike,
            }
            for w in shown_
        ],
    }
    return json.dumps(info, ensure_ascii=False, indent=2) + "\n"
