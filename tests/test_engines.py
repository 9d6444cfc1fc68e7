"""Tests of the engine harness, :mod:`mahjong_regex.engines`, itself.

Most tests run for every engine in :data:`~mahjong_regex.engines.ENGINES`,
with patterns whose answers are known, so a broken runner, a lossy wire
encoding, a session that loses step or a wrong match semantics (a full match
instead of a search) shows up here first.

An engine whose toolchain is missing is skipped, except when the environment
variable ``CI`` is ``"true"``: then it fails, because CI must exercise them all.
"""

from __future__ import annotations

import pytest
from conftest import require_engine

from mahjong_regex import FLAVORS
from mahjong_regex.engines import (
    ENGINES,
    EngineError,
    MatchError,
    PatternError,
    RunnerError,
    Session,
    diff_engine,
    engine_version,
    engines_for,
    facts,
    run_batch,
    run_groups,
)
from mahjong_regex.engines.process import RunnerProcess

RUNNER_ENGINES = [name for name, e in ENGINES.items() if not e.in_process]
GROUP_ENGINES = [name for name, e in ENGINES.items() if e.groups]


def anchored(engine: str, body: str) -> str:
    """Wrap ``body`` in whole-string anchors in the engine's own syntax.

    Python's ``re`` (before 3.14) spells end-of-string ``\\Z``; JavaScript has
    neither ``\\A`` nor ``\\z`` but, without the ``m`` flag, ``^``/``$`` only
    match at the ends of the string.  Everyone else has ``\\A``/``\\z``.
    """
    if engine == "python":
        return rf"\A{body}\Z"
    if engine == "node":
        return f"^{body}$"
    return rf"\A{body}\z"


def named(engine: str, name: str, body: str) -> str:
    """A named group in the engine's syntax."""
    if engine in ("python", "regex", "re2", "go"):
        return f"(?P<{name}>{body})"
    return f"(?<{name}>{body})"


@pytest.fixture(params=list(ENGINES))
def engine(request) -> str:
    """Each engine in turn, skipped (failed under CI) when it is missing."""
    require_engine(request.param)
    return request.param


# ---- the facts, and the flavor rows that name the engines --------------------


def test_every_flavor_row_names_known_engines_and_diff_runs_the_first():
    for name, row in FLAVORS.items():
        assert row.engines and all(e in ENGINES for e in row.engines), name
        assert row.diff_engine == row.engines[0] == diff_engine(name)
        assert engines_for(name) == row.engines
        assert all(facts(e).flavor == name for e in row.engines), name


def test_the_engines_of_the_rows():
    assert {name: row.engines for name, row in FLAVORS.items()} == {
        "pcre": ("pcre2", "php"),
        "regex": ("regex",),
        "python": ("python",),
        "js": ("node",),
        "java": ("java",),
        "dotnet": ("dotnet",),
        "ruby": ("ruby",),
        "re2": ("re2", "go"),
    }
    in_rows = {e for row in FLAVORS.values() for e in row.engines}
    assert set(ENGINES) - in_rows == {"pcre2-c"}  # the benchmarks' PCRE2 from C
    assert GROUP_ENGINES == ["pcre2", "php", "regex", "python", "dotnet", "re2"]


def test_an_engine_is_in_process_or_has_a_runner_and_its_tools():
    for name, e in ENGINES.items():
        assert e.in_process != bool(e.runner), name
        assert e.in_process != bool(e.tools), name


def test_unknown_engine_bad_label_bad_flags_bad_command():
    with pytest.raises(ValueError, match="unknown engine 'perl'"):
        engine_version("perl")
    with pytest.raises(ValueError, match="label"):
        Session("python", {"two words": "a"})
    with pytest.raises(ValueError, match="flags"):
        Session("python", "a", "u-")
    with Session("python", "a") as session:
        with pytest.raises(ValueError, match="not a runner command"):
            list(session.stream("fullmatch", ["a"]))


