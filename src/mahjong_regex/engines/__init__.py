"""engines: run patterns in the real regex engines, one harness for the
tests, ``diff`` and the benchmarks.

A flavor row names the engines its patterns are proven in
(:attr:`~mahjong_regex.flavors.table.Flavor.engines`); :mod:`.facts` says
what each engine is and needs.  ``python``, ``regex``, ``pcre2`` and ``re2``
run in this process (the modules ``re``, ``regex``, ``pcre2`` and
``google-re2``'s ``re2``, :mod:`.local`); ``php``, ``node``, ``java``,
``dotnet`` (Mono), ``ruby``, ``go`` and ``pcre2-c`` (PCRE2 from C, for the
benchmarks) run a runner program of ``runners/`` in a process of their own
(:mod:`.process`).  The compiled ones (Java, C#, Go, C) are built once into
``<tempdir>/mahjong-regex-runners/<engine>-<hash>/``, the hash covering the
runner's source and the toolchain's version (:mod:`.builds`).

A :class:`Session` compiles labelled patterns once and answers any number of
commands: a one-shot batch (:func:`run_batch`, :func:`run_groups`), the
hundreds of small batches of a ``diff`` search, timing passes and
hostile-string timings.  Every answer has search semantics -- does the
pattern match *somewhere* in the string -- never an implied full match:
patterns carry their own anchors, and those anchors are what is proven.
In-process engines answer the same commands in the same words as a runner.

Runner protocol, version 2
--------------------------
Everything is ASCII lines ending in ``\\n``; a pattern or a string is its
UTF-8 bytes in hex (the empty string: an empty hex).  The runner reads a
header::

    mahjong-regex-runner 2
    flags FLAGS            letters the engine compiles with where it takes
                           flags (node: new RegExp(p, FLAGS)); may be empty
    pattern LABEL HEX      any number: each pattern, labelled by a word
    go

and compiles each pattern, answering::

    version TEXT           the engine and its version
    compiled LABEL MS      or: error LABEL MESSAGE (the engine rejects it)
    end

Then it reads commands until its input ends, when it exits with status 0.
A command is one line ``VERB ARGS... N`` followed by ``N`` lines, the strings;
the runner reads them all, then answers, for each pattern that compiled in
header order::

    match N            result LABEL BITS           a 1 (match) or 0 per string
    time SECONDS N     result LABEL BITS, then rate LABEL PASSES SECONDS MATCHES:
                       passes over all the strings until SECONDS have gone by
    worst REPEATS N    worst LABEL I MS for each string I timed alone, the
                       fastest of REPEATS calls; or worsterror LABEL I MESSAGE
    groups N           groups LABEL I 0 (no match) or groups LABEL I 1 NAME...
                       (the named groups that took part), for each string I

A match call that fails (a stack overflow, a match limit) answers
``failed LABEL MESSAGE`` in place of the rest of that pattern's answer; a
runner that does not know the verb answers ``unsupported VERB``.  Every
answer ends with the line ``end``, and the runner flushes each line.  A
message is one line.  A runner that cannot go on (bad input) says why on
stderr and exits with a non-zero status.

Errors: :class:`EngineUnavailable` (the engine cannot run here, and why),
:class:`PatternError` (the engine rejects the pattern: its message),
:class:`MatchError`, :class:`RunnerError` (with the runner's stderr) and
:class:`RunnerTimeout`, all :class:`EngineError`.
"""

from __future__ import annotations

from .builds import runner_command
from .facts import ENGINES, Engine, diff_engine, engines_for, facts
from .failures import (
    EngineError,
    EngineUnavailable,
    MatchError,
    PatternError,
    RunnerError,
    RunnerTimeout,
)
from .local import compile_search
from .protocol import HEADER
from .session import Rate, Session, run_batch, run_groups
from .tools import TIMEOUT_SECONDS
from .versions import engine_version

__all__ = [
    "ENGINES",
    "HEADER",
    "TIMEOUT_SECONDS",
    "Engine",
    "EngineError",
    "EngineUnavailable",
    "MatchError",
    "PatternError",
    "Rate",
    "RunnerError",
    "RunnerTimeout",
    "Session",
    "compile_search",
    "diff_engine",
    "engine_version",
    "engines_for",
    "facts",
    "run_batch",
    "run_groups",
    "runner_command",
]
