"""What the playground page asks of the compiler, in one module.

The page's worker runs this module inside Pyodide and calls :func:`handle`
with a JSON request; the answer is JSON too.  Every request names an ``op``:

- ``init``: the built-in rule sets (name and source), the flavors, the host
  languages of the snippets, the tile notations and the input forms;
- ``compile``: ``source`` (rule text), ``path`` (its name in messages),
  ``notation`` (a built-in tile notation, or null for the names as
  written), ``form`` (the input form), ``flavor``, ``fmt`` (``pattern``,
  ``outline``, ``json`` or ``code``), ``lang`` (for ``code``), ``score`` (the
  scoring pattern) and ``allow_unchecked``.  The answer holds the located
  ``diagnostics`` (errors and warnings), and the ``text`` in the format
  asked, or the flavor's located ``refused`` message;
- ``check``: ``source``, ``path``, ``notation``: the diagnostics alone;
- ``decide``: ``source``, ``path``, ``notation``, ``form`` and ``hands``:
  the reference evaluator's verdict on each hand (the split, with what each
  wild tile stood for, or the reason for a no) and, for a rule set that
  scores, the reference scorer's total and elements;
- ``examples``: ``source``, ``path``, ``notation``: a few winning and
  losing hands for the rule set;
- ``convert``: ``source``, ``path``, ``hands``, ``from`` and ``to``: the
  hands written in another notation (a hand that does not read is kept);
- ``tests``: ``source``, ``path``, ``notation``: the rule file's tests (its
  ``tests`` blocks), each decided in the reference as ``mahjong-regex test``
  decides it (see :func:`run_tests`), or the located ``error`` of a test
  written wrong.

A malformed rule text is an answer with ``ok`` false and its diagnostics,
never an exception; an unexpected failure is an answer with ``ok`` false
and ``crash`` (the traceback text).
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from functools import lru_cache
from importlib import metadata

from ..compiler.melds.sorted_runs import unordered_warnings
from ..compiler.registry import Options
from ..diagnostics import HandError, MeldError, UnsupportedError, located
from ..flavors.table import FLAVORS, languages
from ..hands.samples import random_hands
from ..outputs.compile_output import (
    Compiled,
    code,
    compile_any,
    compile_json,
    per_shape,
)
from ..outputs.snippets import SnippetOptions
from ..pipeline import Output, compile_for
from ..reference.evaluator import Evaluator, Verdict
from ..reference.hand_checks import Outcome, ReferenceChecks
from ..reference.scorer import Scorer, TooManySplits
from ..rules import BUILTINS, builtin_source
from ..ruleset.checker import load
from ..ruleset.hand_tests import HandTest, resolve
from ..ruleset.model import RuleSet
from ..ruleset.notations import (
    BUILTIN_NOTATIONS,
    NotationError,
    builtin_notation,
    rewrite,
)

#: The input forms a pattern can be compiled for.
FORMS = ("arranged",)
#: How many winning and how many losing hands ``examples`` gives.
EXAMPLES = 3
#: The output formats of ``compile``.
FORMATS = ("pattern", "outline", "json", "code")


class BadRequest(ValueError):
    """A request the page should never send: an unknown op, flavor, format,
    language, notation or input form, or a field of the wrong type."""


def handle(request: str) -> str:
    """Answer one JSON request (see the module docstring) with JSON (str ->
    str).  Never raises: a bad request or an unexpected failure is an answer
    with ``ok`` false."""
    try:
        req = json.loads(request)
        if not isinstance(req, dict):
            raise BadRequest("a request is a JSON object")
        op = OPS.get(req.get("op"))
        if op is None:
            raise BadRequest(f"unknown op {req.get('op')!r}; ops are {', '.join(OPS)}")
        answer = op(req)
    except (BadRequest, json.JSONDecodeError) as e:
        answer = {"ok": False, "error": f"bad request: {e}"}
    except Exception:  # shown in the page, so a compiler bug is reported, not hidden
        answer = {"ok": False, "crash": traceback.format_exc()}
    return json.dumps(answer, ensure_ascii=False)


def _field(req: dict, name: str, kind: type, default=None):
    """``req[name]`` checked to be a ``kind`` (or absent/null: ``default``)."""
    value = req.get(name)
    if value is None:
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadRequest(f"{name!r} must be a {kind.__name__}")
    return value


def _choice(req: dict, name: str, allowed, default=None):
    value = _field(req, name, str, default)
    if value is not None and value not in allowed:
        raise BadRequest(f"unknown {name} {value!r}; one of {', '.join(allowed)}")
    return value


def init(req: dict) -> dict:
    """The page's first answer: what it offers in its pickers."""
    return {
        "ok": True,
        "version": metadata.version("mahjong-regex"),
        "python": sys.version.split()[0],
        "builtins": [{"name": n, "source": builtin_source(n)} for n in BUILTINS],
        "flavors": [
            {"name": f.name, "engine": f.engine, "flags": f.flags} for f in FLAVORS.values()
        ],
        "langs": languages(),
        "score_langs": languages(scoring=True),
        "notations": list(BUILTIN_NOTATIONS),
        "forms": list(FORMS),
        "formats": list(FORMATS),
    }