# ---- search semantics and the wire encoding ----------------------------------


def test_version(engine):
    """An engine names itself, the same through a session as alone."""
    version = engine_version(engine)
    assert version.strip()
    with Session(engine, "a") as session:
        assert session.version == version


def test_anchored_alternation(engine):
    """Search semantics with explicit anchors: a trailing newline is not the end."""
    hands = ["ab", "abc", "abd", "", "ab\n", "x\nab"]
    expected = [True, True, False, False, False, False]
    assert run_batch(engine, anchored(engine, "(?:ab|c)+"), hands) == expected


def test_unanchored_is_search_not_fullmatch(engine):
    """Without anchors the pattern may match anywhere, across spaces and newlines."""
    hands = ["中", "x 中\ny", "", " ", "\n", "🀄中🀄", "中" * 1000, "ab\r\n中"]
    expected = [True, True, False, False, False, True, True, True]
    assert run_batch(engine, "中", hands) == expected


def test_strings_the_wire_must_carry(engine):
    """The empty string, newlines alone, a lone carriage return, tabs, NUL,
    astral characters and a long string arrive as they were sent."""
    pattern = anchored(engine, "(?:\r|\n|\t| |\x00|a|🀇)*")
    hands = ["", "\n", "\n\n", "\r", "\r\n", "\t", " ", "\x00", "🀇", "a🀇\n" * 100, "b"]
    expected = [True] * 10 + [False]
    assert run_batch(engine, pattern, hands) == expected
    assert run_batch(engine, anchored(engine, "a*"), ["a" * 50_000, "a" * 50_000 + "b"]) == [
        True,
        False,
    ]
    counted = anchored(engine, "(?:🀇){3}")
    assert run_batch(engine, counted, ["🀇🀇🀇", "🀇🀇", "🀇🀇🀇🀇"]) == [True, False, False]
    assert run_batch(engine, "", ["", "a", "\n"]) == [True, True, True]  # the empty pattern


def test_astral_quantifier(engine):
    """A quantifier after an astral character (U+1F007).

    .NET works on UTF-16 code units, so ``🀇+`` repeats only the low
    surrogate there; grouping ``(?:🀇)+`` is portable.  JavaScript needs the
    ``u`` flag for the same reason.
    """
    hands = ["🀇🀇", "🀇x", "🀇", "", "🀇🀈"]
    flags = "u" if engine == "node" else ""
    grouped = run_batch(engine, anchored(engine, "(?:🀇)+"), hands, flags=flags)
    assert grouped == [True, False, True, False, False]
    bare = run_batch(engine, anchored(engine, "🀇+"), hands, flags=flags)
    if engine == "dotnet":
        assert bare == [False, False, True, False, False]
    else:
        assert bare == [True, False, True, False, False]


def test_astral_dot(engine):
    """``.`` matches one astral character (a code point, not a UTF-16 unit) -- except in .NET."""
    flags = "u" if engine == "node" else ""
    result = run_batch(engine, anchored(engine, "."), ["🀇", "a", "中", "🀇🀇"], flags=flags)
    if engine == "dotnet":
        assert result == [False, True, True, False]
    else:
        assert result == [True, True, True, False]


def test_astral_class_range(engine):
    """A character-class range of astral characters; .NET rejects it (a range of surrogates)."""
    flags = "u" if engine == "node" else ""
    pattern = anchored(engine, "[🀇-🀏]+")
    if engine == "dotnet":
        with pytest.raises(PatternError):
            run_batch(engine, pattern, ["🀇"])
    else:
        hands = ["🀇🀏", "🀐", "🀇a", ""]
        assert run_batch(engine, pattern, hands, flags=flags) == [True, False, False, False]


