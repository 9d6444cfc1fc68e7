"""A session: labelled patterns compiled once in one engine, answering any
number of commands (:class:`Session`), and the one-shot calls built on it
(:func:`run_batch`, :func:`run_groups`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping

from .facts import facts
from .failures import EngineError, MatchError, PatternError, RunnerError
from .local import LocalRunner
from .process import RunnerProcess
from .protocol import check_flags, check_label, parse_command
from .tools import TIMEOUT_SECONDS
from .versions import engine_version


@dataclass
class Rate:
    """A ``time`` command's answer for one pattern: the ``verdicts`` of the
    first pass (one bool a string), then ``passes`` over all the strings in
    ``seconds``, with ``matches`` matches in all."""

    verdicts: list[bool] = field(repr=False)
    passes: int
    seconds: float
    matches: int

    @property
    def rate(self) -> float:
        """Strings searched a second (float)."""
        return self.passes * len(self.verdicts) / self.seconds if self.seconds else 0.0


class Session:
    """Patterns compiled in ``engine``, answering commands until :meth:`close`
    (also a context manager).  An in-process engine answers in this process;
    any other in one runner process that lives as long as the session.

    ``patterns`` is one pattern (str, labelled ``p``) or a mapping of labels
    (words) to patterns; ``flags`` are letters the engine compiles with where
    it takes flags (node: ``new RegExp(p, flags)``), else ignored.  Every
    answer has search semantics: does the pattern match somewhere in the
    string (never an implied full match).

    :ivar version: the engine's version, as it says it (str).
    :ivar compile_ms: the milliseconds each compiled pattern took, by label.
    :ivar rejected: the engine's message for each pattern it rejects, by label.

    With ``strict`` (the default) a rejected pattern raises
    :class:`PatternError`; without, the session goes on with the others.
    Raises ValueError for an unknown engine or a bad label or flag,
    :class:`EngineUnavailable` when the engine cannot run here, and
    :class:`RunnerError` (:class:`RunnerTimeout`: silent past ``timeout``
    seconds) when a runner fails; a runner that failed ends the session."""

    def __init__(
        self,
        engine: str,
        patterns: str | Mapping[str, str],
        flags: str = "",
        *,
        strict: bool = True,
        timeout: float = TIMEOUT_SECONDS,
    ):
        """Compile ``patterns`` in ``engine`` (see the class docstring)."""
        self.engine = engine
        self.facts = facts(engine)
        named = {"p": patterns} if isinstance(patterns, str) else dict(patterns)
        self.patterns = {check_label(label): text for label, text in named.items()}
        check_flags(flags)
        if self.facts.in_process:
            self.runner = LocalRunner(engine, engine_version(engine))
        else:
            self.runner = RunnerProcess(engine, timeout)
        self.closed = False
        try:
            self._read_header(self.runner.start(self.patterns, flags))
        except EngineError:
            self.close()
            raise
        if strict and self.rejected:
            label, message = next(iter(self.rejected.items()))
            self.close()
            raise PatternError(engine, self.facts.title, label, message)

    def _read_header(self, lines: list[str]) -> None:
        self.version = ""
        self.compile_ms: dict[str, float] = {}
        self.rejected: dict[str, str] = {}
        for line in lines:
            kind, _, rest = line.partition(" ")
            label, _, value = rest.partition(" ")
            if kind == "version":
                self.version = rest
            elif kind == "compiled" and label in self.patterns:
                self.compile_ms[label] = float(value)
            elif kind == "error" and label in self.patterns:
                self.rejected[label] = value
            else:
                raise RunnerError(f"the {self.engine} runner said {line[:200]!r} to the header")
        missing = set(self.patterns) - set(self.compile_ms) - set(self.rejected)
        if missing or not self.version:
            raise RunnerError(f"the {self.engine} runner left out {sorted(missing) or 'version'}")

    @property
    def labels(self) -> list[str]:
        """The labels of the patterns that compiled, in order."""
        return [label for label in self.patterns if label in self.compile_ms]

    def stream(self, command: str, strings: Iterable[str]) -> Iterator[str]:
        """Send ``command`` (``match``, ``time SECONDS``, ``worst REPEATS`` or
        ``groups``) on ``strings``; yield each answer line as it comes, as
        the protocol spells it, until the closing ``end`` (not yielded).

        Raises ValueError for an unknown command, :class:`RunnerError` as the
        class says, and UnicodeEncodeError for a string with a lone surrogate
        (runner engines).  Leaving the answer unread ends the session."""
        verb, args = parse_command(command)
        if self.closed:
            raise EngineError(f"the {self.engine} session is closed")
        finished = False
        try:
            for line in self.runner.command(verb, args, list(strings)):
                if line.startswith("unsupported "):
                    raise EngineError(f"{self.facts.title} does not answer {verb!r}")
                yield line
            finished = True
        finally:
            if not finished:
                self.close()

    def _collect(self, command: str, strings: list[str]) -> list[tuple[str, str, str]]:
        """The whole answer as (kind, label, rest); a ``failed`` line raises
        :class:`MatchError` once the answer is read."""
        lines = []
        for line in self.stream(command, strings):
            kind, _, rest = line.partition(" ")
            label, _, value = rest.partition(" ")
            lines.append((kind, label, value))
        for kind, label, value in lines:
            if kind == "failed":
                raise MatchError(f"{self.facts.title} failed while matching ({label}): {value}")
        return lines

    def _bits(self, label: str, bits: str, strings: list[str]) -> list[bool]:
        if len(bits) != len(strings) or bits.strip("01"):
            raise RunnerError(
                f"the {self.engine} runner answered {bits[:100]!r} for {len(strings)} strings"
            )
        return [bit == "1" for bit in bits]

    def match(self, strings: Iterable[str]) -> dict[str, list[bool]]:
        """For each compiled pattern (by label): does it match somewhere in
        each string?  Raises :class:`MatchError` when a match call fails."""
        strings = list(strings)
        answer = self._collect("match", strings)
        return {
            label: self._bits(label, bits, strings)
            for kind, label, bits in answer
            if kind == "result"
        }

    def decide(self, strings: Iterable[str]) -> list[bool]:
        """For the session's one pattern: does it match somewhere in each
        string (one bool a string, in order)?  Raises as :meth:`match`, and
        ValueError for a session of several patterns."""
        return self.match(strings)[self._only_label()]

    def _only_label(self) -> str:
        if len(self.patterns) != 1:
            raise ValueError(f"the session holds {len(self.patterns)} patterns, not one")
        return next(iter(self.patterns))

    def time(self, strings: Iterable[str], seconds: float) -> dict[str, Rate]:
        """Time each compiled pattern (by label): one pass over ``strings``
        (the verdicts), then passes until ``seconds`` have gone by."""
        strings = list(strings)
        out: dict[str, Rate] = {}
        verdicts: dict[str, list[bool]] = {}
        for kind, label, value in self._collect(f"time {float(seconds)!r}", strings):
            if kind == "result":
                verdicts[label] = self._bits(label, value, strings)
            elif kind == "rate":
                passes, took, matches = value.split()
                out[label] = Rate(verdicts[label], int(passes), float(took), int(matches))
        return out

    def worst(self, strings: Iterable[str], repeats: int = 3) -> dict[str, list[float | str]]:
        """For each compiled pattern (by label), each string alone: the
        fastest of ``repeats`` calls in milliseconds, or the engine's error
        message (str) when a call failed."""
        strings = list(strings)
        out = {label: ["not run"] * len(strings) for label in self.labels}
        for kind, label, value in self._collect(f"worst {int(repeats)}", strings):
            index, _, said = value.partition(" ")
            out[label][int(index)] = float(said) if kind == "worst" else said
        return out

    def groups(self, strings: Iterable[str]) -> list[frozenset[str] | None]:
        """For the session's one pattern, each string: None when it does not
        match, else the names of the named groups that took part in the
        match.  Raises :class:`EngineError` for an engine that does not
        report groups, and :class:`MatchError` when a match call fails."""
        if not self.facts.groups:
            raise EngineError(f"{self.facts.title} does not report the groups of a match")
        self._only_label()
        strings = list(strings)
        out: list[frozenset[str] | None] = [None] * len(strings)
        for kind, _, value in self._collect("groups", strings):
            index, took, *names = value.split(" ")
            out[int(index)] = frozenset(names) if took == "1" else None
        return out

    def close(self) -> None:
        """End the runner process, if any (a closed session answers nothing)."""
        if not self.closed:
            self.closed = True
            close = getattr(self.runner, "close", None)
            if close is not None:
                close()

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def run_batch(engine: str, pattern: str, hands: Iterable[str], flags: str = "") -> list[bool]:
    """For each string, does ``pattern`` match somewhere in it, in
    ``engine`` (one session, closed after)?  Raises as :class:`Session` and
    :meth:`Session.decide`; :class:`PatternError` when the engine rejects
    the pattern."""
    with Session(engine, pattern, flags) as session:
        return session.decide(hands)


def run_groups(
    engine: str, pattern: str, hands: Iterable[str], names: Iterable[str] | None = None
) -> list[frozenset[str] | None]:
    """For each string: None when ``pattern`` does not match it in
    ``engine``, else the named groups that took part (only those of
    ``names``, when given).  Raises as :meth:`Session.groups`."""
    with Session(engine, pattern) as session:
        found = session.groups(hands)
    if names is None:
        return found
    wanted = frozenset(names)
    return [None if took is None else took & wanted for took in found]
