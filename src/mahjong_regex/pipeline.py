"""The one place where the stages meet::

    .meld text --syntax--> tree --ruleset--> RuleSet --compiler--> IR
        --optimize--> IR --flavors (lower, print)--> pattern text

- :func:`load_rules` reads and checks a rule set (built-in name or path);
- :func:`compile_for` compiles a rule set for a flavor and prints it: the
  :class:`Output` holds the pattern text, its groups, and prints the outline
  of the same lowered IR;
- :func:`compile_rules` (and :func:`compile_scoring`) stop at the IR, which
  records the flavor it was compiled for; :func:`render` prints it for that
  flavor only (:class:`FlavorMismatch` otherwise);
- :func:`compile_pattern` gives the pattern text alone.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from . import ir
from .compiler.entries import scoring_pattern, win_pattern
from .compiler.errors import Unsupported
from .compiler.registry import Options
from .compiler.sorted.sorted_build import SortedCaps, build_sorted
from .diagnostics import UnsupportedError
from .flavors.lower import lower
from .flavors.outline import OutlinePrinter
from .flavors.printer import Printer
from .flavors.table import FLAVORS, Flavor, TooLarge, get, host_help, too_large, unsupported
from .optimize import optimize
from .rules import BUILTINS, builtin_source
from .ruleset.checker import load
from .ruleset.model import RuleSet


class UnknownRuleSet(LookupError):
    """Neither a built-in rule set name nor an existing ``.meld`` file; the
    message lists the built-in names."""


class FlavorMismatch(ValueError):
    """A pattern compiled for one flavor, asked to print in another: the
    message names both (the compiler writes what the first flavor's groups
    and features allow, which may mean something else in the second)."""


def read_rules(spec: str) -> tuple[str, str]:
    """Find rule text: ``spec`` is a built-in name (in any case: ``Harbin``)
    or a path.  Returns ``(path for messages, source text)``; raises
    :class:`UnknownRuleSet` (for a name, naming the nearest built-in names;
    for a path, ``.meld`` or with a folder, saying the file is missing),
    OSError or UnicodeDecodeError."""
    path = Path(spec)
    if spec not in BUILTINS and path.is_file():
        return str(path), path.read_text("utf-8-sig")
    name = spec if spec in BUILTINS else spec.lower()
    if name in BUILTINS:
        return f"<builtin>/{name}.meld", builtin_source(name)
    if path.suffix == ".meld" or len(path.parts) > 1:
        # A path, not a misspelt built-in: the built-ins would be noise.
        raise UnknownRuleSet(
            f"no rule file {spec!r}: {'not a file' if path.exists() else 'no such file'}"
        )
    near = difflib.get_close_matches(name, BUILTINS, n=2, cutoff=0.7)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    raise UnknownRuleSet(
        f"no rule set {spec!r}: not a built-in name nor a file{hint} "
        f"(the built-in rule sets are {', '.join(BUILTINS)}; "
        "mahjong-regex rules lists them)"
    )


def load_rules(spec: str) -> RuleSet:
    """Load and check a rule set by built-in name or ``.meld`` path.

    Raises :class:`UnknownRuleSet`, or :class:`~mahjong_regex.diagnostics.MeldError`
    for a malformed file (its ``render(path, source)`` gives the located
    message)."""
    path, source = read_rules(spec)
    return load(source, path)


def _and(names: list[str]) -> str:
    """``a, b and c``."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _flavor(flavor: Flavor | str) -> Flavor:
    return get(flavor) if isinstance(flavor, str) else flavor


def compile_rules(
    rules: RuleSet, options: Options | None = None, flavor: Flavor | str = "pcre"
) -> ir.Pattern:
    """Compile a rule set to IR for ``flavor`` (a
    :class:`~mahjong_regex.flavors.table.Flavor` or name) and run the
    whole-pattern rewrites (RuleSet -> Pattern, ``Pattern.flavor`` set).

    The compiler avoids constructs the flavor lacks where it has another way
    to say the same thing (a flavor without lookaround keeps every meld
    count in the automaton; one without backreferences gets them expanded).
    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` for what the
    flavor cannot say, KeyError for an unknown flavor name."""
    flavor = _flavor(flavor)
    options = options or Options()
    caps = flavor.capabilities
    try:
        pattern = win_pattern(rules, options, caps, flavor.name)
    except Unsupported as e:
        raise unsupported(flavor, e.named, e.reason, e.span, e.help) from None
    return optimize(pattern, options, caps)


