"""Winning arranged hands for a rule set with scoring elements, for the
scoring tests and benchmarks.

A hand is built for a *plan*: an element to hold (its name), ``"random"``
(any winning hand) or ``"multi"`` (a hand that splits more than one way with
different scores).  For an element, a hand shape of its ``on`` list is
drawn, and the element's conditions, with those of the shape and the win
statement, are read as a recipe, generically over the DSL
(:mod:`.score_drafts`):

- ``only(C)``, ``suits OP n`` -> the tiles are drawn from C, from n suits;
  ``each C <= n`` -> at most n copies of a tile (never more than 4);
- ``count(K [of C]) >= n`` (or ``== n``) -> n melds of K (within C), and
  with ``==`` or ``<=`` no more; ``per`` -> one to three of what it counts;
- ``twins(K) >= n`` -> n melds of K written twice; ``across(K) >= n`` ->
  one rank signature in n suits; ``chain(K) >= n`` -> n melds of K of
  consecutive ranks in one suit; ``every meld holds(C)`` -> every meld holds
  a tile of C;
- ``contains(C)``, ``tiles(C) >= n``, ``each C >= n``, ``suits >= n`` ->
  quotas the free slots fill greedily (the candidate covering most of what
  is missing); ``tiles(C) <= n`` (or ``==``) -> a cap, with the least tiles
  the free slots still need counted ahead;
- ``A or B`` -> one of them, drawn.

The free slots are filled at random, the melds written in a random order,
and a hand is kept only when the reference evaluator says it wins and, for
an element, the reference scorer says it is effective on the best split (or,
for an element another always supersedes, held there: see
:meth:`ScoreKit.mode`).  A ``multi`` hand is built around a gadget
(:mod:`.score_gadgets`: a block such as ``1m1m1m2m3m4m4m4m``, read as
11|123|444 or 111|234|44) for an element that looks at the split, the other
melds placed with the gadget's counted (a chow of the gadget twinned, or
given the same ranks in the other suits), or, one time in four, with its
melds sorted by their tiles; it is kept when two winning splits (or shapes
of one split: a changsha 碰碰胡 is also a small win) rank differently.

The choices come from a :class:`~mahjong_regex.hands.samples.Chooser`:
hypothesis (tests/score_hands.py) or ``random.Random`` (:func:`scoring_corpus`).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Iterable

from ..reference.evaluator import Meld
from ..reference.scorer import Scored, Scorer
from ..ruleset.model import RuleSet, ScoreElement
from .samples import Chooser, RandomChooser
from .score_drafts import Inst, Unbuildable, build
from .score_gadgets import Reading, find_gadgets

#: How many drafts one hand may take before its plan gives up.
ATTEMPTS = 40
#: How many drafts :meth:`ScoreKit.mode` tries for a plan before it says
#: the plan's element is held only (always superseded), or never met.
PROBE = 200
#: How many ``multi`` drafts :attr:`ScoreKit.multi_targets` tries per element.
MULTI_PROBE = 40
#: Share of :func:`scoring_corpus` per plan, out of 20: ``multi`` 2,
#: ``random`` 4, and 14 for the elements in turn.
MULTI_SHARE, RANDOM_SHARE = 2, 4

Split = tuple[tuple[Scored, ...], str, tuple[Meld, ...]]


class ScoreKit:
    """What the hands of one rule set are built from: its scorer and
    evaluator, the meld instances of each kind (tile index tuples), the tiles
    of each suit, how each plan's hands are kept (:meth:`mode`), the gadgets
    and the elements ``multi`` hands are built for.

    Raises ValueError (from :class:`~.scoring.Scorer`) for a rule set with no
    scoring elements."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.scorer = Scorer(rules)
        self.evaluator = self.scorer.evaluator
        alphabet = rules.alphabet
        self.tiles = alphabet.tiles
        self.names = [t.name for t in alphabet.tiles]
        self.instances = {k: kind.instances(alphabet) for k, kind in rules.kinds.items()}
        #: {(allowed tiles, held classes): {kind: instances}}, for the drafts
        self.static: dict[tuple, dict[str, list[Inst]]] = {}
        #: {instance: ((tile, copies), ...)}
        self.copies = {
            i: tuple(Counter(i).items()) for insts in self.instances.values() for i in insts
        }
        self.suit_tiles = {
            s: frozenset(t.index for t in alphabet.suit_tiles(s)) for s in alphabet.suits
        }
        self.unsuited = frozenset(t.index for t in alphabet.tiles if t.suit is None)
        self.shapes = {s.name: s for s in rules.shapes}
        self.elements = {e.name: e for e in rules.scoring}
        #: Every plan: the element names, ``"random"`` and ``"multi"``.
        self.plans = tuple(self.elements) + ("random", "multi")
        self._modes: dict[str, str] = {}
        self._gadgets: dict[str | None, list[tuple[Inst, Reading]]] = {}

    @cached_property
    def gadgets(self) -> list[tuple[Inst, list[Reading]]]:
        """:func:`~.score_gadgets.find_gadgets` of the rule set, found once."""
        return find_gadgets(self)

    def gadgets_for(self, element: ScoreElement | None) -> list[tuple[Inst, Reading]]:
        """(block, reading) of every gadget reading a shape of ``element``
        (None: any shape) can take."""
        key = element.name if element is not None else None
        if key not in self._gadgets:
            shapes = element.shapes if element is not None else tuple(self.shapes)
            self._gadgets[key] = [
                (block, way)
                for block, ways in self.gadgets
                for way in ways
                if any(self.can_hold(s, way) for s in shapes)
            ]
        return self._gadgets[key]

    @cached_property
    def multi_targets(self) -> list[ScoreElement | None]:
        """The elements ``multi`` hands are built for (None: no element),
        each as many times as it gave a hand in :data:`MULTI_PROBE` drafts
        (``Random(0)``); every element that looks at the split, and None,
        when none gave one."""
        every = set(self.shapes)
        split_level = [None] + [
            e for e in self.rules.scoring if not e.is_tile_level or set(e.shapes) != every
        ]
        choose = RandomChooser(0)
        out = []
        for element in split_level:
            for _ in range(MULTI_PROBE):
                hand = multi_draft(self, choose, element)
                if hand is not None and accepts(self, "multi", hand):
                    out.append(element)
        return out or split_level

    def mode(self, plan: str) -> str:
        """How hands of ``plan`` are kept: ``"effective"`` (the element is
        effective on the best split; for ``random`` and ``multi``: the plan
        can be met), ``"held"`` (an element always superseded where it holds:
        held on the best split, before supersession) or ``"never"`` (no hand
        in :data:`PROBE` drafts).  Found once per plan with ``Random(0)``, so
        the same for every chooser."""
        if plan not in self._modes:
            self._modes[plan] = probe(self, plan)
        return self._modes[plan]

    def signature(self, inst: Inst) -> tuple[str, tuple[int, ...]] | None:
        """(suit, sorted ranks) of a meld of one suit, None otherwise (as
        ``across`` and ``chain`` see it)."""
        ts = [self.tiles[i] for i in inst]
        suits = {t.suit for t in ts}
        if None in suits or len(suits) != 1:
            return None
        return ts[0].suit, tuple(sorted({t.rank for t in ts}))

    def text(self, melds: Iterable[tuple[str, Inst]]) -> str:
        """The hand string of ``melds`` ((kind, instance) pairs) in order."""
        return "".join(self.names[i] for _, inst in melds for i in inst)

    def judge(self, hand: str) -> tuple[list[Split], Split | None]:
        """Every winning split of ``hand`` with its elements
        (:meth:`~.scoring.Scorer.scored_splits`), and the best one as
        :meth:`~.scoring.Scorer.score` takes it (the first of highest rank;
        None for a losing hand)."""
        splits = self.scorer.scored_splits(hand)
        if not splits:
            return [], None
        return splits, max(splits, key=lambda s: self.scorer.rank(s[0]))

    def held(self, hand: str, split: Split) -> dict[str, int]:
        """{element: times it counts} held on ``split`` of ``hand``, before
        supersession."""
        counts = Counter(t.index for t in self.rules.alphabet.tokenize(hand))
        return self.scorer.holding(split[1], split[2], counts)

    def can_hold(self, shape: str, melds) -> bool:
        """Can shape ``shape`` (a name) take the melds ((kind, instance)
        pairs) among its slots?"""
        room, size = self.evaluator.room[list(self.shapes).index(shape)]
        kinds = Counter(k for k, _ in melds)
        return sum(kinds.values()) <= size and all(n <= room.get(k, 0) for k, n in kinds.items())


