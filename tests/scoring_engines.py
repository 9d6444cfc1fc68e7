"""Run scoring patterns in real engines: which named groups take part in the
match of each hand (test infrastructure, like :mod:`engines`).

``regex`` and ``pcre2`` run in-process (the PyPI modules); ``dotnet`` runs
``tests/runners/ScoreRunner.cs`` under Mono and ``php`` runs
``tests/runners/score_runner.php`` (PHP's own PCRE2 through ``preg_match``),
one process per batch.  Their protocol: hex-encoded UTF-8 lines on stdin
(the pattern, the group names, the hands), one line per hand on stdout
(``0``, or ``1`` and the names of the groups that took part).
"""

from __future__ import annotations

import subprocess

from engines import (
    RUNNERS_DIR,
    TIMEOUT_SECONDS,
    EngineUnavailable,
    PatternError,
    _which,
    mono_command,
)

#: The engines a scoring pattern is proven in, and the flavor each runs.
SCORING_ENGINES = {"regex": "regex", "pcre2": "pcre", "dotnet": "dotnet", "php": "pcre"}


def _in_process(engine: str, pattern: str, names, hands) -> list[frozenset[str] | None]:
    if engine == "regex":
        import regex

        try:
            compiled = regex.compile(pattern, regex.V0)
        except regex.error as e:
            raise PatternError(engine, str(e)) from None
    else:
        try:
            import pcre2
        except ImportError as e:
            raise EngineUnavailable(f"Python module 'pcre2' not importable: {e}") from None
        try:
            compiled = pcre2.compile(pattern)
        except pcre2.PatternError as e:
            raise PatternError(engine, str(e)) from None
    out: list[frozenset[str] | None] = []
    for hand in hands:
        m = compiled.match(hand)
        out.append(None if m is None else frozenset(n for n in names if m.group(n) is not None))
    return out


def _command(engine: str) -> list[str]:
    if engine == "php":
        (php,) = _which("php")
        return [php, str(RUNNERS_DIR / "score_runner.php")]
    return list(mono_command("dotnet-score", "ScoreRunner"))


def score_batch(engine: str, pattern: str, names, hands) -> list[frozenset[str] | None]:
    """For each hand: None when ``pattern`` does not match it, else the set of
    ``names`` (group names) that took part in the match, in ``engine`` (one of
    :data:`SCORING_ENGINES`).

    Raises :class:`~engines.EngineUnavailable` when the engine is missing,
    :class:`~engines.PatternError` when it rejects the pattern."""
    names = list(names)
    if engine in ("regex", "pcre2"):
        return _in_process(engine, pattern, names, hands)
    lines = [pattern.encode("utf-8").hex(), " ".join(names)]
    lines += [h.encode("utf-8").hex() for h in hands]
    done = subprocess.run(
        _command(engine),
        input=("\n".join(lines) + "\n").encode("ascii"),
        capture_output=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )
    text = done.stdout.decode("utf-8", "replace").splitlines()
    if done.returncode != 0 or not text or not text[0].startswith("version"):
        message = (done.stderr + done.stdout).decode("utf-8", "replace").strip()
        raise PatternError(engine, message[:2000])
    answers = text[1:]
    if len(answers) != len(hands) or any(a.startswith("failed") for a in answers):
        bad = next((a for a in answers if a.startswith("failed")), f"{len(answers)} answers")
        raise RuntimeError(f"{engine} scoring runner: {bad} for {len(hands)} hands")
    out: list[frozenset[str] | None] = []
    for a in answers:
        flag, *got = a.split()
        out.append(None if flag == "0" else frozenset(got))
    return out
