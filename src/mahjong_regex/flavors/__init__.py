"""Stage 5, IR to text: the flavor table (:mod:`.table`, data), lowering
(:mod:`.lower`, with :mod:`.inline` and :mod:`.expand`), the printer
(:mod:`.printer`) and the outline printer (:mod:`.outline`)."""

from __future__ import annotations

from .table import FLAVORS, Capabilities, Flavor, get, unsupported

__all__ = ["FLAVORS", "Capabilities", "Flavor", "get", "unsupported"]