def diagnostic(severity: str, message: str, span, path: str, source: str, help=None) -> dict:
    """One located message: where it is (1-based ``line``, ``column``,
    exclusive ``end_column``; null without a place) and ``text``, the
    message as the command line prints it."""
    return {
        "severity": severity,
        "message": message,
        "help": help,
        "line": span.line if span else None,
        "column": span.column if span else None,
        "end_column": span.end_column if span else None,
        "text": located(path, source, severity, message, span, help),
    }


def error_diagnostic(e: MeldError, path: str, source: str) -> dict:
    """A :class:`MeldError` as a diagnostic; an error located in a notation
    file keeps its text but marks no place in the rule text."""
    if isinstance(e, NotationError) and e.path != path:
        d = diagnostic("error", e.message, None, path, source, e.help)
        return {**d, "text": e.located()}
    return diagnostic("error", e.message, e.span, path, source, e.help)


@lru_cache(maxsize=16)
def _load(source: str, path: str, notation: str | None) -> RuleSet:
    rules = load(source, path)
    return rules if notation is None else rewrite(rules, builtin_notation(notation))


def rules_key(req: dict) -> tuple[str, str, str | None]:
    """What names a request's rule set: (``source``, ``path``, ``notation``);
    checks ``form`` too."""
    source = _field(req, "source", str, "")
    path = _field(req, "path", str, "rules.meld")
    notation = _choice(req, "notation", BUILTIN_NOTATIONS)
    _choice(req, "form", FORMS, "arranged")
    return source, path, notation


def load_text(req: dict) -> tuple[RuleSet | None, list[dict]]:
    """The rule set of a request (see :func:`rules_key`) and its
    diagnostics: its warnings, or the error that stops it (then the rule
    set is None)."""
    source, path, notation = key = rules_key(req)
    try:
        rules = _load(*key)
    except MeldError as e:
        return None, [error_diagnostic(e, path, source)]
    return rules, [diagnostic("warning", m, s, path, source) for m, s in rules.warnings]


def check(req: dict) -> dict:
    """The ``check`` op: the diagnostics of a rule text alone."""
    rules, diags = load_text(req)
    return {"ok": rules is not None, "diagnostics": diags}


@lru_cache(maxsize=24)
def _output(key: tuple, flavor: str, score: bool, allow_unchecked: bool) -> Output:
    return compile_for(_load(*key), flavor, score=score, allow_unchecked=allow_unchecked)


def compile_text(req: dict) -> dict:
    """The ``compile`` op (see the module docstring)."""
    fmt = _choice(req, "fmt", FORMATS, "pattern")
    score = bool(_field(req, "score", bool, False))
    langs = languages(scoring=True) if score else languages()
    flavor = _choice(req, "flavor", FLAVORS, "pcre")
    lang = _choice(req, "lang", {**languages(), **languages(scoring=True)})
    if fmt == "code":
        if lang not in langs:
            what = "scoring code" if score else "code"
            raise BadRequest(f"no {what} for {lang!r}; languages are {', '.join(langs)}")
        flavor = langs[lang]
    rules, diags = load_text(req)
    if rules is None:
        return {"ok": False, "diagnostics": diags}
    answer = {"ok": True, "diagnostics": diags, "flavor": flavor, "fmt": fmt, "lang": lang}
    answer.update(ruleset=rules.name, scores=bool(rules.scoring), indicator=_has_indicator(rules))
    source, path = req.get("source") or "", req.get("path") or "rules.meld"
    if score and not rules.scoring:
        message = f"rule set {rules.name!r} declares no scoring elements ('score' statements)"
        return {**answer, "refused": diagnostic("error", message, None, path, source)}
    started = time.perf_counter()
    row = FLAVORS[flavor]
    try:
        allow = bool(_field(req, "allow_unchecked", bool, False))
        if per_shape(row, fmt, score):
            done = compile_any(rules, flavor, Options(), fmt, score, allow)
        else:
            done = Compiled(row, _output(rules_key(req), flavor, score, allow))
    except UnsupportedError as e:
        return {**answer, "refused": error_diagnostic(e, path, source)}
    for message, span in unordered_warnings(rules, Options(), row, score):
        diags.append(diagnostic("warning", message, span, path, source))
    out, notation = done.out, rules_key(req)[2]
    answer.update(
        text=_formatted(done, rules, fmt, (lang, notation), score, path),
        pattern=out.text if out is not None else None,
        flags=row.flags,
        engine=row.engine,
        unchecked=list(out.unchecked) if out is not None else [],
        ms=round((time.perf_counter() - started) * 1000, 1),
    )
    return answer


