"""The engines in this Python process (``re``, ``regex``, ``pcre2``,
``google-re2``), answering the runner protocol's commands as a runner
program would, so a session reads them the same way (:class:`LocalRunner`).
"""

from __future__ import annotations

import functools
import importlib
import time
from typing import Callable, Iterator

from .facts import facts
from .failures import EngineUnavailable, PatternError


@functools.lru_cache(maxsize=None)
def load_module(engine: str):
    """The Python module behind an in-process engine, imported and checked.

    Raises ValueError for an engine that is not in-process, and
    :class:`EngineUnavailable` when the module is missing or (``re2``) is
    not google-re2."""
    fact = facts(engine)
    if not fact.in_process:
        raise ValueError(f"{engine} runs in a runner program, not in this process")
    try:
        mod = importlib.import_module(fact.module)
    except ImportError as exc:
        raise EngineUnavailable(
            f"{engine}: the Python module {fact.module!r} is not installed "
            f"(pip install {fact.package}): {exc}"
        ) from None
    if engine == "re2":
        _check_google_re2(mod)
    return mod


def _check_google_re2(mod) -> None:
    """Other PyPI packages install a module named ``re2`` too, and fall
    back to Python's re on syntax RE2 lacks; google-re2 never does."""
    if not hasattr(mod, "Options"):
        raise EngineUnavailable("re2: the importable 're2' module is not google-re2")
    try:
        mod.compile(r"(a)\1", _re2_options(mod))
    except mod.error:
        return
    raise EngineUnavailable("re2: the 're2' module accepts a backreference: it is not RE2")


#: RE2's memory budget for a pattern, in bytes (its default, 8 MiB, is too
#: small for the sorted-input patterns of most built-ins, up to 2 MB of text).
RE2_MAX_MEM = 512 << 20


def _re2_options(mod):
    """RE2 options with error logging off (RE2 would log every rejected
    pattern to stderr) and the memory budget :data:`RE2_MAX_MEM`."""
    options = mod.Options()
    options.log_errors = False
    options.max_mem = RE2_MAX_MEM
    return options


def compile_pattern(engine: str, pattern: str):
    """``pattern`` compiled in an in-process engine (``regex`` with V0,
    ``pcre2`` with its JIT, ``re2`` with logging off).

    Raises :class:`EngineUnavailable` when the module is missing and
    :class:`PatternError` when the engine rejects the pattern."""
    mod = load_module(engine)
    try:
        if engine == "regex":
            return mod.compile(pattern, mod.V0)
        if engine == "re2":
            return mod.compile(pattern, _re2_options(mod))
        return mod.compile(pattern)
    except mod.error as exc:
        message = exc.args[0] if exc.args else str(exc)
        if isinstance(message, bytes):
            message = message.decode("utf-8", "replace")
        raise PatternError(engine, facts(engine).title, "p", " ".join(str(message).split()))


def compile_search(engine: str, pattern: str) -> Callable[[str], object]:
    """The ``search(string)`` of ``pattern`` in an in-process engine (a
    match object or None); raises as :func:`compile_pattern`."""
    return compile_pattern(engine, pattern).search


def _one_line(exc: Exception) -> str:
    return " ".join(f"{type(exc).__name__}: {exc}".split())


class LocalRunner:
    """An in-process engine speaking the runner protocol: :meth:`start`
    answers the header, :meth:`command` a command, line by line, as
    :mod:`mahjong_regex.engines` documents them (without the ``end`` line)."""

    def __init__(self, engine: str, version: str):
        """Prepare ``engine``, which says ``version`` (raises
        :class:`EngineUnavailable` when its module is missing)."""
        self.engine = engine
        self.version = version
        load_module(engine)
        self.compiled: dict[str, object] = {}

    def start(self, patterns: dict[str, str], flags: str) -> list[str]:
        """Compile every pattern (``flags`` are not used): the header's answer lines."""
        lines = [f"version {self.version}"]
        for label, pattern in patterns.items():
            start = time.perf_counter()
            try:
                self.compiled[label] = compile_pattern(self.engine, pattern)
            except PatternError as exc:
                lines.append(f"error {label} {exc.message}")
                continue
            lines.append(f"compiled {label} {(time.perf_counter() - start) * 1000:.3f}")
        return lines

    def command(self, verb: str, args: list[str], strings: list[str]) -> Iterator[str]:
        """The answer lines of one command on ``strings``."""
        if verb == "match":
            return self._match(strings, 0.0)
        if verb == "time":
            return self._match(strings, float(args[0]))
        if verb == "worst":
            return self._worst(strings, int(args[0]))
        if verb == "groups":
            return self._groups(strings)
        return iter([f"unsupported {verb}"])

    def _match(self, strings: list[str], seconds: float) -> Iterator[str]:
        for label, compiled in self.compiled.items():
            search = compiled.search
            try:
                bits = "".join("1" if search(s) is not None else "0" for s in strings)
            except Exception as exc:  # each module has its own error class
                yield f"failed {label} {_one_line(exc)}"
                continue
            yield f"result {label} {bits}"
            if seconds > 0:
                yield f"rate {label} {_rate(search, strings, seconds)}"

    def _worst(self, strings: list[str], repeats: int) -> Iterator[str]:
        for label, compiled in self.compiled.items():
            for i, text in enumerate(strings):
                try:
                    best = min(_timed(compiled.search, text) for _ in range(max(repeats, 1)))
                except Exception as exc:  # e.g. PCRE2's "match limit exceeded"
                    yield f"worsterror {label} {i} {_one_line(exc)}"
                    continue
                yield f"worst {label} {i} {best * 1000:.6f}"

    def _groups(self, strings: list[str]) -> Iterator[str]:
        for label, compiled in self.compiled.items():
            names = sorted(compiled.groupindex, key=compiled.groupindex.get)
            for i, text in enumerate(strings):
                found = compiled.search(text)
                if found is None:
                    yield f"groups {label} {i} 0"
                    continue
                took = [n for n in names if found.group(n) is not None]
                yield " ".join([f"groups {label} {i} 1", *took])


def _timed(search, text: str) -> float:
    start = time.perf_counter()
    search(text)
    return time.perf_counter() - start


def _rate(search, strings: list[str], seconds: float) -> str:
    """``PASSES SECONDS MATCHES``: passes over ``strings`` until ``seconds``."""
    passes = matches = 0
    start = time.perf_counter()
    while True:
        matches += sum(search(s) is not None for s in strings)
        passes += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return f"{passes} {elapsed:.6f} {matches}"
