"""What the compiler may rely on in its target flavor.

The compiler never reads a flavor row itself: the pipeline hands it this
view of the row (:attr:`mahjong_regex.flavors.table.Flavor.capabilities`),
so that the compiler comes before the flavors in the stage order.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Capabilities:
    """What the compiler may rely on in a flavor (a view of a flavor row):
    ``lookaround``, ``backrefs``, ``calls`` (subroutine calls; else
    definitions are inlined), ``captures``, how capture groups behave,
    ``lookbehind``, ``dupnames``, ``atomic`` and ``rewind``, ``balancing``,
    ``conditionals``, ``sticky_looks``, ``astral_atoms`` (see
    :class:`~mahjong_regex.flavors.table.Flavor`).  The defaults
    describe no flavor in particular: every feature, plain groups."""

    lookaround: bool = True
    backrefs: bool = True
    calls: bool = True
    captures: str = "plain"
    lookbehind: bool = False
    dupnames: bool = False
    atomic: bool = True
    rewind: str | None = None
    balancing: bool = False
    conditionals: bool = True
    sticky_looks: bool = False
    astral_atoms: bool = True
