"""The harness's errors: one base class, :class:`EngineError`, so a caller
that only reports can catch one thing; ``str()`` of each is one readable line
(a runner's stderr follows on later lines)."""

from __future__ import annotations


class EngineError(Exception):
    """Something kept an engine from answering (the base of the others)."""


class EngineUnavailable(EngineError):
    """The engine cannot run on this machine: a program is not on the PATH,
    a Python module is missing, or a runner does not build.  ``str()`` is
    the reason, e.g. ``ruby: ruby is not on the PATH``."""


class PatternError(EngineError):
    """The engine rejects the pattern (it does not compile there).

    :ivar engine: the engine's name (str).
    :ivar title: how messages call the engine (str).
    :ivar label: the pattern's label in its session (str).
    :ivar message: the engine's own error message (str)."""

    def __init__(self, engine: str, title: str, label: str, message: str) -> None:
        """Record the engine, the pattern's label and the engine's message."""
        super().__init__(engine, title, label, message)
        self.engine = engine
        self.title = title
        self.label = label
        self.message = message

    def __str__(self) -> str:
        """``"<title> rejects the pattern: <message>"``."""
        return f"{self.title} rejects the pattern: {self.message}"


class MatchError(EngineError):
    """A match call failed in the engine (a stack overflow, a match limit);
    ``str()`` names the engine and gives its message."""


class RunnerError(EngineError):
    """A runner program stopped, broke the protocol or would not build;
    ``str()`` says which, then the runner's stderr."""


class RunnerTimeout(RunnerError):
    """A runner stayed silent longer than its timeout and was killed."""
