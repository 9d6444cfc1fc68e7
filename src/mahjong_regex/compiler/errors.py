"""What the compiler cannot write for its target: one exception, raised
before any text is printed, that the pipeline turns into the flavor's
located error (:func:`mahjong_regex.flavors.table.unsupported`)."""

from __future__ import annotations


class Unsupported(Exception):
    """A construct the target flavor cannot say.

    ``construct`` is the DSL construct's text (or a word such as
    ``indicator``), ``reason`` says why, ``span`` where it stands in the
    rule file (a :class:`~mahjong_regex.diagnostics.Span`, or None), ``help``
    what to do instead (may be empty), ``detail`` words that narrow the
    construct down (``" on the tiles wild tiles stand for"``); ``quoted``
    False where ``construct`` is words, not DSL text (``this rule set``)."""

    def __init__(
        self,
        construct: str,
        reason: str,
        span=None,
        help: str = "",
        detail: str = "",
        quoted: bool = True,
    ):
        super().__init__(construct, reason)
        self.construct, self.reason, self.span, self.help = construct, reason, span, help
        self.detail, self.quoted = detail, quoted

    @property
    def named(self) -> str:
        """The construct as an error names it: quoted (DSL text), then
        ``detail``."""
        name = f"'{self.construct}'" if self.quoted else self.construct
        return name + self.detail


class WildUnsupported(Unsupported):
    """A wild-tile construct the target flavor cannot say (see :class:`Unsupported`)."""


class ScoringUnsupported(Unsupported):
    """A rule set's scoring that the target flavor cannot say (see :class:`Unsupported`)."""