def _has_indicator(rules: RuleSet) -> bool:
    return rules.indicator is not None and rules.turned is None


def _formatted(done: Compiled, rules: RuleSet, fmt: str, host, score: bool, path: str) -> str:
    """The compiled pattern in one of :data:`FORMATS`, as ``compile
    --format`` prints it; ``host`` is (the code's language, the tile
    notation or None)."""
    lang, notation = host
    if fmt == "outline":
        return done.out.outline()
    if fmt == "code":
        return code(done, rules, lang, SnippetOptions(notation=notation), score)
    if fmt == "json":
        info = compile_json(done, rules, path, notation, score)
        return json.dumps(info, ensure_ascii=False, indent=2) + "\n"
    return done.out.text


@lru_cache(maxsize=8)
def _judges(key: tuple) -> tuple[Evaluator, Scorer | None]:
    rules = _load(*key)
    return Evaluator(rules), (Scorer(rules) if rules.scoring else None)


def decide(req: dict) -> dict:
    """The ``decide`` op (see the module docstring)."""
    hands = _field(req, "hands", list, [])
    if not all(isinstance(h, str) for h in hands):
        raise BadRequest("'hands' must be a list of strings")
    rules, diags = load_text(req)
    if rules is None:
        return {"ok": False, "diagnostics": diags}
    evaluator, scorer = _judges(rules_key(req))
    started = time.perf_counter()
    verdicts = [verdict(evaluator.evaluate(h), h, scorer) for h in hands]
    ms = round((time.perf_counter() - started) * 1000, 1)
    return {"ok": True, "diagnostics": diags, "verdicts": verdicts, "ms": ms}


def verdict(v: Verdict, hand: str, scorer: Scorer | None) -> dict:
    """One hand's reference verdict: ``win``; for a win the ``shape`` and
    the ``split`` (per meld its kind, the tiles held and the tiles they
    stand for); for a no the ``reason``; ``error`` when the string is not a
    hand; ``score`` for a win under a rule set that scores."""
    split = [
        {"kind": m.kind, "tiles": list(m.tiles), "stands": list(getattr(m, "stands", m.tiles))}
        for m in v.split
    ]
    out = {
        "hand": hand,
        "win": v.win,
        "shape": v.shape,
        "split": split,
        "explain": v.explain(),
        "reason": v.reason,
        "error": None if v.error is None else str(v.error),
    }
    if scorer is not None and v.win:
        out["score"] = scored(scorer, hand)
    return out


def scored(scorer: Scorer, hand: str) -> dict:
    """The reference scorer's answer for a winning hand: ``total``, the
    ``elements`` (name, value, count, limit) and the ``split`` they count
    on; or ``error`` when the hand splits too many ways to score."""
    try:
        s = scorer.score(hand)
    except TooManySplits as e:
        return {"error": str(e)}
    return {
        "total": s.total,
        "limit": any(e.limit for e in s.elements),
        "elements": [
            {"name": e.name, "value": e.value, "count": e.count, "limit": e.limit}
            for e in s.elements
        ],
        "split": f"{s.shape}: " + " | ".join(str(m) for m in s.split),
    }


def renamer(old: RuleSet, new: RuleSet):
    """A function that writes a hand of ``old``'s tiles (``TURNED|HAND``
    too) in the names ``new`` gives the same tiles (the same rule set in
    another notation); a hand that does not read is kept as it is."""
    names = [t.name for t in new.alphabet.tiles]

    def rename(part: str) -> str:
        return "".join(names[t.index] for t in old.alphabet.tokenize(part))

    def hand(text: str) -> str:
        try:
            return "|".join(rename(p) if p else p for p in text.split("|"))
        except HandError:
            return text

    return hand


