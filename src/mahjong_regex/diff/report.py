"""What ``mahjong-regex diff`` prints: text for a reader, or JSON.

The text starts like a unified diff (``--- old``, ``+++ new``); every rule
change then shows the old side's line with ``-`` and the new side's with
``+``; every hand that changed verdict shows the hand, each side's reason
(``-`` old, ``+`` new) and the hand of the rejecting side it was shrunk
toward.
"""

from __future__ import annotations

import json

from ..diagnostics import shown
from .compare import Diff
from .rules import RuleChange


def text(diff: Diff) -> str:
    """The diff as text (str, ending in a newline)."""
    out = [f"--- {diff.old}", f"+++ {diff.new}"]
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
    tried = f"{found.tried:,} hands tried"
    if not found.witnesses:
        out.append(f"no hand changed verdict ({tried})")
    else:
        kinds = f"{len(found.witnesses)} kind" + "s" * (len(found.witnesses) > 1)
        out.append(f"hands that changed verdict: {kinds} ({tried})")
    for w in found.witnesses:
        side = "old wins, new does not" if w.old_wins else "new wins, old does not"
        more = f" ({w.alike:,} found like it)" if w.alike > 1 else ""
        out.append(f"  {side}{more}")
        out.append(f"    {shown(w.hand)}")
        out += [f"    - {w.old_why}", f"    + {w.new_why}"]
        if w.toward is not None:
            other = "new" if w.old_wins else "old"
            out.append(f"    near what {other} wins: {shown(w.toward)}")
    return "\n".join(out) + "\n"


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


def as_json(diff: Diff) -> str:
    """The diff as JSON text: ``old``, ``new``, ``rule_changes`` (null when a
    side is a pattern), ``hands_tried`` and ``verdict_changes`` (``hand``,
    ``old_wins``, ``old``, ``new``, ``toward``, ``alike``)."""
    info = {
        "old": diff.old,
        "new": diff.new,
        "rule_changes": None if diff.changes is None else [_change(c) for c in diff.changes],
        "hands_tried": diff.found.tried,
        "verdict_changes": [
            {
                "hand": w.hand,
                "old_wins": w.old_wins,
                "old": w.old_why,
                "new": w.new_why,
                "toward": w.toward,
                "alike": w.alike,
            }
            for w in diff.found.witnesses
        ],
    }
    return json.dumps(info, ensure_ascii=False, indent=2) + "\n"
