"""The flavor table: one row of data per regex dialect.

A :class:`Flavor` says how anchors, named groups, backreferences and
subroutine calls are spelt, which features exist, which flags the host must
set.  The compiler sees a row through :attr:`Flavor.capabilities`; lowering
(:mod:`.lower`) and the printers (:mod:`.printer`, :mod:`.outline`) read the
rest.  Everything a flavor cannot say goes through :func:`unsupported`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..compiler.capabilities import Capabilities
from ..diagnostics import UnsupportedError


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
    - ``sticky_looks``: a group set inside a lookahead stays set when the
      match backtracks to before the lookahead (java.util.regex);
    - ``cond``: how a conditional ``(?(name)yes|no)`` opens, taking
      ``{name}``; None where the flavor has none (Java, JavaScript, RE2);
    - ``balancing``: .NET's balancing groups, ``(?<-name>)`` takes a capture
      off a group's stack (a scoring pattern compares two totals so, with
      no bound; elsewhere as lengths, within the hand);
    - ``engine``: a description of the engine (named in messages);
    - ``languages``: the host languages whose ``--format code`` snippet
      uses this flavor (``compile --lang L``);
    - ``scoring``: None where the flavor scores, else why it cannot (the
      reason ``compile --score`` gives); ``score_languages``: the host
      languages of its scoring code; ``max_scoring_length``: the longest
      scoring pattern its engine compiles with default limits (measured),
      None when that is not a concern;
    - ``engines``: the names of the engines its patterns are proven in
      (resolved by :mod:`mahjong_regex.engines`);
    - ``diff_engine``: the one of them ``diff`` runs a pattern side in."""

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
    cond: str | None = "(?({name})"
    sticky_looks: bool = False
    languages: tuple[str, ...] = ()
    scoring: str | None = None
    score_languages: tuple[str, ...] = ()
    max_scoring_length: int | None = None
    engines: tuple[str, ...] = ()
    diff_engine: str = ""

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
            self.cond is not None,
            self.sticky_looks,
            self.astral_atoms,
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
            languages=("php",),
            score_languages=("php",),
            # PCRE2 10.42 and 10.47 with LINK_SIZE 2: scoring patterns of
            # 50,172 characters compile, 54,677 are "too large".
            max_scoring_length=52_000,
            engines=("pcre2", "php"),
            diff_engine="pcre2",
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
            score_languages=("python",),
            engines=("regex",),
            diff_engine="regex",
        ),
        Flavor(
            "python",
            engine="Python re",
            end=r"\Z",  # Python's \Z is the very end, like \z elsewhere
            group="(?P<{name}>{body})",
            backref="(?P={name})",
            atomic=False,  # re has them only from Python 3.11
            languages=("python",),
            scoring="Python re has no way back to the start of the hand after the melds "
            "(no non-atomic lookahead, no lookbehind of any length), so the pattern cannot "
            "make the engine try the next split when another ranks higher, and it refuses "
            "a backreference before its group (meld counts in flag groups)",
            engines=("python",),
            diff_engine="python",
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
            cond=None,
            languages=("js", "ts"),
            scoring="a JavaScript group inside a repetition is reset on every repetition, and a "
            "backreference to an unset group matches the empty string, so the melds' counts "
            "cannot be kept in flag groups",
            engines=("node",),
            diff_engine="node",
        ),
        Flavor(
            "java",
            engine="java.util.regex",
            names="alnum",
            cond=None,
            sticky_looks=True,
            languages=("java",),
            scoring="java.util.regex refuses a backreference before its group, so meld counts "
            "cannot be kept in flag groups, and its lookbehind has a bounded length",
            engines=("java",),
            diff_engine="java",
        ),
        Flavor(
            "dotnet",
            engine=".NET System.Text.RegularExpressions",
            astral_atoms=False,
            captures="persistent",
            dupnames="",
            rewind="behind",
            balancing=True,
            languages=("csharp",),
            score_languages=("csharp",),
            engines=("dotnet",),
            diff_engine="dotnet",
        ),
        Flavor(
            "ruby",
            engine="Onigmo (Ruby)",
            call="\\g<{name}>",
            define="zero",
            cond="(?(<{name}>)",
            languages=("ruby",),
            scoring="Onigmo refuses a backreference before its group, so meld counts cannot be "
            "kept in flag groups, and its lookbehind has a fixed length",
            engines=("ruby",),
            diff_engine="ruby",
        ),
        Flavor(
            "re2",
            engine="RE2 (also Go regexp, Rust regex)",
            group="(?P<{name}>{body})",
            lookaround=False,
            backrefs=False,
            atomic=False,
            cond=None,
            # RE2's default 8 MiB program budget: a 160,000-character
            # alternation compiles, a 320,000-character one does not.
            max_length=150_000,
            # No lookaround for (?!); an empty class is an error in the regex crate
            # 1.7: the end of the hand, then a character.
            never=r"(?:\z.)",
            # The regex crate 1.7 escapes only its meta characters: "\/" is an error.
            meta="\\^$.|?*+()[]{}#",
            languages=("go", "rust"),
            scoring="RE2 has no lookaround and no backreferences: it cannot read flag groups or "
            "make the engine try another split",
            engines=("re2", "go"),
            diff_engine="re2",
        ),
    )
}


