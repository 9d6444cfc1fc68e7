"""The one place where the stages meet::

    .meld text --syntax--> tree --ruleset--> RuleSet --compiler--> IR
        --passes--> optimized IR --flavors (lower, print)--> pattern text

- :func:`load_rules` reads and checks a rule set (built-in name or path);
- :func:`compile_rules` builds the IR for a flavor and runs the IR passes;
- :func:`render` lowers the IR for a flavor and prints it, once: the
  :class:`Output` holds the pattern text and prints the outline of the same
  lowered IR;
- :func:`compile_pattern` does all three and returns the text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import ir
from .compiler.context import new_context
from .compiler.shapes.layout import build_pattern
from .diagnostics import UnsupportedError
from .optimize.expand_backrefs import expand_backrefs
from .flavors.inline import MAX_INLINED_NODES, inlined_size
from .flavors.lower import lower
from .flavors.outline import OutlinePrinter
from .flavors.printer import Printer
from .flavors.table import Flavor, get, unsupported
from .compiler.registry import Options, run_ir_passes
from .rules import BUILTINS, builtin_source
from .ruleset.checker import load
from .ruleset.model import RuleSet


class UnknownRuleSet(LookupError):
    """Neither a built-in rule set name nor an existing ``.meld`` file; the
    message lists the built-in names."""


def read_rules(spec: str) -> tuple[str, str]:
    """Find rule text: ``spec`` is a built-in name or a path.  Returns
    ``(path for messages, source text)``; raises :class:`UnknownRuleSet`,
    OSError or UnicodeDecodeError."""
    if spec in BUILTINS:
        return f"<builtin>/{spec}.meld", builtin_source(spec)
    path = Path(spec)
    if path.is_file():
        return str(path), path.read_text("utf-8-sig")
    raise UnknownRuleSet(
        f"no rule set {spec!r}: not a built-in name nor a file; "
        f"the built-in rule sets are {', '.join(BUILTINS)}"
    )


def load_rules(spec: str) -> RuleSet:
    """Load and check a rule set by built-in name or ``.meld`` path.

    Raises :class:`UnknownRuleSet`, or :class:`~mahjong_regex.diagnostics.MeldError`
    for a malformed file (its ``render(path, source)`` gives the located
    message)."""
    path, source = read_rules(spec)
    return load(source, path)


def compile_rules(
    rules: RuleSet, options: Options | None = None, flavor: Flavor | str | None = None
) -> ir.Pattern:
    """Compile a rule set to IR and run the IR passes (RuleSet -> Pattern).

    ``flavor`` (a :class:`~mahjong_regex.flavors.table.Flavor` or name),
    when given, lets the compiler avoid constructs the flavor lacks where it
    has another way to say the same thing (a flavor without lookaround keeps
    every meld count in the automaton); a flavor without backreferences
    gets them expanded before ``factor_literals``.  Raises KeyError for an
    unknown flavor name."""
    options = options or Options()
    if isinstance(flavor, str):
        flavor = get(flavor)
    ctx = wild_context(rules, options, flavor) if rules.has_wilds else None
    ctx = ctx or new_context(rules, options, flavor)
    from .compiler.wild.wild_tiles import WildUnsupported

    try:
        pattern = build_pattern(ctx)
    except WildUnsupported as e:
        raise unsupported(flavor or get("pcre"), f"'{e.construct}'", e.reason, e.span) from None
    return run_ir_passes(pattern, options, ctx.caps, None if ctx.caps.backrefs else _expand)


#: Why each flavor that cannot score cannot (``compile --score``).
NO_SCORING = {
    "python": "Python re has no way back to the start of the hand after the melds "
    "(no non-atomic lookahead, no lookbehind of any length), so the pattern cannot "
    "make the engine try the next split when another ranks higher, and it refuses "
    "a backreference before its group (meld counts in flag groups)",
    "java": "java.util.regex refuses a backreference before its group, so meld counts "
    "cannot be kept in flag groups, and its lookbehind has a bounded length",
    "ruby": "Onigmo refuses a backreference before its group, so meld counts cannot be "
    "kept in flag groups, and its lookbehind has a fixed length",
    "js": "a JavaScript group inside a repetition is reset on every repetition, and a "
    "backreference to an unset group matches the empty string, so the melds' counts "
    "cannot be kept in flag groups",
    "re2": "RE2 has no lookaround and no backreferences: it cannot read flag groups or "
    "make the engine try another split",
}


#: The longest scoring pattern each flavor's engine compiles, where that is
#: a concern (measured, PCRE2 10.42 and 10.47 with LINK_SIZE 2: scoring
#: patterns of 50,172 characters compile, 54,677 are "too large").
MAX_SCORING_LENGTH = {"pcre": 52_000}


def compile_scoring(
    rules: RuleSet, options: Options | None = None, flavor: Flavor | str = "pcre"
) -> ir.Pattern:
    """Compile a rule set's scoring pattern to IR (RuleSet -> Pattern): a win
    check whose named groups mark the scoring elements of a highest-ranked
    split (see :mod:`mahjong_regex.compiler.scoring.score_pattern`).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` when the
    rule set declares no scoring elements or the flavor cannot score (the
    message names the flavor and the ``score`` statement), KeyError for an
    unknown flavor name."""
    from .compiler.scoring.score_pattern import ScoringUnsupported, build_scoring

    options = options or Options()
    if isinstance(flavor, str):
        flavor = get(flavor)
    if not rules.scoring:
        raise unsupported(
            flavor,
            "--score",
            f"rule set {rules.name!r} declares no scoring elements ('score' statements)",
        )
    first = rules.scoring[0]
    if flavor.rewind is None or flavor.captures != "persistent":
        reason = NO_SCORING.get(flavor.name, "the flavor cannot score")
        raise unsupported(
            flavor,
            f"'score' (the scoring elements, from line {first.span.line})",
            reason,
            first.span,
            help="the flavors that score are pcre, regex and dotnet",
        )
    ctx = new_context(rules, options, flavor)
    try:
        pattern = build_scoring(ctx)
    except ScoringUnsupported as e:
        raise unsupported(flavor, f"'{e.construct}'", e.reason, e.span, e.help) from None
    pattern = run_ir_passes(pattern, options, ctx.caps, None)
    most = MAX_SCORING_LENGTH.get(flavor.name)
    if most is not None:
        size = len(render(pattern, flavor).text)
        if size > most:
            raise unsupported(
                flavor,
                f"'score' (the scoring elements, from line {first.span.line})",
                f"the scoring pattern would be {size:,} characters, more than {flavor.engine} "
                f"compiles with its default limits (about {most:,})",
                first.span,
                help="regex and dotnet compile it; or leave fewer passes off",
            )
    return pattern


def wild_context(rules: RuleSet, options: Options, flavor: Flavor | None):
    """The compilation context of a rule set with wild tiles: the rule set as
    the compiler writes it (:mod:`mahjong_regex.compiler.wild.wildplan`).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` for what the
    flavor cannot say."""
    from .compiler.wild.wildplan import plan_wilds
    from .compiler.wild.wild_tiles import WildUnsupported

    target = flavor or get("pcre")
    try:
        planned, plans = plan_wilds(rules)
    except WildUnsupported as e:
        raise unsupported(target, f"'{e.construct}'", e.reason, e.span) from None
    ctx = new_context(planned, options, flavor)
    ctx.shape_wilds = plans
    for extra in plans.values():
        for t, n in extra.caps.items():
            ctx.wild_caps[t] = max(ctx.wild_caps.get(t, 0), n)
    many = [w for w, dom in ctx.wild.static.items() if len(dom) > 1]
    if ctx.wild_caps and len(many) > 1:
        # Each held wild tile may stand for any of its kinds, and a copy limit
        # that counts stand-ins keeps readings apart that the melds alone
        # would merge: a losing hand is tried in about (kinds)^(wild tiles)
        # readings per split (Guangdong's four flowers: 34^4, past PCRE2's
        # match limit, seconds in regex and .NET).
        kinds = max(len(ctx.wild.static[w]) for w in many)
        c = next(c for extra in plans.values() for c in extra.labels if c.kind == "each_tile")
        raise unsupported(
            target,
            f"'{c.text}' on the tiles {len(many)} different wild tiles stand for",
            f"a losing hand holding them all is read in about {kinds}^{len(many)} ways, "
            "so backtracking is not bounded (PCRE2 stops at its match limit); "
            "the reference evaluator decides these hands",
            c.span,
            help="no flavor can say it; decide hands with: "
            f"mahjong-regex match {ctx.rules.name} HAND",
        )
    if ctx.wild_caps and not ctx.caps.dupnames:
        c = next(c for extra in plans.values() for c in extra.labels if c.kind == "each_tile")
        raise unsupported(
            target,
            f"'{c.text}' on the tiles wild tiles stand for",
            "a copy limit counts each stand-in in groups set in many places: pcre, regex "
            "and dotnet can say it",
            c.span,
        )
    return ctx


def _expand(pattern: ir.Pattern) -> ir.Pattern:
    # A flavor without backreferences has no subroutine calls either; past
    # the size limit lowering refuses the pattern, so it is left as it is.
    if inlined_size(pattern) <= MAX_INLINED_NODES:
        return expand_backrefs(pattern)
    return pattern


@dataclass(frozen=True)
class Output:
    """A pattern printed for a flavor.

    ``text``: the pattern, one line; ``groups``: (name, what it captures)
    for every capture, in order; ``unchecked``: labels of the constraints the
    flavor could not check and that were left out on request; ``refusal``:
    the error a render that may not leave them out raises (None when
    nothing was left out)."""

    text: str
    flavor: Flavor
    groups: tuple[tuple[str, str], ...]
    unchecked: tuple[str, ...]
    refusal: UnsupportedError | None = None
    lowered: ir.Pattern = field(default=None, repr=False, compare=False)
    printer: Printer = field(default=None, repr=False, compare=False)

    def outline(self) -> str:
        """The same pattern, one part per line, labelled with DSL lines
        (str, ending in a newline; see :mod:`mahjong_regex.flavors.outline`)."""
        return OutlinePrinter(self.printer).pattern(self.lowered)


def render(
    pattern: ir.Pattern,
    flavor: Flavor | str,
    allow_unchecked: bool = False,
    max_length: int | None = None,
) -> Output:
    """Lower and print a pattern in a flavor (Pattern -> :class:`Output`).
    ``max_length``, when given, replaces the flavor's own size limit (sorted
    input's ``re2`` patterns are written for RE2 up to 2 MB).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` when the
    flavor cannot express something the pattern needs (unless
    ``allow_unchecked`` lets a constraint be left out and listed), KeyError
    for an unknown flavor name."""
    if isinstance(flavor, str):
        flavor = get(flavor)
    lowered = lower(pattern, flavor)
    if lowered.refusal is not None and not allow_unchecked:
        raise lowered.refusal
    printer = Printer(flavor)
    text = printer.pattern(lowered.pattern)
    most = flavor.max_length if max_length is None else max_length
    if most is not None and len(text) > most:
        why = (
            f"the {most:,} allowed"
            if max_length is not None
            else f"{flavor.engine} compiles with its default memory budget (about {most:,})"
        )
        raise unsupported(
            flavor,
            "this rule set",
            f"the pattern would be {len(text):,} characters, more than {why}",
            None,
        )
    groups = tuple((c.name, c.describes) for c in ir.captures(lowered.pattern))
    return Output(
        text, flavor, groups, lowered.unchecked, lowered.refusal, lowered.pattern, printer
    )


def emit(pattern: ir.Pattern, flavor: Flavor | str, allow_unchecked: bool = False) -> str:
    """The pattern text alone (see :func:`render`)."""
    return render(pattern, flavor, allow_unchecked).text


def outline(pattern: ir.Pattern, flavor: Flavor | str, allow_unchecked: bool = False) -> str:
    """The outline of the pattern :func:`emit` prints (see :meth:`Output.outline`)."""
    return render(pattern, flavor, allow_unchecked).outline()


def render_sorted(
    rules: RuleSet, flavor: Flavor | str = "pcre", allow_unchecked: bool = False
) -> Output:
    """The pattern for hands written in canonical order (``--input
    sorted``), printed in ``flavor`` (RuleSet -> :class:`Output`): it matches
    a sorted hand iff some arrangement of its tiles wins (see
    :mod:`mahjong_regex.compiler.sorted`).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` naming the
    construct and the flavor when the flavor cannot say it, or when the
    pattern passes the size limit of sorted input (64 KB where the flavor
    has lookaround, 2 MB in ``re2``; the message gives the size)."""
    from .compiler.sorted.sorted_build import SortedCaps, build_sorted

    if isinstance(flavor, str):
        flavor = get(flavor)
    caps = SortedCaps()
    most = caps.re2 if not flavor.lookaround else caps.lookaround
    arranged = lambda sub: compile_rules(sub, None, flavor)  # noqa: E731
    pattern = build_sorted(rules, flavor, caps, arranged)
    out = render(pattern, flavor, allow_unchecked, max_length=most)
    if flavor.name == "pcre":
        _pcre2_fits(out.text, flavor)
    return out


def _pcre2_fits(text: str, flavor: Flavor) -> None:
    """Refuse a pattern PCRE2 does not compile with its default link size
    (64K code units of compiled code, not characters), where the ``pcre2``
    module is there to tell."""
    try:
        import pcre2
    except ImportError:
        return
    try:
        pcre2.compile(text)
    except Exception as e:  # the module's own error class
        if "too large" in str(e):
            raise unsupported(
                flavor,
                "this rule set",
                f"the pattern of {len(text):,} characters compiles to more than PCRE2's "
                "64K code units (its default link size)",
            ) from None


def compile_pattern(rules: RuleSet, flavor: str = "pcre", options: Options | None = None) -> str:
    """The pattern for ``rules`` in ``flavor``, one line (str).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` when the
    flavor cannot express a construct the rule set needs, KeyError for an
    unknown flavor."""
    return emit(compile_rules(rules, options, flavor), flavor)