def element_draft(kit: ScoreKit, choose: Chooser, element: ScoreElement | None, pre: Reading = ()):
    """A :class:`~.score_drafts.Draft` for ``element`` (None: any winning
    shape, drawn as often as it has meld kinds, so that seven pairs or
    thirteen orphans do not crowd out the hands of chows and pungs) holding
    the melds ``pre``, on a shape drawn among those that can take them;
    None when it cannot be completed."""
    if element is not None:
        shapes = list(element.shapes)
    else:
        shapes = [name for name, s in kit.shapes.items() for _ in s.kinds]
    shapes = [s for s in shapes if kit.can_hold(s, pre)]
    if not shapes:
        return None
    shape = kit.shapes[choose.element(shapes)]
    constraints = kit.rules.where + shape.where + (element.where if element else ())
    try:
        return build(kit, choose, shape, constraints, element.per if element else None, pre)
    except Unbuildable:
        return None


def multi_draft(kit: ScoreKit, choose: Chooser, element: ScoreElement | None) -> str | None:
    """A ``multi`` hand string for ``element``, not yet judged: three times
    in four the melds in a random order around a gadget written as a block
    (its melds placed first), else every meld sorted by its tiles; None when
    the draft cannot be completed."""
    block, pre = (), ()
    gadgets = kit.gadgets_for(element)
    if gadgets and choose.integer(0, 3):
        block, pre = choose.element(gadgets)
    d = element_draft(kit, choose, element, pre)
    if d is None:
        return None
    if not block:
        return kit.text(sorted(d.melds, key=lambda m: m[1]))
    others = choose.permutation(d.melds[len(pre) :])
    at = choose.integer(0, len(others))
    return kit.text(others[:at]) + kit.text([("", block)]) + kit.text(others[at:])


