"""The split search of :mod:`.wilds`: every split of a hand with wild tiles
into melds, what each wild stands for, and whether some choice wins.

The rules are the checked rule set's; the search shares nothing with the
compiler.  Per prefix of the hand it keeps one example for each (kind
counts, tiles stood for, substitutes, open melds); an open meld is a meld of
wild tiles only, given a tile when the constraints are checked.
"""

from __future__ import annotations

from collections import Counter

from ..diagnostics import HandError
from ..ruleset.model import RuleSet, compare
from .verdicts import Verdict, fits_shape, slots_text, tile_constraint_holds
from .wild_tables import (
    WildMeld,
    physical_excess,
    resolve_table,
    resolved,
    split_turned,
)

#: Most choices tried for the open melds of one split and shape.
MAX_CHOICES = 200_000


class WildEvaluator:
    """Decides hands of a rule set with wild tiles (see :mod:`.wilds`).
    Build once per rule set; :meth:`evaluate` is pure."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.names = [t.name for t in rules.alphabet.tiles]
        self.by_size: dict[int, list[tuple[str, tuple[int, ...]]]] = {}
        for kind in rules.kinds.values():
            for inst in kind.instances(rules.alphabet):
                self.by_size.setdefault(len(inst), []).append((kind.name, inst))
        self.room = [
            ({k: sum(c for c, ks in s.slots if k in ks) for k in s.kinds}, s.size)
            for s in rules.shapes
        ]

    def viable(self, counts: Counter) -> bool:
        """Can melds with these kind counts still fill some shape?"""
        total = sum(counts.values())
        return any(
            total <= size and all(n <= room.get(k, 0) for k, n in counts.items())
            for room, size in self.room
        )

    def options(self, held: tuple[int, ...], table):
        """The ways a run of held tiles is one meld: (kind, the tiles stood
        for or None for an open meld, substitutes)."""
        open_ = all(table.free(h) for h in held)
        for kind, inst in self.by_size.get(len(held), ()):
            if open_:
                continue
            subs = 0
            for h, t in zip(held, inst):
                s = table.stands(h, t)
                if s is None:
                    break
                subs += s
            else:
                yield kind, inst, subs
        if open_:
            kinds = {
                k
                for k, inst in self.by_size.get(len(held), ())
                if self.fits_open(held, inst, table)
            }
            for kind in sorted(kinds):
                yield kind, None, 0

    @staticmethod
    def fits_open(held, inst, table) -> bool:
        return all(table.stands(h, t) is not None for h, t in zip(held, inst))

    def splits(self, idx: tuple[int, ...], table) -> dict:
        """{(kind counts, tiles stood for, substitutes, open melds): example
        split} for the whole hand; an example is a tuple of (kind, start,
        tiles stood for or None)."""
        frontier: list[dict] = [dict() for _ in range(len(idx) + 1)]
        frontier[0][((), (), 0, ())] = ()
        for pos in range(len(idx)):
            for key, example in frontier[pos].items():
                kinds, stood, subs, opened = key
                for size in self.by_size:
                    held = idx[pos : pos + size]
                    if len(held) < size:
                        continue
                    for kind, inst, extra in self.options(held, table):
                        counts = Counter(dict(kinds))
                        counts[kind] += 1
                        if not self.viable(counts):
                            continue
                        if inst is None:
                            new_stood, new_open = stood, tuple(sorted(opened + ((kind, held),)))
                        else:
                            new_stood = tuple(
                                sorted((Counter(dict(stood)) + Counter(inst)).items())
                            )
                            new_open = opened
                        new = (tuple(sorted(counts.items())), new_stood, subs + extra, new_open)
                        frontier[pos + size].setdefault(new, example + ((kind, pos, inst),))
        return frontier[len(idx)]

    def evaluate(self, hand: str) -> Verdict:
        """Decide one hand string (with its turned tile first, ``TURNED|…``,
        when the rule set has an indicator) and say why."""
        try:
            indicator, tiles = split_turned(self.rules, hand)
        except HandError as e:
            return Verdict(False, reason=f"not a hand: {e}", error=e)
        excess = physical_excess(self.rules, tiles, indicator)
        if excess:
            return Verdict(False, reason=excess)
        table = resolve_table(self.rules, indicator)
        held_counts = Counter(t.index for t in tiles)
        for c in self.rules.where:
            if c.held and not tile_constraint_holds(
                resolved(c, table, self.rules), held_counts, self.rules
            ):
                return Verdict(False, reason=f"breaks {c.label()}")
        idx = tuple(t.index for t in tiles)
        found = self.splits(idx, table)
        return self.decide(found, idx, table, held_counts)

    def decide(self, found: dict, idx, table, held_counts: Counter) -> Verdict:
        """The verdict over every split found: the first that some choice of
        the open melds makes win (fewest stand-ins first, so the split shown
        reads naturally), else why none does."""
        # shape -> {a rule a fitting split breaks: an example, in words}
        broken: dict[str, dict[str, str]] = {}
        for key in sorted(found, key=lambda k: (k[2], len(k[3]), k)):
            kinds = Counter(dict(key[0]))
            for shape in self.rules.shapes:
                if not fits_shape(kinds, shape):
                    continue
                why = broken.setdefault(shape.name, {})
                cs = self.rules.where + shape.where
                meld_broken = [c for c in cs if c.is_meld_level and not c.holds_on_melds(kinds)]
                if meld_broken:
                    why.setdefault(meld_broken[0].label(), self.sketch(found[key], idx))
                    continue
                held_broken = [
                    c
                    for c in shape.where
                    if c.held
                    and not tile_constraint_holds(
                        resolved(c, table, self.rules), held_counts, self.rules
                    )
                ]
                if held_broken:
                    why.setdefault(held_broken[0].label(), "")
                    continue
                choice, rule, detail = self.assign(key, cs, table)
                if choice is not None:
                    split = self.render(found[key], idx, key[3], choice)
                    return Verdict(True, shape=shape.name, split=split)
                example = self.sketch(found[key], idx)
                why.setdefault(rule, f"{detail}: {example}" if detail else example)
        return Verdict(False, reason=self.reasons(broken), gist=self.reasons(broken, False))

    def reasons(self, broken: dict[str, dict[str, str]], examples: bool = True) -> str:
        """Why each shape fails: no split fits it, or the rules its fitting
        splits break (each breaks one of them), with an example unless
        ``examples`` is False."""
        out = []
        for shape in self.rules.shapes:
            if shape.name not in broken:
                out.append(f"no split fits {shape.name} ({slots_text(shape)})")
                continue
            rules = broken[shape.name]
            first = next(iter(rules.values()))
            example = f" ({first})" if first and examples else ""
            out.append(f"every split that fits {shape.name} breaks {' or '.join(rules)}{example}")
        return "; ".join(out)

    def candidates(self, kind: str, held, cs, table):
        """(tiles stood for, substitutes) for an open meld of ``kind``."""
        only = [c.tiles.tiles for c in cs if c.kind == "only" and not c.held]
        out = []
        for k, inst in self.by_size[len(held)]:
            if k != kind or any(t not in cls for cls in only for t in inst):
                continue
            subs = [table.stands(h, t) for h, t in zip(held, inst)]
            if None not in subs:
                out.append((inst, sum(subs)))
        # Tiles standing for themselves first: the split shown reads naturally.
        return sorted(out, key=lambda c: c[1])

    def assign(self, key, cs, table):
        """A choice of tiles for the open melds of ``key`` under which every
        tile condition and ``substitutes`` of ``cs`` holds: (choice, "", "")
        or (None, the first rule the choices break, what breaks it).  A
        partial choice that :meth:`doomed` rejects is not followed."""
        _, stood, subs, opened = key
        checked = [c for c in cs if not c.is_meld_level and not c.held]
        base = Counter(dict(stood))
        rooms = [sum(len(h) for _, h in opened[i:]) for i in range(len(opened) + 1)]
        first = self.doomed(checked, base, subs, rooms[0])
        if first is not None:
            return None, first.label(), self.excess(first, base, subs)
        cands = [self.candidates(kind, held, cs, table) for kind, held in opened]
        broken: list[tuple[str, str]] = []
        tried = [0]

        def note(c, rep: Counter, total: int) -> None:
            if not broken:
                broken.append((c.label(), self.excess(c, rep, total)))

        def check(rep: Counter, total: int) -> bool:
            for c in checked:
                if c.kind == "substitutes":
                    ok = compare(total, c.op, c.value)
                else:
                    ok = tile_constraint_holds(c, rep, self.rules)
                if not ok:
                    note(c, rep, total)
                    return False
            return True

        def walk(i: int, chosen: list, rep: Counter, total: int, low: int):
            if tried[0] > MAX_CHOICES:
                return None
            if i == len(cands):
                tried[0] += 1
                return list(chosen) if check(rep, total) else None
            same = i > 0 and opened[i] == opened[i - 1]
            for j in range(low if same else 0, len(cands[i])):
                inst, s = cands[i][j]
                more = rep + Counter(inst)
                bad = self.doomed(checked, more, total + s, rooms[i + 1])
                if bad is not None:
                    note(bad, more, total + s)
                    continue
                found = walk(i + 1, chosen + [cands[i][j]], more, total + s, j)
                if found is not None:
                    return found
            return None

        choice = walk(0, [], base, subs, 0)
        if choice is not None:
            return choice, "", ""
        if tried[0] > MAX_CHOICES:
            return None, f"no choice of the first {MAX_CHOICES} for its open melds", ""
        return None, *(broken[0] if broken else ("no tile can stand in its open melds", ""))

    def doomed(self, cs, base: Counter, subs: int, room: int):
        """A constraint of ``cs`` that the closed melds (tiles stood for
        ``base``, ``subs`` stand-ins) break already, so that no choice of
        ``room`` tiles for the open melds can mend it (``only``, an upper
        bound, a lower bound needing more than ``room`` tiles), or None."""
        for c in cs:
            if c.kind == "substitutes":
                if c.op == "<=" and subs > c.value:
                    return c
            elif c.kind == "only" or (
                c.op == "<=" and c.kind in ("each_tile", "tile_count", "suit_count")
            ):
                if not tile_constraint_holds(c, base, self.rules):
                    return c
            elif c.op == ">=" and c.kind in ("each_tile", "tile_count"):
                have = [base.get(t, 0) for t in c.tiles.tiles]
                if c.kind == "each_tile":
                    need = sum(max(0, c.value - n) for n in have)
                else:
                    need = c.value - sum(have)
                if need > room:
                    return c
        return None

    def excess(self, c, rep: Counter, subs: int) -> str:
        """What breaks constraint ``c`` on the tiles stood for ``rep``, in
        words: "5 一万" for ``each``, the count for ``tiles`` and
        ``substitutes``; "" for the others."""
        if c.kind == "substitutes":
            return f"{subs} stand-ins"
        if c.kind == "tile_count":
            return f"{sum(rep.get(t, 0) for t in c.tiles.tiles)} tiles"
        if c.kind == "each_tile":
            bad = [t for t in sorted(c.tiles.tiles) if not compare(rep.get(t, 0), c.op, c.value)]
            return f"{rep.get(bad[0], 0)} {self.names[bad[0]]}" if bad else ""
        return ""

    def render(self, example, idx, opened, choice) -> tuple[WildMeld, ...]:
        """The winning split as melds, with what each wild stands for."""
        given = {}
        for (kind, held), (inst, _) in zip(opened, choice or ()):
            given.setdefault((kind, held), []).append(inst)
        out = []
        for kind, pos, inst in example:
            size = len(inst) if inst is not None else self.open_size(kind)
            held = idx[pos : pos + size]
            stood = inst if inst is not None else given[(kind, held)].pop(0)
            out.append(
                WildMeld(
                    kind, tuple(self.names[i] for i in held), tuple(self.names[i] for i in stood)
                )
            )
        return tuple(out)

    def open_size(self, kind: str) -> int:
        return self.rules.kinds[kind].size

    def sketch(self, example, idx) -> str:
        """A split, its open melds unresolved: for a losing hand's reason."""
        parts = []
        for kind, pos, inst in example:
            size = len(inst) if inst is not None else self.open_size(kind)
            held = idx[pos : pos + size]
            if inst is None:
                parts.append(f"{kind} " + "".join(self.names[i] for i in held))
            else:
                parts.append(
                    str(
                        WildMeld(
                            kind,
                            tuple(self.names[i] for i in held),
                            tuple(self.names[i] for i in inst),
                        )
                    )
                )
        return " | ".join(parts)
