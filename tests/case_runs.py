"""What a case compiles to, through the public API, as the command line
prints it: ``mahjong-regex compile RULES --flavor F OPTIONS 2>&1`` (the
warnings and notes on stderr first, then the pattern, its outline, or the
located error); and the one door to the regex engines.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache

from case_files import Case, CaseOptions
from conftest import FLAVOR_ENGINES

from mahjong_regex import HandError, MeldError, Options, Output, RuleSet, compile_for
from mahjong_regex.compiler.melds.sorted_runs import unordered_warnings
from mahjong_regex.compiler.registry import REGISTRY
from mahjong_regex.diagnostics import located
from mahjong_regex.engines import run_batch
from mahjong_regex.outputs.textconv import textconv
from mahjong_regex.ruleset.checker import load
from mahjong_regex.ruleset.notations import NotationError, load_notation, rewrite

PREFIX = "mahjong-regex"


def engines_of(flavor: str) -> tuple[str, ...]:
    """The engines a flavor's patterns are proven in."""
    return FLAVOR_ENGINES[flavor]


def verdicts(engine: str, pattern: str, hands: list[str], flags: str) -> list[bool]:
    """Does ``pattern`` match each of ``hands`` in ``engine`` (one call, one
    process for an external engine)?  Every engine call of the cases goes
    through here."""
    return run_batch(engine, pattern, hands, flags=flags)


@dataclass(frozen=True)
class Result:
    """A case compiled for one flavor: ``text`` is what the command line
    prints; ``error`` whether it stopped with an error; ``rules`` the rule
    set the hands are decided on (None when the rule text does not load);
    ``output`` the compiled pattern (None on an error)."""

    text: str
    error: bool
    rules: RuleSet | None = None
    output: Output | None = None


class _Stop(Exception):
    """The command line would stop here with this message (exit 2)."""


def _fixed(rules: RuleSet, tile: str) -> RuleSet:
    """``rules`` with its turned tile fixed, as ``--indicator TILE`` does."""
    try:
        found = rules.alphabet.tokenize(tile)
    except HandError as e:
        raise _Stop(f"{PREFIX}: error: --indicator {tile}: {e}") from None
    if len(found) != 1:
        raise _Stop(f"{PREFIX}: error: --indicator takes one tile, not {tile!r}")
    try:
        return rules.with_indicator(found[0].index)
    except ValueError as e:
        raise _Stop(f"{PREFIX}: error: --indicator {tile}: {e}") from None


@dataclass(frozen=True)
class Job:
    """What a case compiles: its name, rule text, options and output kind."""

    name: str
    source: str
    options: CaseOptions
    output: str


def _prepared(job: Job, said: list[str]) -> tuple[RuleSet, Options]:
    """The rule set with the case's ``--tiles`` and ``--indicator``, and the
    passes left on; the warnings and notes on the way go to ``said``."""
    try:
        rules = load(job.source, job.name)
    except MeldError as e:
        raise _Stop(e.render(job.name, job.source)) from None
    said += [located(job.name, job.source, "warning", m, s) for m, s in rules.warnings]
    opts = job.options
    if opts.tiles is not None:
        try:
            rules = rewrite(rules, load_notation(opts.tiles))
        except NotationError as e:
            raise _Stop(e.located()) from None
    if opts.indicator is not None:
        rules = _fixed(rules, opts.indicator)
    if opts.score and not rules.scoring:
        raise _Stop(f"{PREFIX}: error: rule set {rules.name!r} declares no scoring elements")
    for name in Options.off_with(opts.no_pass):
        needs = next((p.needs_text or "-") for p in REGISTRY if p.name == name)
        said.append(f"{PREFIX}: note: {name} is off too (it needs {needs})")
    return rules, Options.without(*opts.no_pass) if opts.no_pass else Options()


def _loaded(job: Job) -> RuleSet | None:
    """The case's rule set as its hands are written, or None."""
    try:
        return _prepared(job, [])[0]
    except _Stop:
        return None


def compiled(case: Case, flavor: str) -> Result:
    """``case`` compiled for ``flavor`` (see the module docstring)."""
    return _compiled(Job(case.name, case.source, case.options, case.output), flavor)


@lru_cache(maxsize=None)
def _compiled(job: Job, flavor: str) -> Result:
    said: list[str] = []
    try:
        rules, options = _prepared(job, said)
    except _Stop as e:
        return Result("\n".join([*said, str(e)]), True, _loaded(job))
    opts = job.options
    try:
        out = compile_for(
            rules, flavor, options, score=opts.score, allow_unchecked=opts.allow_unchecked
        )
    except MeldError as e:
        return Result("\n".join([*said, e.render(job.name, job.source)]), True, rules)
    for message, span in unordered_warnings(rules, options, out.flavor, opts.score):
        said.append(located(job.name, job.source, "warning", message, span))
    for label in out.unchecked:
        said.append(f"{PREFIX}: warning: the {flavor} pattern does not check {label}")
    text = out.outline().removesuffix("\n") if job.output == "outline" else out.text
    return Result("\n".join([*said, text]), False, rules, out)


def difference(expected: str, actual: str, output: str) -> str:
    """A unified diff of the expected and the actual text; a pattern (the
    last line) is broken at its groups first, as ``mahjong-regex textconv``
    does, so the diff shows the part that changed."""

    def lines(text: str) -> list[str]:
        found = text.split("\n")
        if output != "pattern":
            return found
        return found[:-1] + textconv(found[-1]).split("\n")

    diff = difflib.unified_diff(
        lines(expected), lines(actual), "expected", "actual", lineterm="", n=2
    )
    return "\n".join(diff)
