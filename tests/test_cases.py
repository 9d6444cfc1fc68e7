"""The case corpus (``tests/cases/``, format in its README): each case file
compiled for every flavor its header names, through the public API, its text
compared with the expected section; its hands decided by the reference
evaluator, and by the pattern in each engine of the flavor.

``MAHJONG_BLESS=1 python -m pytest tests/test_cases.py`` rewrites the
expected sections after an intended change (the header, the rule text and
the hands stay as written, and a verdict is never rewritten).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from case_files import Case, CaseError, bless, read_case
from case_runs import Result, compiled, difference, engines_of, verdicts
from conftest import require_engine

from mahjong_regex import Evaluator, cli

CASES = Path(__file__).parent / "cases"
BLESS = os.environ.get("MAHJONG_BLESS") == "1"
COMMAND = "MAHJONG_BLESS=1 python -m pytest tests/test_cases.py"


def case_names() -> list[str]:
    return sorted(p.relative_to(CASES).as_posix() for p in CASES.rglob("*.case"))


def _params() -> list:
    """(case name, flavor) for every flavor of every case; a case that does
    not parse gives one item, which fails with the reason."""
    out = []
    for name in case_names():
        try:
            flavors = read_case(CASES / name, CASES).flavors
        except CaseError:
            flavors = (None,)
        stem = name.removesuffix(".case")
        out += [pytest.param(name, f, id=f"{stem}-{f}" if f else stem) for f in flavors]
    return out


_blessed: dict[str, Case] = {}


def current(name: str) -> Case:
    """The case ``name``, its expected sections first rewritten once per
    run in bless mode."""
    case = read_case(CASES / name, CASES)
    if not BLESS:
        return case
    if name not in _blessed:
        bless(case, blessed_texts(case))
        _blessed[name] = read_case(CASES / name, CASES)
    return _blessed[name]


def blessed_texts(case: Case) -> dict[str, str]:
    """The new text of each flavor's section: what it compiles to, where the
    kind of output is the one the header names (else the old text stays)."""
    texts = {}
    for flavor in case.flavors:
        result = compiled(case, flavor)
        if result.error == (case.output == "error"):
            texts[flavor] = result.text
    return texts


def wanted(verdict: str, result: Result) -> bool:
    """Should the compiled pattern match a hand with this verdict?"""
    if verdict == "unchecked":
        return bool(result.output.unchecked)
    return verdict == "win"


def verdict(match: bool) -> str:
    return "win" if match else "no"


def check_text(case: Case, flavor: str, result: Result) -> None:
    if result.error != (case.output == "error"):
        got = "stopped with an error" if result.error else "compiled"
        pytest.fail(
            f"{case.name}: the header says '{case.output}', but {flavor} {got}:\n{result.text}"
        )
    expected = case.expected.get(flavor)
    if expected is None:
        pytest.fail(f"{case.name}: no expected section for {flavor}; run: {COMMAND}")
    if expected != result.text:
        pytest.fail(
            f"{case.name}: {flavor} prints another text (if intended, run: {COMMAND})\n"
            + difference(expected, result.text, case.output)
        )


def check_engines(case: Case, flavor: str, result: Result) -> None:
    """Every hand in every engine of the flavor: one call per engine."""
    hands = [h.text for h in case.hands]
    want = [wanted(h.verdict, result) for h in case.hands]
    for engine in engines_of(flavor):
        require_engine(engine)
        got = verdicts(engine, result.output.text, hands, result.output.flavor.flags)
        wrong = [
            f"{case.name}:{h.line}: {engine} says {verdict(g)} on {h.text}, the case {verdict(w)}"
            for h, g, w in zip(case.hands, got, want)
            if g != w
        ]
        assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("name, flavor", _params())
def test_case(name, flavor):
    case = current(name)
    result = compiled(case, flavor)
    check_text(case, flavor, result)
    if result.output is not None and case.hands:
        check_engines(case, flavor, result)


@pytest.mark.parametrize("name", case_names(), ids=lambda n: n.removesuffix(".case"))
def test_case_in_reference(name):
    """The sections name only the header's flavors, and every hand's
    verdict is the reference evaluator's."""
    case = current(name)
    assert not case.extra, f"{name}: sections for {', '.join(case.extra)}, not in the header"
    rules = compiled(case, case.flavors[0]).rules
    if rules is None:
        assert not case.hands, f"{name}: hands, but the rule text does not load"
        return
    evaluator = Evaluator(rules)
    wrong = [
        f"{name}:{h.line}: {h.verdict} {h.text}, but the reference says: "
        + evaluator.evaluate(h.text).explain()
        for h in case.hands
        if evaluator.wins(h.text) != (h.verdict == "win")
    ]
    assert not wrong, "\n".join(wrong)


def test_the_corpus_is_large():
    assert len(case_names()) >= 100


def cli_args(case: Case, flavor: str) -> list[str]:
    """The command line that compiles ``case`` for ``flavor``."""
    args = ["compile", case.name, "--flavor", flavor, *case.options.argv]
    return args + (["--format", "outline"] if case.output == "outline" else [])


@pytest.mark.parametrize("name", case_names(), ids=lambda n: n.removesuffix(".case"))
def test_the_command_line_prints_the_same(name, tmp_path, monkeypatch, capsys):
    """For its first flavor, ``mahjong-regex compile`` prints a case's
    text: the warnings and notes on stderr, then the pattern, or the error
    with exit code 2."""
    case = read_case(CASES / name, CASES)
    flavor = case.flavors[0]
    rules = tmp_path / case.name
    rules.parent.mkdir(parents=True)
    rules.write_text(case.source, "utf-8")
    monkeypatch.chdir(tmp_path)
    code = cli.main(cli_args(case, flavor))
    out, err = capsys.readouterr()
    assert code == (2 if case.output == "error" else 0)
    assert (err + out).removesuffix("\n") == compiled(case, flavor).text