def draft_hand(kit: ScoreKit, choose: Chooser, plan: str) -> str | None:
    """One draft for ``plan`` (see :attr:`ScoreKit.plans`) as a hand string,
    not yet judged: the melds in a random order (``multi``: see
    :func:`multi_draft`); None when the draft cannot be completed."""
    if plan == "multi":
        return multi_draft(kit, choose, choose.element(kit.multi_targets))
    d = element_draft(kit, choose, kit.elements.get(plan))
    return None if d is None else kit.text(choose.permutation(d.melds))


def splits_differ(kit: ScoreKit, splits: list[Split]) -> bool:
    """Do two of the winning ``splits`` (of :meth:`ScoreKit.judge`) rank
    differently?"""
    return len({kit.scorer.rank(s[0]) for s in splits}) > 1


def accepts(kit: ScoreKit, plan: str, hand: str, how: str = "effective") -> bool:
    """Is ``hand`` a winning hand for ``plan``: any win (``random``), splits
    ranking differently (``multi``), the element effective on the best split
    (``how`` ``"effective"``) or held there (``"held"``)?  The reference
    evaluator has the last word on the win."""
    splits, best = kit.judge(hand)
    if best is None:
        return False
    if plan == "multi":
        met = splits_differ(kit, splits)
    elif plan == "random":
        met = True
    elif how == "held":
        met = plan in kit.held(hand, best)
    else:
        met = any(e.name == plan for e in best[0])
    return met and kit.evaluator.wins(hand)