def test_node_flags_are_passed_exactly():
    """Without the ``u`` flag, JavaScript sees ``🀇+`` as surrogate + repeated low surrogate."""
    require_engine("node")
    hands = ["🀇🀇", "🀇"]
    assert run_batch("node", "^🀇+$", hands, flags="u") == [True, True]
    assert run_batch("node", "^🀇+$", hands) == [False, True]
    assert run_batch("node", "^A$", ["a"], flags="iu") == [True]


def test_dollar_semantics(engine):
    """``^``/``$`` differ between engines -- the reason patterns use ``\\A``/``\\z``."""
    hands = ["ab", "ab\n", "x\nab", "ab\nx"]
    before_newline = [True, True, False, False]
    very_end = [True, False, False, False]
    expected = {
        "node": very_end,
        "go": very_end,
        "re2": very_end,
        "ruby": [True, True, True, True],  # ^ and $ are always line anchors
    }.get(engine, before_newline)
    assert run_batch(engine, "^ab$", hands) == expected


def test_backreference_no_fallback(engine):
    """RE2-family engines reject backreferences instead of falling back to another engine."""
    pattern = r"(a)\1"
    if engine in ("re2", "go"):
        with pytest.raises(PatternError):
            run_batch(engine, pattern, ["aa"])
    else:
        assert run_batch(engine, pattern, ["aa", "ab"]) == [True, False]


def test_empty_batch(engine):
    """No strings, no answers."""
    assert run_batch(engine, "a", []) == []


def test_large_batch_keeps_order(engine):
    """Ten thousand strings in one call come back in order."""
    hands = ["ab" if i % 3 == 0 else ("" if i % 3 == 1 else "b\na") for i in range(10_000)]
    result = run_batch(engine, anchored(engine, "ab"), hands)
    assert result == [i % 3 == 0 for i in range(10_000)]


# ---- rejected patterns, failures ---------------------------------------------


def test_a_rejected_pattern_raises_with_the_engines_message(engine):
    with pytest.raises(PatternError) as info:
        run_batch(engine, "(ab", ["ab"])
    error = info.value
    assert (error.engine, error.label, error.title) == (engine, "p", facts(engine).title)
    assert error.message and "\n" not in error.message
    assert str(error) == f"{facts(engine).title} rejects the pattern: {error.message}"


def test_a_session_goes_on_without_the_patterns_it_rejects(engine):
    patterns = {"good": anchored(engine, "a+"), "bad": "(ab", "also": "b"}
    with Session(engine, patterns, strict=False) as session:
        assert list(session.rejected) == ["bad"] and session.rejected["bad"]
        assert session.labels == ["good", "also"]
        assert set(session.compile_ms) == {"good", "also"}
        assert session.match(["aa", "ab", ""]) == {
            "good": [True, False, False],
            "also": [False, True, False],
        }


def test_a_runner_that_stops_says_so_with_its_stderr():
    """A runner given a header of another protocol exits, and the error
    carries what it wrote on stderr."""
    for engine in RUNNER_ENGINES:
        require_engine(engine)
        runner = RunnerProcess(engine, 60)
        runner.send(b"mahjong-regex-runner 1\n")
        try:
            with pytest.raises(RunnerError) as info:
                list(runner.answer())
        finally:
            runner.close()
        assert str(info.value).startswith(f"the {engine} runner stopped (exit 2):\n")
        assert "bad input header" in str(info.value)


@pytest.mark.parametrize("engine", ["pcre2", "php", "pcre2-c"])
def test_a_match_limit_is_a_match_error(engine):
    """Catastrophic backtracking stops at PCRE2's match limit: the call
    fails, and the session says so instead of answering."""
    require_engine(engine)
    with Session(engine, r"\A(?:a+)+\z") as session:
        assert session.decide(["aaa"]) == [True]
        with pytest.raises(MatchError) as info:
            session.decide(["a" * 40 + "!"])
        assert str(info.value).startswith(f"{facts(engine).title} failed while matching (p): ")
        assert "limit" in str(info.value)
        assert session.decide(["aa", "b"]) == [True, False]  # the session goes on
        worst = session.worst(["a" * 40 + "!", "aa"], 1)["p"]
        assert isinstance(worst[0], str) and worst[0] and isinstance(worst[1], float)


