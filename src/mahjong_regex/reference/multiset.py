"""The reference for sorted hands: a hand written as its tiles in canonical
order wins when SOME arrangement of those tiles wins.

Canonical order (the form ``--input sorted`` reads): the suits in the order
the rule set's ``tiles`` block declares them, each by rank ascending; then
the honors and flowers, in declared order.  A wild tile sits where its own
tile sorts.  With an indicator the hand is ``TURNED|SORTED``: the turned
tile, ``|``, then the tiles in canonical order.

:class:`MultisetEvaluator` decides by searching the tile multiset
(:mod:`.multiset_search`), with the rules of the arranged evaluator (tile
counts, wild tiles, the physical limit; see the README's "What a pattern
decides" and "Wild tiles"), and shares no code with the compiler.  A win
comes with one winning arrangement, written as an arranged hand that
:class:`~mahjong_regex.reference.evaluator.Evaluator` accepts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..diagnostics import HandError
from ..ruleset.model import RuleSet, Shape
from .multiset_search import Placed, SearchTooLarge, ShapeSearch, holds_on_tiles
from .wild_tables import physical_excess, resolve_table, split_turned


def canonical_key(rules: RuleSet):
    """A sort key on tile indices giving canonical order: suited tiles first,
    suit by suit in declared order, by rank; then honors and flowers in
    declared order.  Returns a function int -> tuple."""
    suits = {s: i for i, s in enumerate(rules.alphabet.suits)}
    tiles = rules.alphabet.tiles

    def key(index: int) -> tuple:
        """The sort key of tile ``index``."""
        t = tiles[index]
        return (0, suits[t.suit], t.rank) if t.suit is not None else (1, t.index, 0)

    return key


def canonical_form(rules: RuleSet, indices) -> str:
    """The tiles (indices) written in canonical order, as one string."""
    names = rules.alphabet.tiles
    return "".join(names[i].name for i in sorted(indices, key=canonical_key(rules)))


@dataclass(frozen=True)
class SortedVerdict:
    """The answer for one sorted hand.

    ``win`` is the decision.  For a win, ``shape`` names the hand shape,
    ``melds`` gives each meld as (kind, tiles held, tiles stood for), names
    in order, and ``arranged`` the same split as an arranged hand (with
    ``TURNED|`` first when the rule set has an indicator).  For a loss,
    ``reason`` says why.  ``error`` is set (``win`` False) when the string
    is not a hand, or not in canonical order; ``canonical`` is then the
    canonical form of its tiles when they could be read."""

    win: bool
    reason: str = ""
    shape: str = ""
    melds: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()
    arranged: str = ""
    error: HandError | None = None
    canonical: str = ""

    def explain(self) -> str:
        """One line: the split for a win, the reason for a loss."""
        if not self.win:
            return self.reason
        parts = []
        for kind, held, stands in self.melds:
            tiles = "".join(h if h == s else f"[{h}={s}]" for h, s in zip(held, stands))
            parts.append(f"{kind} {tiles}")
        return f"{self.shape}: " + " | ".join(parts)


class MultisetEvaluator:
    """Decides sorted hands of one rule set (see the module docstring).
    Build once per rule set; :meth:`evaluate` and :meth:`wins` are pure."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.names = [t.name for t in rules.alphabet.tiles]
        self.key = canonical_key(rules)
        self._searches: dict = {}
        self.counts_substitutes = any(
            _names_substitutes(c) for s in rules.shapes for c in rules.where + s.where
        )

    def wins(self, hand: str) -> bool:
        """True when ``hand`` (str) is a winning sorted hand."""
        return self.evaluate(hand).win

    def parse(self, hand: str):
        """(turned tile or None, tile indices) of a sorted hand string.

        Raises :class:`~mahjong_regex.diagnostics.HandError` for a string
        that is not a hand, or whose tiles are not in canonical order (the
        message shows the canonical form)."""
        turned, tiles = split_turned(self.rules, hand)
        idx = [t.index for t in tiles]
        for i in range(1, len(idx)):
            if self.key(idx[i]) < self.key(idx[i - 1]):
                head = hand.split("|", 1)[0] + "|" if self.rules.indicator is not None else ""
                position = len(head) + sum(len(self.names[j]) for j in idx[:i])
                canonical = head + canonical_form(self.rules, idx)
                raise HandError(
                    position,
                    self.names[idx[i]][0],
                    message=f"{self.names[idx[i]]} after {self.names[idx[i - 1]]} is not in "
                    f"canonical order; in canonical order the hand is {canonical}",
                )
        return turned, idx

    def evaluate(self, hand: str) -> SortedVerdict:
        """Decide one sorted hand string and say why (see :class:`SortedVerdict`)."""
        try:
            turned, idx = self.parse(hand)
        except HandError as e:
            return SortedVerdict(
                False,
                reason=f"not a sorted hand: {e}",
                error=e,
                canonical=self._canonical_or_empty(hand),
            )
        tiles = [self.rules.alphabet.tiles[i] for i in idx]
        if self.rules.has_wilds:
            excess = physical_excess(self.rules, tiles, turned)
            if excess:
                return SortedVerdict(False, reason=excess)
        return self._decide(turned, idx)

    def _canonical_or_empty(self, hand: str) -> str:
        try:
            turned, tiles = split_turned(self.rules, hand)
        except HandError:
            return ""
        head = hand.split("|", 1)[0] + "|" if self.rules.indicator is not None else ""
        return head + canonical_form(self.rules, [t.index for t in tiles])

    def _table(self, turned):
        """(domain per tile index: what a wild tile there may stand for,
        itself included; the tile each held tile plays, by index)."""
        size = len(self.names)
        domain = [frozenset()] * size
        plays = list(range(size))
        if self.rules.has_wilds:
            table = resolve_table(self.rules, turned)
            for w, d in table.domain.items():
                domain[w] = frozenset(d) | {w}
            for p, t in table.proxy.items():
                if p not in table.domain:
                    plays[p] = t
        return domain, plays

    def _pooled(self, domain) -> list[int]:
        """Per tile index, the wild tile it is counted as: wild tiles that
        stand for the same tiles are one pool, unless a rule counts the
        stand-ins (``substitutes``), which tells them apart."""
        pool = list(range(len(domain)))
        if self.counts_substitutes:
            return pool
        first: dict = {}
        for w, d in enumerate(domain):
            if d:
                pool[w] = first.setdefault(d, w)
        return pool

    def _decide(self, turned, idx) -> SortedVerdict:
        domain, plays = self._table(turned)
        pool = self._pooled(domain)
        held = [0] * len(self.names)
        wilds = [0] * len(self.names)
        by_play: dict[int, list[int]] = {}
        for i in idx:
            if domain[i]:
                wilds[pool[i]] += 1
                by_play.setdefault(-1 - pool[i], []).append(i)
            else:
                held[plays[i]] += 1
                by_play.setdefault(plays[i], []).append(i)
        held_counts = dict(Counter(idx))
        reasons = []
        for c in self.rules.where:
            if c.held and not holds_on_tiles(c, held_counts, self.rules, turned):
                return SortedVerdict(False, reason=f"breaks {c.label()}")
            if (
                not self.rules.has_wilds
                and not c.is_meld_level
                and not c.held
                and not holds_on_tiles(c, held_counts, self.rules, turned)
            ):
                # Without wild tiles every arrangement holds these tiles, so
                # the rule is broken whatever the split (``each tile <= 4``
                # on a fifth copy), as the arranged reference says it.
                return SortedVerdict(False, reason=f"breaks {c.label()}")
        for shape in self.rules.shapes:
            search = self._search(shape, turned, domain)
            try:
                melds = search.run(held, wilds, held_counts)
            except SearchTooLarge:
                reasons.append(f"{shape.name}: search too large, not decided")
                continue
            if melds is not None:
                return self._verdict(shape, melds, by_play, turned)
            reasons.append(self._why(shape, search))
        return SortedVerdict(False, reason="; ".join(reasons))

    def _search(self, shape: Shape, turned, domain) -> ShapeSearch:
        key = (shape.name, turned)
        if key not in self._searches:
            self._searches[key] = ShapeSearch(self.rules, shape, domain, turned)
        return self._searches[key]

    def _why(self, shape: Shape, search: ShapeSearch) -> str:
        if not search.fits:
            # Rules that cut splits short: none filled the shape keeping them.
            keeping = f" keeping {' and '.join(search.pruned)}" if search.pruned else ""
            return f"no split fits {shape.name} ({_slots_text(shape)}){keeping}"
        return f"every split that fits {shape.name} breaks {' or '.join(search.broken)}"

    def _verdict(self, shape: Shape, melds: list[Placed], by_play, turned) -> SortedVerdict:
        pools = {t: list(v) for t, v in by_play.items()}
        out = []
        for m in melds:
            held = tuple(pools[t if s < 0 else -1 - s].pop() for t, s in zip(m.stands, m.sources))
            out.append(
                (m.kind, tuple(self.names[h] for h in held), tuple(self.names[t] for t in m.stands))
            )
        arranged = "".join("".join(h) for _, h, _ in out)
        if self.rules.indicator is not None:
            arranged = f"{self.names[turned]}|{arranged}"
        return SortedVerdict(True, shape=shape.name, melds=tuple(out), arranged=arranged)


def _names_substitutes(c) -> bool:
    return c.kind == "substitutes" or any(_names_substitutes(p) for p in c.parts)


def _slots_text(shape: Shape) -> str:
    parts = []
    for count, kinds in shape.slots:
        k = kinds[0] if len(kinds) == 1 else "(" + " | ".join(kinds) + ")"
        parts.append(k if count == 1 else f"{count} × {k}")
    return " + ".join(parts)


def sort_hand(rules: RuleSet, hand: str) -> str:
    """A hand's tiles in canonical order (``TURNED|`` kept first): the form
    :class:`MultisetEvaluator` reads.  Raises
    :class:`~mahjong_regex.diagnostics.HandError` for a string that is not
    made of tile names."""
    turned, tiles = split_turned(rules, hand)
    head = hand.split("|", 1)[0] + "|" if rules.indicator is not None else ""
    return head + canonical_form(rules, [t.index for t in tiles])


__all__ = ["MultisetEvaluator", "SortedVerdict", "canonical_form", "canonical_key", "sort_hand"]
