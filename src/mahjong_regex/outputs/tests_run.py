"""Run the tests of rule files: each in the reference
(:mod:`mahjong_regex.reference.hand_checks`), and its hand in the real
engine of every flavor available here (:mod:`mahjong_regex.engines`).

Every engine runs in one session (one process for a runner engine) holding
the pattern of every rule set, and answers one ``match`` command per rule
set: its tests' hands.  The hands of ``tests sorted`` run in the rule set's
sorted pattern (``--input sorted``), in a command of their own.  A flavor
that cannot express a rule set, and an engine that cannot run here, are
skipped, with the reason.  Where a test
expects a score, the scoring pattern runs in the engines of the flavors that
score, and the groups that took part in its match give the elements.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import MeldError, shown
from ..engines import EngineError, Session, engine_version, engines_for, facts
from ..flavors.table import FLAVORS
from ..pipeline import compile_for, render_sorted
from ..reference.hand_checks import Outcome, ReferenceChecks
from ..reference.scorer import total_of
from ..ruleset.checker import load
from ..ruleset.hand_tests import HandTest, resolve
from ..ruleset.model import RuleSet
from .score_command import matched_elements, score_groups


@dataclass
class TestResult:
    """One test: its reference :class:`Outcome`, the ``engines`` its hand
    ran in, and what those that ``disagree`` with the test said (by engine:
    ``win``, ``no``, or a score)."""

    __test__ = False  # not a pytest class

    outcome: Outcome
    engines: list[str] = field(default_factory=list)
    disagree: dict[str, str] = field(default_factory=dict)

    @property
    def test(self) -> HandTest:
        """The test run."""
        return self.outcome.test

    @property
    def passed(self) -> bool:
        """The reference and every engine gave the test what it expects."""
        return self.outcome.passed and not self.disagree


@dataclass
class RuleSetRun:
    """The tests of one rule file.  ``path`` and ``source`` are the file's,
    ``name`` its rule set's (None when it did not load); ``error`` the
    located message of a file that did not load, or of a test that does not
    resolve (then nothing ran); ``results`` one per test, in source order;
    ``engines`` those that ran its tests, ``skipped`` why the others did not
    (by engine), ``broken`` what went wrong in an engine that could not
    answer (by engine: a pattern it rejects, a match that failed)."""

    path: str
    source: str
    name: str | None = None
    rules: RuleSet | None = None
    tests: tuple[HandTest, ...] = ()
    error: str | None = None
    results: list[TestResult] = field(default_factory=list)
    engines: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)

    @property
    def failed(self) -> list[TestResult]:
        """The tests that did not pass."""
        return [r for r in self.results if not r.passed]


def prepare(path: str, source: str) -> RuleSetRun:
    """Load a rule file and resolve its tests (nothing runs yet); a file
    that does not load, or a test that does not resolve, leaves its located
    message in ``error``."""
    run = RuleSetRun(path, source)
    try:
        run.rules = load(source, path)
        run.name = run.rules.name
        run.tests = resolve(run.rules)
    except MeldError as e:
        run.error = e.render(path, source.removeprefix("\ufeff"))
    return run


def run_reference(run: RuleSetRun) -> None:
    """Run the tests of ``run`` in the reference (its results start here)."""
    if run.error is not None:
        return
    checks = ReferenceChecks(run.rules)
    run.results = [TestResult(checks.run(t)) for t in run.tests]


def reference_failures(rules: RuleSet, path: str) -> list[str]:
    """The tests of ``rules`` that fail in the reference, each as
    ``path:line:col: …`` lines (empty: every test passed).  Raises
    :class:`~mahjong_regex.diagnostics.MeldError` for a test that does not
    resolve."""
    checks = ReferenceChecks(rules)
    out = []
    for test in resolve(rules):
        outcome = checks.run(test)
        if not outcome.passed:
            out.append(failure_lines(path, TestResult(outcome)))
    return out


def failure_lines(path: str, result: TestResult) -> str:
    """A failed test, as the report shows it: ``path:line:col: VERDICT HAND``
    and its note, what it expects, what the reference said and why that is
    not what the test expects, and the engines that disagreed."""
    test, outcome = result.test, result.outcome
    note = f"   # {test.note}" if test.note else ""
    form = " (tests sorted)" if test.form == "sorted" else ""
    lines = [f"{path}:{test.span}: {test.verdict} {shown(test.hand)}{form}{note}"]
    lines.append(f"  expected: {test.expectation()}")
    verdict = "win" if outcome.win else "no"
    lines.append(f"  reference: {verdict}: {outcome.said}")
    lines += [f"    but {p}" if outcome.win == test.win else f"    {p}" for p in outcome.problems]
    said: dict[str, list[str]] = {}
    for engine, answer in result.disagree.items():
        said.setdefault(answer, []).append(engine)
    for answer, engines in said.items():
        lines.append(f"  engines that disagree: {', '.join(engines)}: {answer}")
    return "\n".join(lines)


def available(flavors) -> tuple[dict[str, str], dict[str, str]]:
    """The engines of ``flavors`` (names, in flavor order): ({engine:
    version} of those that run here, {engine: why not} of the others)."""
    versions, missing = {}, {}
    for flavor in flavors:
        for engine in engines_for(flavor):
            try:
                versions[engine] = engine_version(engine)
            except EngineError as e:
                # The report names the engine: not twice ("re2: re2: …").
                missing[engine] = str(e).splitlines()[0].removeprefix(f"{engine}: ")
    return versions, missing


def run_engines(runs: list[RuleSetRun], flavors, versions: dict[str, str]) -> None:
    """Run the tests of ``runs`` (already run in the reference) in the
    engines of ``flavors`` that run here (``versions``, from
    :func:`available`); each run's ``engines``, ``skipped``, ``broken`` and
    its results' answers are filled in."""
    live = [r for r in runs if r.error is None and r.tests]
    for flavor in flavors:
        patterns = {}
        for i, run in enumerate(live):
            forms = {t.form for t in run.tests}
            for form, (mark, make) in _PATTERNS.items():
                if form not in forms:
                    continue
                try:
                    patterns[f"{mark}{i}"] = make(run.rules, flavor).text
                except MeldError as e:
                    for engine in engines_for(flavor):
                        run.skipped[_key(engine, form, forms)] = e.message
        for engine in engines_for(flavor):
            if engine in versions:
                _match(engine, FLAVORS[flavor].flags, patterns, live)
        if FLAVORS[flavor].scoring is None:
            for run in live:
                _score(flavor, run, versions)