def test_a_lone_surrogate_cannot_be_sent_to_a_runner():
    require_engine("node")
    with pytest.raises(UnicodeEncodeError):
        run_batch("node", "a", ["a\ud800"])


# ---- sessions ------------------------------------------------------------------


def test_a_session_answers_many_batches(engine):
    """One session, hundreds of small batches of varying size (some empty),
    answered in order and in step, as diff's search and shrinking send them."""
    pattern = anchored(engine, "(?:ab)+")
    with Session(engine, pattern) as session:
        for i in range(300):
            batch = ["ab" * (i % 5), "a" * (i % 3), "abab\n", "🀇ab"][: i % 5]
            want = [bool(s) and s == "ab" * (len(s) // 2) for s in batch]
            assert session.decide(batch) == want, i
        assert not session.closed
    assert session.closed
    with pytest.raises(EngineError, match="closed"):
        session.decide(["ab"])


def test_a_closed_session_ends_its_runner(engine):
    with Session(engine, "a") as session:
        runner = getattr(session.runner, "proc", None)
        assert session.decide(["a"]) == [True]
    if runner is not None:
        assert runner.poll() == 0  # it exits on the end of its input


def test_time_gives_the_verdicts_and_the_passes(engine):
    hands = ["ab", "b", "", "xab"]
    with Session(engine, {"one": "ab", "two": anchored(engine, "b")}) as session:
        rates = session.time(hands, 0.01)
    assert list(rates) == ["one", "two"]
    assert rates["one"].verdicts == [True, False, False, True]
    assert rates["two"].verdicts == [False, True, False, False]
    for rate in rates.values():
        assert rate.passes >= 1 and rate.seconds >= 0.01 and rate.rate > 0
        assert rate.matches == rate.passes * sum(rate.verdicts)


def test_worst_times_each_string_alone(engine):
    strings = ["a" * 1000, "", "ab"]
    with Session(engine, {"x": "ab", "y": anchored(engine, "a*")}) as session:
        worst = session.worst(strings, 2)
    assert list(worst) == ["x", "y"]
    for label in worst:
        assert len(worst[label]) == 3
        assert all(isinstance(ms, float) and ms >= 0 for ms in worst[label]), worst


def test_stream_gives_the_protocols_lines(engine):
    with Session(engine, {"a": "a", "b": "b"}) as session:
        lines = list(session.stream("match", ["a", "b", "ab"]))
        assert lines == ["result a 101", "result b 011"]
        assert session.match(["b"]) == {"a": [False], "b": [True]}
        with pytest.raises(ValueError, match="holds 2 patterns"):
            session.decide(["a"])


def test_leaving_a_stream_unread_ends_the_session(engine):
    session = Session(engine, {"a": "a", "b": "b"})
    answer = session.stream("match", ["a"])
    assert next(answer) == "result a 1"
    answer.close()
    assert session.closed


# ---- groups ----------------------------------------------------------------------


def test_groups_name_the_groups_that_took_part(engine):
    pattern = anchored(
        engine, named(engine, "pung", "(?:a){3}") + "*" + named(engine, "pair", "b{2}") + "?"
    )
    hands = ["aaabb", "aaa", "bb", "", "ab", "aaaaaa"]
    if engine not in GROUP_ENGINES:
        with pytest.raises(EngineError, match="does not report the groups"):
            run_groups(engine, pattern, hands)
        return
    assert run_groups(engine, pattern, hands) == [
        {"pung", "pair"},
        {"pung"},
        {"pair"},
        set(),
        None,
        {"pung"},
    ]
    assert run_groups(engine, pattern, hands[:2], names=["pair"]) == [{"pair"}, set()]