def convert(req: dict) -> dict:
    """The ``convert`` op: hands from the notation ``from`` to ``to``."""
    hands = _field(req, "hands", list, [])
    if not all(isinstance(h, str) for h in hands):
        raise BadRequest("'hands' must be a list of strings")
    old, _ = load_text({**req, "notation": req.get("from")})
    new, diags = load_text({**req, "notation": req.get("to")})
    if old is None or new is None:
        return {"ok": False, "diagnostics": diags}
    return {"ok": True, "hands": list(map(renamer(old, new), hands))}


def examples(req: dict) -> dict:
    """The ``examples`` op: a few hands near the boundary for the rule set,
    winning ones first (the same every time)."""
    rules, diags = load_text(req)
    if rules is None:
        return {"ok": False, "diagnostics": diags}
    evaluator, _ = _judges(rules_key(req))
    wins, nos = [], []
    for hand in dict.fromkeys(random_hands(rules, 40, seed=0)):
        v = evaluator.evaluate(hand)
        if v.error is None:
            (wins if v.win else nos).append(hand)
    return {"ok": True, "hands": wins[:EXAMPLES] + nos[:EXAMPLES]}


@lru_cache(maxsize=8)
def _outcomes(source: str, path: str) -> tuple[Outcome, ...]:
    """The rule file's tests, each run in the reference by the code
    ``mahjong-regex test`` runs them with; raises
    :class:`~mahjong_regex.diagnostics.MeldError` for a test written wrong."""
    rules = _load(source, path, None)
    checks = ReferenceChecks(rules)
    return tuple(checks.run(t) for t in resolve(rules))


def run_tests(req: dict) -> dict:
    """The ``tests`` op: the tests of the rule text, as written (a notation
    asked only renames each hand into ``match``, the string the page's
    pattern reads).  The answer holds the ``diagnostics`` of the rule text,
    the ``tests`` (see :func:`hand_test_answer`) and their ``summary`` (``tests``,
    ``passed``, ``failed``: the reference's side), or ``error``, the located
    diagnostic of a test written wrong (then no test ran).  A rule text that
    does not load is an answer with ``ok`` false."""
    source, path, notation = rules_key(req)
    rules, diags = load_text({**req, "notation": None})
    if rules is None:
        return {"ok": False, "diagnostics": diags}
    answer = {"ok": True, "diagnostics": diags, "error": None, "tests": []}
    answer["summary"] = {"tests": len(rules.tests), "passed": 0, "failed": 0}
    started = time.perf_counter()
    try:
        outcomes = _outcomes(source, path)
    except MeldError as e:
        return {**answer, "error": error_diagnostic(e, path, source)}
    try:
        match = renamer(rules, _load(source, path, notation))
    except MeldError:  # the notation cannot name these tiles: no pattern reads them either
        match = str
    _, scorer = _judges((source, path, None))
    answer["tests"] = [hand_test_answer(o, rules, scorer, match(o.test.hand)) for o in outcomes]
    passed = sum(o.passed for o in outcomes)
    answer["summary"] = {"tests": len(outcomes), "passed": passed, "failed": len(outcomes) - passed}
    answer["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return answer


def hand_test_answer(outcome: Outcome, rules: RuleSet, scorer: Scorer | None, match: str) -> dict:
    """One test and its reference :class:`Outcome`: its place (``line``,
    ``column``, ``end_column``), ``verdict`` (``win`` or ``no``), ``hand`` as
    the rules decide it, its ``input`` form (``arranged``, or ``sorted``: the
    page's pattern does not read it) and ``match`` (the same in the page's notation),
    ``turned`` (the turned tile, for a rule set with an indicator), ``note``,
    ``expected`` (in words, as ``mahjong-regex test`` says it), ``passed``,
    the ``reference`` (``verdict``, ``said``, ``problems``) and, for a test
    that expects a score of a hand the reference says wins, the reference
    scorer's ``score`` (see :func:`scored`)."""
    test: HandTest = outcome.test
    turned, bar, _ = test.hand.partition("|")
    out = {
        "line": test.span.line,
        "column": test.span.column,
        "end_column": test.span.end_column,
        "verdict": test.verdict,
        "hand": test.hand,
        "input": test.form,
        "match": match,
        "turned": turned if bar and _has_indicator(rules) else None,
        "note": test.note,
        "expected": test.expectation(),
        "passed": outcome.passed,
        "reference": {
            "verdict": "win" if outcome.win else "no",
            "said": outcome.said,
            "problems": list(outcome.problems),
        },
    }
    if test.score is not None and outcome.win and scorer is not None:
        out["score"] = scored(scorer, test.hand)
    return out


#: The requests :func:`handle` answers.
OPS = {
    "init": init,
    "check": check,
    "compile": compile_text,
    "decide": decide,
    "convert": convert,
    "examples": examples,
    "tests": run_tests,
}