#: Per input form, the mark that labels its pattern in a session (``r3``:
#: the arranged tests of rule set 3, ``s3`` its sorted ones) and the
#: pattern its tests run in.
_PATTERNS = {"arranged": ("r", compile_for), "sorted": ("s", render_sorted)}


def _key(engine: str, form: str, forms) -> str:
    """How ``skipped`` and ``broken`` name ``engine`` for the tests of one
    input form: the engine alone where the rule set has tests of that form
    only (arranged, as ever), else ``ENGINE (FORM)``, since it may have run
    the tests of the other form."""
    return engine if set(forms) == {form} and form == "arranged" else f"{engine} ({form})"


def _match(engine: str, flags: str, patterns: dict[str, str], live: list[RuleSetRun]) -> None:
    """One session of ``engine`` holding ``patterns`` (by label ``rI``, the
    rule set ``live[I]``), one ``match`` command per rule set."""
    if not patterns:
        return
    try:
        session = Session(engine, patterns, flags, strict=False)
    except EngineError as e:
        for label in patterns:
            live[int(label[1:])].broken[engine] = str(e).splitlines()[0]
        return
    with session:
        for label in patterns:
            run = live[int(label[1:])]
            form = next(f for f, (mark, _) in _PATTERNS.items() if mark == label[0])
            results = [r for r in run.results if r.test.form == form]
            key = _key(engine, form, {t.form for t in run.tests})
            if label in session.rejected:
                run.broken[key] = f"it rejects the pattern: {session.rejected[label]}"
                continue
            try:
                bits = _answer(session, label, [r.test.hand for r in results])
            except EngineError as e:
                run.broken[key] = str(e).splitlines()[0]
                continue
            if engine not in run.engines:
                run.engines.append(engine)
            for result, won in zip(results, bits):
                result.engines.append(engine)
                if won != result.test.win:
                    result.disagree[engine] = "win" if won else "no"


def _answer(session: Session, label: str, hands: list[str]) -> list[bool]:
    """The verdicts of the pattern ``label`` of ``session`` on ``hands``
    (the session's other patterns answer too, and are not read)."""
    bits = None
    for line in session.stream("match", hands):
        kind, _, rest = line.partition(" ")
        name, _, value = rest.partition(" ")
        if name != label:
            continue
        if kind == "failed":
            raise EngineError(f"{session.facts.title} failed while matching: {value}")
        if kind == "result":
            bits = value
    if bits is None or len(bits) != len(hands):
        raise EngineError(f"{session.facts.title} gave no answer for the pattern")
    return [b == "1" for b in bits]


def _score(flavor: str, run: RuleSetRun, versions: dict[str, str]) -> None:
    """The tests of ``run`` that expect a score, in the engines of ``flavor``
    (a flavor that scores) that report groups: the elements whose groups
    took part in the scoring pattern's match."""
    scored = [r for r in run.results if r.test.score is not None]
    engines = [e for e in engines_for(flavor) if e in versions and facts(e).groups]
    if not scored or not engines:
        return
    try:
        out = compile_for(run.rules, flavor, score=True)
    except MeldError as e:
        for engine in engines:
            run.skipped.setdefault(engine, f"the {flavor} flavor does not score it: {e.message}")
        return
    groups = score_groups(out, run.rules)
    for engine in engines:
        try:
            with Session(engine, out.text) as session:
                took = session.groups([r.test.hand for r in scored])
        except EngineError as e:
            run.broken[engine] = "the scoring pattern: " + str(e).splitlines()[0]
            continue
        for result, names in zip(scored, took):
            said = _score_differs(run.rules, groups, names, result.test)
            if said is not None and engine not in result.disagree:
                result.disagree[engine] = said


def _score_differs(rules: RuleSet, groups: list[dict], took, test: HandTest) -> str | None:
    """What a scoring pattern said where it differs from ``test``: ``no``
    (it did not match), or ``scores N (a, b)``; None where it agrees (with
    the total, and the elements when the test lists them)."""
    if took is None:
        return "no (the scoring pattern)"
    names = matched_elements(groups, lambda g: g in took)
    total = total_of(rules, names)
    if total == test.score and (test.elements is None or sorted(names) == sorted(test.elements)):
        return None
    return f"scores {total} ({', '.join(names) or 'no element'})"
