"""Tests of the regex-engine harness in ``tests/engines.py`` itself.

Each test runs for every engine in :data:`engines.ENGINES`, with patterns whose
answers are known, so a broken runner, a lossy wire encoding or a wrong
match semantics (fullmatch instead of search) shows up here first.

An engine whose toolchain is missing is skipped, except when the environment
variable ``CI`` is ``"true"``: then it fails, because CI must exercise them all.
"""

from __future__ import annotations

import os

import pytest
from engines import ENGINES, EngineUnavailable, PatternError, engine_version, run_batch


def require(engine: str) -> str:
    """Return the engine's version, or skip (fail under CI=true) if it is unavailable."""
    try:
        return engine_version(engine)
    except EngineUnavailable as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{engine} unavailable in CI: {exc}")
        pytest.skip(str(exc))


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


@pytest.fixture(params=ENGINES)
def engine(request) -> str:
    """Each engine in turn (tests call :func:`require` so CI reports a failure, not an error)."""
    return request.param


def test_version(engine):
    """Every available engine reports a non-empty version string."""
    require(engine)
    version = engine_version(engine)
    assert isinstance(version, str) and version.strip()


def test_anchored_alternation(engine):
    """Search semantics with explicit anchors: a trailing newline is not the end."""
    require(engine)
    hands = ["ab", "abc", "abd", "", "ab\n", "x\nab"]
    expected = [True, True, False, False, False, False]
    assert run_batch(engine, anchored(engine, "(?:ab|c)+"), hands) == expected


def test_unanchored_is_search_not_fullmatch(engine):
    """Without anchors the pattern may match anywhere, across spaces and newlines."""
    require(engine)
    hands = ["中", "x 中\ny", "", " ", "\n", "🀄中🀄", "中" * 1000, "ab\r\n中"]
    expected = [True, True, False, False, False, True, True, True]
    assert run_batch(engine, "中", hands) == expected


def test_astral_quantifier(engine):
    """A quantifier after an astral character (U+1F007).

    .NET works on UTF-16 code units, so ``🀇+`` repeats only the low
    surrogate there; grouping ``(?:🀇)+`` is portable.  JavaScript needs the
    ``u`` flag for the same reason.
    """
    require(engine)
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
    require(engine)
    flags = "u" if engine == "node" else ""
    result = run_batch(engine, anchored(engine, "."), ["🀇", "a", "中", "🀇🀇"], flags=flags)
    if engine == "dotnet":
        assert result == [False, True, True, False]
    else:
        assert result == [True, True, True, False]


def test_astral_class_range(engine):
    """A character-class range of astral characters; .NET rejects it (a range of surrogates)."""
    require(engine)
    flags = "u" if engine == "node" else ""
    pattern = anchored(engine, "[🀇-🀏]+")
    if engine == "dotnet":
        with pytest.raises(PatternError):
            run_batch(engine, pattern, ["🀇"])
    else:
        hands = ["🀇🀏", "🀐", "🀇a", ""]
        assert run_batch(engine, pattern, hands, flags=flags) == [
            True,
            False,
            False,
            False,
        ]


def test_node_flags_are_passed_exactly():
    """Without the ``u`` flag, JavaScript sees ``🀇+`` as surrogate + repeated low surrogate."""
    require("node")
    hands = ["🀇🀇", "🀇"]
    assert run_batch("node", "^🀇+$", hands, flags="u") == [True, True]
    assert run_batch("node", "^🀇+$", hands) == [False, True]


def test_dollar_semantics(engine):
    """``^``/``$`` differ between engines -- the reason patterns use ``\\A``/``\\z``."""
    require(engine)
    hands = ["ab", "ab\n", "x\nab", "ab\nx"]
    expected = {
        # $ also matches before a final newline
        "python": [True, True, False, False],
        "regex": [True, True, False, False],
        "pcre2": [True, True, False, False],
        "java": [True, True, False, False],
        "dotnet": [True, True, False, False],
        # $ is the very end of the string
        "node": [True, False, False, False],
        "go": [True, False, False, False],
        "re2": [True, False, False, False],
        # ^ and $ are always line anchors
        "ruby": [True, True, True, True],
    }[engine]
    assert run_batch(engine, "^ab$", hands) == expected


def test_malformed_pattern_raises(engine):
    """A pattern that does not compile raises PatternError naming the engine."""
    require(engine)
    with pytest.raises(PatternError) as info:
        run_batch(engine, "(ab", ["ab"])
    assert info.value.engine == engine
    assert info.value.message
    assert str(info.value).startswith(f"{engine}: ")


def test_backreference_no_fallback(engine):
    """RE2-family engines reject backreferences instead of falling back to another engine."""
    require(engine)
    pattern = r"(a)\1"
    if engine in ("re2", "go"):
        with pytest.raises(PatternError):
            run_batch(engine, pattern, ["aa"])
    else:
        assert run_batch(engine, pattern, ["aa", "ab"]) == [True, False]


def test_empty_batch(engine):
    """No strings, no answers."""
    require(engine)
    assert run_batch(engine, "a", []) == []


def test_large_batch_keeps_order(engine):
    """Ten thousand strings in one call come back in order."""
    require(engine)
    hands = ["ab" if i % 3 == 0 else ("" if i % 3 == 1 else "b\na") for i in range(10_000)]
    result = run_batch(engine, anchored(engine, "ab"), hands)
    assert result == [i % 3 == 0 for i in range(10_000)]
