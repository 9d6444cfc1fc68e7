"""The flavor table: one row of data per regex dialect.

A :class:`Flavor` says how anchors, named groups, backreferences and
subroutine calls are spelt, which features exist, which flags the host must
set.  The compiler sees a row through :attr:`Flavor.capabilities`; lowering
(:mod:`.lower`) and the printers (:mod:`.printer`, :mod:`.outline`) read the
rest.  Everything a flavor cannot say goes through :func:`unsupported`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import UnsupportedError


@dataclass(frozen=True)
class Capabilities:
    """What the compiler may rely on in a flavor (a view of a
    :class:`Flavor` row): ``lookaround``, ``backrefs``, ``calls``
    (subroutine calls; else definitions are inlined), ``captures``, how
    capture groups behave, ``lookbehind``, ``dupnames``, ``atomic`` and
    ``rewind``, ``balancing`` (see :class:`Flavor`).  The defaults describe no
    flavor in particular: every feature, plain groups."""

    lookaround: bool = True
    backrefs: bool = True
    calls: bool = True
    captures: str = "plain"
    lookbehind: bool = False
    dupnames: bool = False
    atomic: bool = True
    rewind: str | None = None
    balancing: bool = False


@dataclass(frozen=True)
class Flavor:
    """How one regex dialect spells the IR (see module docstring).

    - ``start``/``end``: whole-string anchors (never line anchors);
    - ``group``/``backref``/``call``: format strings taking ``{name}`` (and
      ``{body}`` for groups); ``call`` None: no subroutine calls (inlined);
    - ``define``: how definitions are printed when there are calls:
      ``"define"`` a ``(?(DEFINE)…)`` block after the body, ``"zero"`` groups
      repeated ``{0}`` after the body;
    - ``lookaround``/``backrefs``/``atomic``: features;
    - ``meta``/``class_meta``: characters escaped outside/inside a class;
    - ``names``: ``"word"`` (letters, digits, ``_``) or ``"alnum"`` (no ``_``);
    - ``astral_atoms``: a character outside the BMP is one atom (not two
      UTF-16 code units), so it may be quantified or put in a class;
    - ``flags``: flags the host must set when compiling the pattern;
    - ``never``: a pattern that matches nothing (``[^\\s\\S]`` matches
      anything in the Python regex module, so it is not used);
    - ``captures``: how capture groups behave, which decides how meld
      counts may be kept in the pattern (see :mod:`mahjong_regex.compiler`):
      ``"persistent"`` -- a group keeps its value across repetitions of an
      enclosing group, a backreference to a group that has not matched
      fails, and a backreference may come before its group in the pattern
      (PCRE2, the regex module, .NET); ``"empty_unset"`` -- a backreference
      to a group that has not matched matches the empty string, and groups
      inside a repetition are reset on every repetition (ECMAScript);
      ``"plain"`` -- neither may be relied on (Python ``re`` and Java refuse a
      backreference before its group, Onigmo too);
    - ``max_length``: the longest pattern the engine compiles with its
      default limits (measured), None when it is not a concern here;
    - ``lookbehind``: a lookbehind may have any length (only JavaScript's;
      used to ask which tile was turned);
    - ``dupnames``: how a pattern says that group names may repeat, one name
      for one count kept in many places (``(?J)`` in PCRE2, nothing where
      names may repeat anyway); None where they may not;
    - ``rewind``: how a scoring pattern goes back to the start of the hand
      after the melds, keeping their groups, so that a failure there makes
      the engine try the next split: ``"napla"`` (PCRE2's non-atomic
      lookahead ``(*napla:…)``, PCRE2 10.34 and later), ``"behind"`` (a
      lookbehind of any length from the start: the regex module, .NET),
      None (no way: the flavor cannot score);
    - ``balancing``: .NET's balancing groups, ``(?<-name>)`` takes a capture
      off a group's stack (a scoring pattern compares two totals so, with
      no bound; elsewhere as lengths, within the hand);
    - ``engine``: the engine the tests run it in."""

    name: str
    engine: str
    start: str = r"\A"
    end: str = r"\z"
    group: str = "(?<{name}>{body})"
    backref: str = r"\k<{name}>"
    call: str | None = None
    define: str | None = None
    lookaround: bool = True
    backrefs: bool = True
    atomic: bool = True
    meta: str = "\\^$.|?*+()[]{}/#"
    class_meta: str = "\\]^-["
    names: str = "word"
    astral_atoms: bool = True
    flags: str = ""
    captures: str = "plain"
    max_length: int | None = None
    never: str = "(?!)"
    lookbehind: bool = False
    dupnames: str | None = None
    rewind: str | None = None
    balancing: bool = False
    #: How a conditional names its group (Onigmo needs ``(?(<name>)…)``).
    cond: str = "(?({name})"

    @property
    def capabilities(self) -> Capabilities:
        """The features the compiler may rely on (a :class:`Capabilities`)."""
        return Capabilities(
            self.lookaround,
            self.backrefs,
            self.call is not None,
            self.captures,
            self.lookbehind,
            self.dupnames is not None,
            self.atomic,
            self.rewind,
            self.balancing,
        )


FLAVORS: dict[str, Flavor] = {
    f.name: f
    for f in (
        Flavor(
            "pcre",
            engine="PCRE2",
            call="(?&{name})",
            define="define",
            captures="persistent",
            dupnames="(?J)",
            rewind="napla",
        ),
        Flavor(
            "regex",
            engine="Python regex module",
            group="(?P<{name}>{body})",
            backref="(?P={name})",
            call="(?&{name})",
            define="define",
            captures="persistent",
            dupnames="",
            rewind="behind",
        ),
        Flavor(
            "python",
            engine="Python re",
            end=r"\Z",  # Python's \Z is the very end, like \z elsewhere
            group="(?P<{name}>{body})",
            backref="(?P={name})",
            atomic=False,  # re has them only from Python 3.11
        ),
        Flavor(
            "js",
            engine="ECMAScript 2018+ (V8)",
            start="^",  # without the m flag, ^ and $ are the ends of the input
            end="$",
            atomic=False,
            meta="\\^$.|?*+()[]{}/",  # u-mode allows no other identity escape
            class_meta="\\]^-[/",
            flags="u",
            captures="empty_unset",
            lookbehind=True,
        ),
        Flavor("java", engine="java.util.regex", names="alnum"),
        Flavor(
            "dotnet",
            engine=".NET System.Text.RegularExpressions",
            astral_atoms=False,
            captures="persistent",
            dupnames="",
            rewind="behind",
            balancing=True,
        ),
        Flavor(
            "ruby",
            engine="Onigmo (Ruby)",
            call="\\g<{name}>",
            define="zero",
            cond="(?(<{name}>)",
        ),
        Flavor(
            "re2",
            engine="RE2 (also Go regexp, Rust regex)",
            group="(?P<{name}>{body})",
            lookaround=False,
            backrefs=False,
            atomic=False,
            # RE2's default 8 MiB program budget: a 160,000-character
            # alternation compiles, a 320,000-character one does not.
            max_length=150_000,
            never=r"[^\x00-\x{10FFFF}]",  # no lookaround for (?!)
        ),
    )
}


def unsupported(
    flavor: Flavor, construct: str, reason: str, span=None, help: str = ""
) -> UnsupportedError:
    """The one error for "this flavor cannot say that": names the flavor, the
    DSL construct and (through ``span``) its line and column; ``help`` what
    to do instead, when another flavor would not help."""
    return UnsupportedError(flavor.name, construct, span, reason, help)


def get(name: str) -> Flavor:
    """The flavor called ``name``; raises KeyError listing the known ones."""
    try:
        return FLAVORS[name]
    except KeyError:
        raise KeyError(f"unknown flavor {name!r}; flavors are {', '.join(FLAVORS)}") from None
