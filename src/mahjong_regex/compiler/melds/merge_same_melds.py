"""``merge_same_melds``: ``same`` meld kinds over one class with consecutive
sizes are one meld: a pung and a kong are ``(?<t1>T)\\k<t1>{2,3}``."""

from __future__ import annotations

from ...ruleset.model import MeldKind
from ..context import Context

#: What the pass does, in one line (``mahjong-regex passes``).
SUMMARY = "same-melds of one class and consecutive sizes are one meld: `(T)\\k{2,3}`"


def group_kinds(ctx: Context, kinds: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Partition meld kind names into groups written as one meld: each
    kind alone when the pass is off; else ``same`` kinds over one class with
    consecutive sizes together, groups in first-mention order."""
    if not ctx.options.on("merge_same_melds"):
        return [(k,) for k in kinds]
    ks = [ctx.rules.kinds[k] for k in kinds]
    groups: list[list[MeldKind]] = []
    for k in sorted(ks, key=lambda k: (k.form, str(k.of), k.stand_ins, k.counted, k.size)):
        last = groups[-1][-1] if groups else None
        if (
            last is not None
            and k.form == "same" == last.form
            and k.of == last.of
            and (k.stand_ins, k.counted) == (last.stand_ins, last.counted)
            and k.size == last.size + 1
        ):
            groups[-1].append(k)
        else:
            groups.append([k])
    order = {k: i for i, k in enumerate(kinds)}
    groups.sort(key=lambda g: min(order[k.name] for k in g))
    return [tuple(k.name for k in g) for g in groups]