def compile_scoring(
    rules: RuleSet, options: Options | None = None, flavor: Flavor | str = "pcre"
) -> ir.Pattern:
    """Compile a rule set's scoring pattern to IR for ``flavor``
    (RuleSet -> Pattern): a win check whose named groups mark the scoring
    elements of a highest-ranked split (see
    :mod:`mahjong_regex.compiler.scoring.score_pattern`).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` when the
    rule set declares no scoring elements or the flavor cannot score (the
    message names the flavor and the ``score`` statement), KeyError for an
    unknown flavor name."""
    flavor = _flavor(flavor)
    options = options or Options()
    if not rules.scoring:
        raise unsupported(
            flavor,
            "--score",
            f"rule set {rules.name!r} declares no scoring elements ('score' statements)",
        )
    if flavor.scoring is not None:
        first = rules.scoring[0]
        scoring = [f.name for f in FLAVORS.values() if f.scoring is None]
        raise unsupported(
            flavor,
            f"'score' (the scoring elements, from line {first.span.line})",
            flavor.scoring,
            first.span,
            help=f"the flavors that score are {_and(scoring)}",
        )
    try:
        pattern = scoring_pattern(rules, options, flavor.capabilities, flavor.name)
    except Unsupported as e:
        raise unsupported(flavor, e.named, e.reason, e.span, e.help) from None
    return optimize(pattern, options, flavor.capabilities)


@dataclass(frozen=True)
class Output:
    """A pattern printed for a flavor.

    ``text``: the pattern, one line; ``groups``: (name, what it captures)
    for every capture, in order; ``reports``: (group name, scoring element,
    count) for every group of a scoring pattern that marks an element;
    ``unchecked``: labels of the constraints the flavor could not check and
    that were left out on request; ``refusal``: the error a render that may
    not leave them out raises (None when nothing was left out)."""

    text: str
    flavor: Flavor
    groups: tuple[tuple[str, str], ...]
    unchecked: tuple[str, ...]
    refusal: UnsupportedError | None = None
    lowered: ir.Pattern = field(default=None, repr=False, compare=False)
    printer: Printer = field(default=None, repr=False, compare=False)
    reports: tuple[tuple[str, str, int], ...] = ()

    def outline(self) -> str:
        """The same pattern, one part per line, labelled with DSL lines
        (str, ending in a newline; see :mod:`mahjong_regex.flavors.outline`)."""
        return OutlinePrinter(self.printer).pattern(self.lowered)


def render(
    pattern: ir.Pattern,
    flavor: Flavor | str | None = None,
    allow_unchecked: bool = False,
    max_length: int | None = None,
) -> Output:
    """Lower and print a pattern in the flavor it was compiled for
    (Pattern -> :class:`Output`); ``flavor``, when given, must be that one
    (a pattern built by hand, with no flavor, prints in any).
    ``max_length``, when given, replaces the flavor's own size limit (sorted
    input's ``re2`` patterns are written for RE2 up to 2 MB).

    Raises :class:`FlavorMismatch` for another flavor,
    :class:`~mahjong_regex.diagnostics.UnsupportedError` when the flavor
    cannot express something the pattern needs (unless ``allow_unchecked``
    lets a constraint be left out and listed), KeyError for an unknown
    flavor name."""
    if flavor is None:
        if not pattern.flavor:
            raise FlavorMismatch("this pattern was compiled for no flavor: name one to print it")
        flavor = pattern.flavor
    flavor = _flavor(flavor)
    if pattern.flavor and pattern.flavor != flavor.name:
        raise FlavorMismatch(
            f"a pattern compiled for {pattern.flavor} cannot be printed as {flavor.name}: "
            f"compile the rules for {flavor.name} (compile_for(rules, {flavor.name!r}))"
        )
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
        raise too_large(
            flavor,
            f"the pattern would be {len(text):,} characters, more than {why}",
            host_help(flavor, large=True),
        )
    captures = ir.captures(lowered.pattern)
    groups = tuple((c.name, c.describes) for c in captures)
    reports = tuple((c.name, c.element, c.count) for c in captures if c.element)
    return Output(
        text,
        flavor,
        groups,
        lowered.unchecked,
        lowered.refusal,
        lowered.pattern,
        printer,
        reports,
    )


def compile_for(
    rules: RuleSet,
    flavor: Flavor | str = "pcre",
    options: Options | None = None,
    *,
    score: bool = False,
    allow_unchecked: bool = False,
) -> Output:
    """Compile ``rules`` for ``flavor`` and print the pattern: its win pattern,
    or with ``score`` its scoring pattern (RuleSet -> :class:`Output`).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` for what the
    flavor cannot say (``allow_unchecked``: constraints it cannot check are
    left out and listed in ``Output.unchecked`` instead), and for a scoring
    pattern past what the flavor's engine compiles; KeyError for an unknown
    flavor name."""
    flavor = _flavor(flavor)
    if not score:
        return render(compile_rules(rules, options, flavor), flavor, allow_unchecked)
    out = render(compile_scoring(rules, options, flavor), flavor, allow_unchecked)
    most = flavor.max_scoring_length
    if most is not None and len(out.text) > most:
        first = rules.scoring[0]
        raise unsupported(
            flavor,
            f"'score' (the scoring elements, from line {first.span.line})",
            f"the scoring pattern would be {len(out.text):,} characters, more than "
            f"{flavor.engine} compiles with its default limits (about {most:,})",
            first.span,
            help="regex and dotnet compile it; or leave fewer passes off",
        )
    return out


