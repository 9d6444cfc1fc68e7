"""One change of meaning between two rule sets, as ``diff`` reports it and
its hand search aims at it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .places import Place


@dataclass(frozen=True)
class RuleChange:
    """One change of meaning between two rule sets.

    ``what`` is ``tiles``, ``wild tiles``, ``indicator``, ``meld kind``,
    ``hand shape``, ``constraint`` or ``scoring element``;
    ``how`` is ``added``, ``removed`` or ``changed``; ``old``/``new`` the
    :class:`Place` on each side (None on the side that lacks it); ``scope``
    names the hand shape a constraint belongs to ("" for the win condition);
    ``note`` says more (the tiles concerned).  ``old_item``/``new_item`` are
    the model objects (Tile tuple, Wild, TileClass, MeldKind, Shape,
    Constraint) the hand search aims at."""

    what: str
    how: str
    old: Place | None
    new: Place | None
    scope: str = ""
    note: str = ""
    old_item: object = field(default=None, compare=False, repr=False)
    new_item: object = field(default=None, compare=False, repr=False)

    def title(self) -> str:
        """``changed constraint (in hand shape X)``: the change in a few words."""
        where = f" (in hand shape {self.scope})" if self.scope else ""
        return f"{self.how} {self.what}{where}" + (f": {self.note}" if self.note else "")