def language_flavor(lang: str, scoring: bool = False) -> str:
    """The flavor whose text the ``lang`` snippet uses (its scoring code's,
    with ``scoring``): str.  Raises KeyError naming the known languages."""
    found = languages(scoring)
    if lang not in found:
        raise KeyError(f"unknown language {lang!r}; languages are {', '.join(found)}")
    return found[lang]


def languages(scoring: bool = False) -> dict[str, str]:
    """{host language: the flavor its snippet uses} (or its scoring code's,
    with ``scoring``), in flavor order."""
    return {
        lang: f.name
        for f in FLAVORS.values()
        for lang in (f.score_languages if scoring else f.languages)
    }


def unsupported(
    flavor: Flavor, construct: str, reason: str, span=None, help: str = ""
) -> UnsupportedError:
    """The one error for "this flavor cannot say that": names the flavor, the
    DSL construct and (through ``span``) its line and column; ``help`` what
    to do instead, when another flavor would not help."""
    return UnsupportedError(flavor.name, construct, span, reason, help)


class TooLarge(UnsupportedError):
    """A flavor could say the rule set, but the pattern would be past what
    its engine compiles (or what inlining allows): a smaller rule set -- one
    hand shape of it, say -- may fit."""


def too_large(flavor: Flavor, reason: str, help: str = "") -> TooLarge:
    """The :class:`TooLarge` error for ``flavor``: "cannot express this rule
    set" and ``reason``; ``help`` what to do instead."""
    return TooLarge(flavor.name, "this rule set", None, reason, help)


def host_help(flavor: Flavor, large: bool = False) -> str:
    """What to do where a flavor without lookaround refuses: its snippets
    and JSON hold one pattern per hand shape, with what the patterns cannot
    check checked by the host program ("" for a flavor with lookaround).
    ``large``: the refusal is of a pattern too large (smaller ones may fit)."""
    if flavor.lookaround:
        return ""
    langs = ", ".join(flavor.languages)
    if large:
        return (
            f"choose another flavor; --format code (--lang {langs}) and --format json split "
            "the pattern by hand shape, and a shape by the meld counts it bounds, which may fit"
        )
    return (
        f"choose another flavor, or --format code (--lang {langs}) or --format json: one "
        "pattern per hand shape, and the host program checks what the patterns cannot"
    )


def get(name: str) -> Flavor:
    """The flavor called ``name``; raises KeyError listing the known ones."""
    try:
        return FLAVORS[name]
    except KeyError:
        raise KeyError(f"unknown flavor {name!r}; flavors are {', '.join(FLAVORS)}") from None