def probe(kit: ScoreKit, plan: str) -> str:
    """:meth:`ScoreKit.mode` of ``plan``, found by up to :data:`PROBE`
    drafts."""
    choose = RandomChooser(0)
    held = False
    for _ in range(PROBE):
        hand = draft_hand(kit, choose, plan)
        if hand is None:
            continue
        if accepts(kit, plan, hand):
            return "effective"
        held = held or (plan in kit.elements and accepts(kit, plan, hand, "held"))
    return "held" if held else "never"


def scoring_hand(kit: ScoreKit, choose: Chooser, plan: str, attempts: int = ATTEMPTS) -> str | None:
    """One winning hand (str) for ``plan`` (an element name, ``"random"`` or
    ``"multi"``) of the rule set of ``kit``, drawn by ``choose``, kept as
    :meth:`ScoreKit.mode` says; None when ``attempts`` drafts give none, or
    the plan is never met.  Raises KeyError for an unknown plan."""
    if plan not in kit.plans:
        raise KeyError(plan)
    how = kit.mode(plan)
    if how == "never":
        return None
    for _ in range(attempts):
        hand = draft_hand(kit, choose, plan)
        if hand is not None and accepts(kit, plan, hand, how):
            return hand
    return None


def schedule(kit: ScoreKit, n: int) -> list[str]:
    """The plans of :func:`scoring_corpus` for ``n`` hands: of every 20,
    :data:`MULTI_SHARE` ``multi``, :data:`RANDOM_SHARE` ``random``, the rest
    the elements that can be met, in turn (``random`` stands in for a plan
    never met)."""
    turn = [p for p in kit.elements if kit.mode(p) != "never"] or ["random"]
    multi = "multi" if kit.mode("multi") != "never" else "random"
    out, j = [], 0
    for i in range(n):
        k = i % 20
        if k < MULTI_SHARE + RANDOM_SHARE:
            out.append(multi if k < MULTI_SHARE else "random")
        else:
            out.append(turn[j % len(turn)])
            j += 1
    return out


def scoring_corpus(rules: RuleSet, n: int, seed: int = 0) -> list[str]:
    """``n`` winning arranged hands (list of str) for ``rules``, the same for
    the same seed, planned by :func:`schedule`: in 20,000 hands every element
    that can be effective is so at least 200 times (:func:`appearances`;
    one another always supersedes is held as often), and at least 5% split
    two ways that rank differently, where the rule set allows.  A plan that
    fails its attempts three times gives way to ``random``.

    Raises ValueError for a rule set with no scoring elements, or one for
    which no winning hand is found."""
    kit = ScoreKit(rules)
    choose = RandomChooser(seed)
    out: list[str] = []
    for plan in schedule(kit, n):
        for p in (plan, plan, plan, "random"):
            hand = scoring_hand(kit, choose, p)
            if hand is not None:
                out.append(hand)
                break
        else:
            raise ValueError(f"no winning hand found for rule set {rules.name!r}")
    return out


def appearances(kit: ScoreKit, hands: Iterable[str]) -> tuple[Counter, Counter, int]:
    """For winning ``hands`` (strings of ``kit``'s rule set): (effective,
    held, multi) -- how many hands have each element among the effective
    elements of their best split, how many hold it on that split before
    supersession (the count for an element another always supersedes: in
    riichi toitoi, which always comes with suuankou in a closed, self-drawn
    hand), and how many split two ways that rank differently.  Raises
    ValueError for a losing hand."""
    effective: Counter = Counter()
    held: Counter = Counter()
    multi = 0
    for hand in hands:
        splits, best = kit.judge(hand)
        if best is None:
            raise ValueError(f"not a winning hand: {hand!r}")
        effective.update(e.name for e in best[0])
        held.update(kit.held(hand, best))
        multi += splits_differ(kit, splits)
    return effective, held, multi
