"""``tests sorted { … }``: hands in canonical order in a rule file, decided
by the multiset reference and run in each flavor's sorted pattern; what a
sorted test may not hold (docs/tests-in-rules.md)."""

from __future__ import annotations

import json

import pytest
from conftest import require_engine
from test_rule_tests import HEAD, WIN, resolved_tests

from mahjong_regex import MeldError, builtin_source
from mahjong_regex.outputs import tests_report, tests_run
from mahjong_regex.reference.hand_checks import ReferenceChecks
from mahjong_regex.ruleset.checker import load

SORTED_TESTS = """tests sorted {
  win 幺鸡幺鸡幺鸡二条二条三条三条四条四条一筒一筒幺万二万三万   # two chows 2-3-4s side by side
    as standard
  no  二条二条二条二条三条三条四条四条五条五条六条七条九条九条   # one suit
    because suits >= 2
  no  幺鸡幺鸡幺鸡二条二条三条三条四条四条一筒一筒幺万二万四万   # no arrangement
}
"""


def test_sorted_tests_are_decided_by_the_multiset_reference_and_the_sorted_patterns():
    """A hand of ``tests sorted`` is in canonical order, not arranged: the
    multiset reference decides it (the arranged evaluator would not see the
    two chows), and the engines run the sorted pattern."""
    tests = resolved_tests(SORTED_TESTS)
    assert [t.form for t in tests] == ["sorted"] * 3
    checks = ReferenceChecks(load(HEAD + SORTED_TESTS, "t.meld"))
    assert [(o.win, o.passed) for o in map(checks.run, tests)] == [
        (True, True),
        (False, True),
        (False, True),
    ]
    run = tests_run.prepare("h.meld", HEAD + SORTED_TESTS + f"tests {{ win {WIN} }}\n")
    tests_run.run_reference(run)
    versions, _ = tests_run.available(("regex", "python"))
    tests_run.run_engines([run], ("regex", "python"), versions)
    assert run.engines == list(versions) and not run.broken
    assert all(r.passed and r.engines == list(versions) for r in run.results)
    assert [r.test.form for r in run.results] == ["sorted"] * 3 + ["arranged"]


def test_a_flavor_refusing_the_arranged_tests_but_running_the_sorted_ones_says_so():
    """Harbin's arranged pattern is refused in re2 (suits >= 2), its sorted
    one is not: the report keeps the refusal, named for the arranged tests."""
    require_engine("re2")
    block = f"tests {{ win {WIN} }}\n" + SORTED_TESTS
    run = tests_run.prepare("h.meld", HEAD + block)
    tests_run.run_reference(run)
    versions, _ = tests_run.available(("re2",))
    tests_run.run_engines([run], ("re2",), versions)
    ran = list(versions)  # re2, and go where it is installed
    assert run.engines == ran and "re2 (arranged)" in run.skipped
    assert [r.engines for r in run.results] == [[], ran, ran, ran]
    lines = tests_report.text([run], versions, {}).splitlines()
    assert lines[1].startswith("  not run in re2 (arranged)")
    assert "cannot express" in lines[1]
    assert (
        "re2 (arranged)"
        in json.loads(tests_report.as_json([run], versions, {}))["rule_sets"][0]["skipped"]
    )


def test_a_sorted_test_out_of_order_or_with_a_split_is_a_located_error():
    with pytest.raises(MeldError) as e:
        resolved_tests(
            "tests sorted { win 二条幺鸡幺鸡幺鸡三条四条五条六条七条八条九条一筒一筒幺万幺万 }\n"
        )
    assert e.value.message == "a sorted test's hand is not in canonical order"
    assert (
        e.value.help
        == "in canonical order it is 幺鸡幺鸡幺鸡二条三条四条五条六条七条八条九条一筒一筒幺万幺万"
    )
    assert (e.value.span.line, e.value.span.column) == (HEAD.count("\n") + 1, 20)
    block = f"tests sorted {{ win {WIN}\n  split pung 幺鸡幺鸡幺鸡 }}\n"
    with pytest.raises(MeldError, match="a sorted test takes no split"):
        resolved_tests(block)
    # Quoted, a hand out of order is a test that it never wins.
    [t] = resolved_tests('tests sorted { no "二条幺鸡" }\n')
    assert (t.hand, t.win, ReferenceChecks(load(HEAD, "t.meld")).run(t).passed) == (
        "二条幺鸡",
        False,
        True,
    )
    # Such a test stops only the commands that run tests: the rules compile.
    assert load(HEAD + "tests sorted { win 二条幺鸡 }\n", "t.meld").name == "harbin"


def test_a_turned_tile_stays_in_front_of_the_canonical_order_a_test_is_shown():
    """The help gives the hand as the test must be written: ``TURNED|``
    first, then the tiles in canonical order."""
    head = builtin_source("tianjin").split("\n# ---- tests", 1)[0] + "\n"
    with pytest.raises(MeldError) as e:
        resolved_tests(
            "tests sorted { win 三筒|一万二万三万五万六万七万二条三筒四条五条五条五条东东 }\n", head
        )
    assert (
        e.value.help
        == "in canonical order it is 三筒|一万二万三万五万六万七万三筒二条四条五条五条五条东东"
    )
    [t] = resolved_tests(
        "tests sorted { win 三筒|一万二万三万五万六万七万三筒二条四条五条五条五条东东 }\n", head
    )
    assert ReferenceChecks(load(head, "t.meld")).run(t).passed