def emit(
    pattern: ir.Pattern, flavor: Flavor | str | None = None, allow_unchecked: bool = False
) -> str:
    """The pattern text alone (see :func:`render`)."""
    return render(pattern, flavor, allow_unchecked).text


def outline(
    pattern: ir.Pattern, flavor: Flavor | str | None = None, allow_unchecked: bool = False
) -> str:
    """The outline of the pattern :func:`emit` prints (see :meth:`Output.outline`)."""
    return render(pattern, flavor, allow_unchecked).outline()


#: What to do when sorted input refuses a construct that arranged hands take.
SORTED_HELP = (
    "a limit of sorted input (docs/sorted-input.md lists them); "
    "a pattern for arranged hands (without --input sorted) may take it"
)


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
    has lookaround, 2 MB of UTF-8 in ``re2``; the message gives the
    size)."""
    flavor = _flavor(flavor)
    try:
        out = _render_sorted(rules, flavor, allow_unchecked, SortedCaps())
    except TooLarge:
        if not flavor.lookaround:
            raise
        # Counts planned to cut the search early may take more pattern: the
        # smallest plan, where it fits, before a refusal.
        out = _render_sorted(rules, flavor, allow_unchecked, SortedCaps(prune=False))
    return out


def _render_sorted(rules: RuleSet, flavor: Flavor, allow_unchecked: bool, caps) -> Output:
    """:func:`render_sorted` with ``caps`` (a
    :class:`~mahjong_regex.compiler.sorted.sorted_build.SortedCaps`)."""
    # re2's limit is in bytes of UTF-8, measured below; a character is at
    # most four of them.
    most = caps.lookaround if flavor.lookaround else caps.re2 * 4
    arranged = lambda sub: compile_rules(sub, None, flavor)  # noqa: E731
    try:
        pattern = build_sorted(rules, flavor.name, flavor.capabilities, caps, arranged)
    except Unsupported as e:
        help = e.help or SORTED_HELP
        raise unsupported(flavor, e.named, f"{e.reason}, in sorted input", e.span, help) from None
    out = render(pattern, flavor, allow_unchecked, max_length=most)
    if flavor.name == "pcre":
        _pcre2_fits(out.text, flavor)
    if not flavor.lookaround and len(out.text.encode()) > caps.re2:
        raise too_large(
            flavor,
            f"the pattern would be {len(out.text.encode()):,} bytes (UTF-8), "
            f"more than the {caps.re2:,} allowed",
            SORTED_HELP,
        )
    return out


#: Room left in PCRE2's 64K code units, as characters of a literal compiled
#: beside the pattern: older PCRE2 releases compile some patterns larger
#: than the ``pcre2`` module's own (PHP's 10.42 needs up to 4,313 more on
#: the built-ins' sorted patterns, mcr's; mcr keeps 5,703 in 10.47, 1,390 in PHP).
PCRE2_ROOM = 4500


def _pcre2_fits(text: str, flavor: Flavor) -> None:
    """Refuse a pattern PCRE2 does not compile with its default link size
    (64K code units of compiled code, not characters) with
    :data:`PCRE2_ROOM` to spare, compiled by the ``pcre2`` module (a
    dependency).  Without the module every pattern is refused: its size
    cannot be told from its characters, and PHP fails on one too large
    only when it runs (a warning, and no match)."""
    try:
        import pcre2
    except ImportError:
        raise unsupported(
            flavor,
            "this rule set",
            "the pcre2 module (a dependency of mahjong-regex: pip install pcre2) is missing, "
            "and without it a pattern cannot be checked to fit PCRE2's 64K code units",
        ) from None
    try:
        pcre2.compile(f"(?:{text})|" + "x" * PCRE2_ROOM)
    except Exception as e:  # the module's own error class
        if "too large" in str(e):
            raise too_large(
                flavor,
                f"the pattern of {len(text):,} characters compiles to more than PCRE2's "
                "64K code units (its default link size), or to so near it that older "
                "PCRE2 releases (PHP's) may not compile it",
            ) from None
        raise RuntimeError(f"internal error: the {flavor.name} pattern does not compile: {e}")


def compile_pattern(rules: RuleSet, flavor: str = "pcre", options: Options | None = None) -> str:
    """The pattern for ``rules`` in ``flavor``, one line (str).

    Raises :class:`~mahjong_regex.diagnostics.UnsupportedError` when the
    flavor cannot express a construct the rule set needs, KeyError for an
    unknown flavor."""
    return compile_for(rules, flavor, options).text
