"""Run one regular expression against many strings in real regex engines.

This is test infrastructure: the compiler emits patterns for many regex
dialects, and the tests prove those patterns in the engines themselves rather
than in Python's ``re``.  :func:`run_batch` answers, for each input string,
whether the pattern matches *somewhere* in it (search/find semantics, never an
implicit full match: patterns carry their own anchors such as ``\\A ... \\z``,
and the point is to prove those anchors).

Engines
-------
``python``, ``regex``, ``pcre2`` and ``re2`` run in-process through the Python
modules ``re``, ``regex`` (PyPI), ``pcre2`` (PyPI) and ``re2`` (PyPI
``google-re2``).  ``node``, ``java``, ``dotnet`` (Mono), ``ruby`` and ``go``
run in one subprocess per call, whatever the number of strings, using the small
programs in ``tests/runners/``.  The compiled runners (Java, C#, Go) are built
once into ``<tempdir>/mahjong-regex-runners/<engine>-<hash>/``, where the hash
covers the runner source and the toolchain version.

Wire protocol of the external runners
-------------------------------------
stdin: line 1 is the pattern, hex-encoded UTF-8; line 2 is the flags (possibly
empty; only the node runner uses them); then one line per string, hex-encoded
UTF-8 (the empty string is an empty line).  stdout: one line with one character
per string, ``1`` (match) or ``0``.  If the pattern does not compile, the runner
prints ``ERROR: <message>`` and exits with status 3.
"""

from __future__ import annotations

import functools
import hashlib
import os
import platform
import re
import shutil
import subprocess
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Callable

ENGINES: tuple[str, ...] = (
    "python",
    "regex",
    "pcre2",
    "node",
    "java",
    "dotnet",
    "ruby",
    "go",
    "re2",
)

#: Seconds allowed for any one subprocess (a build or a batch run).
TIMEOUT_SECONDS = 600

RUNNERS_DIR = Path(__file__).resolve().parent / "runners"
CACHE_ROOT = Path(tempfile.gettempdir()) / "mahjong-regex-runners"


class EngineUnavailable(Exception):
    """The engine's toolchain or module is missing on this machine.

    ``str()`` gives a human-readable reason, e.g. ``ruby not found on PATH``.
    """


class PatternError(Exception):
    """The engine rejected the pattern (it does not compile there).

    :ivar engine: the engine name, one of :data:`ENGINES`.
    :ivar message: the engine's own error message.
    """

    def __init__(self, engine: str, message: str) -> None:
        """Record the engine name and its compile error message."""
        super().__init__(engine, message)
        self.engine = engine
        self.message = message

    def __str__(self) -> str:
        """Return ``"<engine>: <message>"``."""
        return f"{self.engine}: {self.message}"


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def _which(*tools: str) -> dict[str, str]:
    """Return absolute paths of ``tools``; raise EngineUnavailable if one is missing."""
    paths = {}
    for tool in tools:
        path = shutil.which(tool)
        if path is None:
            raise EngineUnavailable(f"{tool} not found on PATH")
        paths[tool] = path
    return paths


def _run(
    argv: list[str],
    *,
    input: bytes = b"",
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess:
    """Run ``argv`` with a timeout, capturing stdout and stderr as bytes."""
    return subprocess.run(
        argv,
        input=input,
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )


def _tool_output(argv: list[str]) -> str:
    """Return the combined stdout+stderr text of a version query such as ``node --version``."""
    proc = _run(argv)
    text = (proc.stdout + proc.stderr).decode("utf-8", "replace").strip()
    if proc.returncode != 0:
        raise EngineUnavailable(f"{' '.join(argv)} failed: {text}")
    return text


def _go_env() -> dict[str, str]:
    """Environment for ``go``: a private GOCACHE/GOPATH, no toolchain downloads."""
    env = dict(os.environ)
    env["GOCACHE"] = str(CACHE_ROOT / "go-cache")
    env["GOPATH"] = str(CACHE_ROOT / "go-path")
    env["GOTOOLCHAIN"] = "local"
    env["GOFLAGS"] = ""
    env["GO111MODULE"] = "auto"
    return env


def _build_cached(
    engine: str,
    source: Path,
    artifact: str,
    build: Callable[[Path], list[str]],
    env: dict[str, str] | None = None,
) -> Path:
    """Build ``source`` once into a cache directory and return that directory.

    The directory name hashes the source text and the toolchain version, so an
    edit to the runner or a toolchain upgrade triggers a rebuild.  Building
    happens in a scratch directory that is then renamed into place, so
    concurrent test processes never see a half-built runner.
    """
    digest = hashlib.sha256()
    digest.update(source.read_bytes())
    digest.update(engine_version(engine).encode())
    target = CACHE_ROOT / f"{engine}-{digest.hexdigest()[:16]}"
    if (target / artifact).exists():
        return target
    CACHE_ROOT.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{engine}-build-", dir=CACHE_ROOT))
    try:
        proc = _run(build(scratch), env=env, cwd=source.parent)
        if proc.returncode != 0 or not (scratch / artifact).exists():
            raise RuntimeError(
                f"building the {engine} runner failed (exit {proc.returncode}):\n"
                + (proc.stdout + proc.stderr).decode("utf-8", "replace")
            )
        try:
            os.rename(scratch, target)
        except OSError:
            if not (target / artifact).exists():  # lost a race to a broken build
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return target


# --------------------------------------------------------------------------
# External runners (one subprocess per batch).
# --------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _runner_command(engine: str) -> tuple[str, ...]:
    """Return the argv that runs an external engine's runner, building it if needed."""
    if engine == "node":
        tools = _which("node")
        return (tools["node"], str(RUNNERS_DIR / "runner.js"))
    if engine == "ruby":
        tools = _which("ruby")
        return (tools["ruby"], str(RUNNERS_DIR / "runner.rb"))
    if engine == "java":
        tools = _which("java", "javac")
        out = _build_cached(
            "java",
            RUNNERS_DIR / "Runner.java",
            "Runner.class",
            lambda d: [
                tools["javac"],
                "-encoding",
                "UTF-8",
                "-d",
                str(d),
                "Runner.java",
            ],
        )
        # A large thread stack: java.util.regex recurses per repetition of a group.
        return (tools["java"], "-Xss512m", "-cp", str(out), "Runner")
    if engine == "dotnet":
        tools = _which("mcs", "mono")
        out = _build_cached(
            "dotnet",
            RUNNERS_DIR / "Runner.cs",
            "Runner.exe",
            lambda d: [
                tools["mcs"],
                "-nologo",
                f"-out:{d / 'Runner.exe'}",
                "Runner.cs",
            ],
        )
        return (tools["mono"], str(out / "Runner.exe"))
    if engine == "go":
        tools = _which("go")
        env = _go_env()
        out = _build_cached(
            "go",
            RUNNERS_DIR / "runner.go",
            "runner",
            lambda d: [tools["go"], "build", "-o", str(d / "runner"), "runner.go"],
            env=env,
        )
        return (str(out / "runner"),)
    raise ValueError(f"not an external engine: {engine!r}")


def _run_external(engine: str, pattern: str, hands: list[str], flags: str) -> list[bool]:
    """Run a batch through an external runner program (one process)."""
    argv = _runner_command(engine)
    lines = [pattern.encode("utf-8").hex(), flags]
    lines.extend(hand.encode("utf-8").hex() for hand in hands)
    payload = ("\n".join(lines) + "\n").encode("ascii")
    proc = _run(list(argv), input=payload)
    stdout = proc.stdout.decode("utf-8", "replace")
    stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode == 3 and stdout.startswith("ERROR:"):
        raise PatternError(engine, stdout[len("ERROR:") :].strip())
    answer = stdout.strip()
    if proc.returncode != 0 or len(answer) != len(hands) or answer.strip("01"):
        raise RuntimeError(
            f"{engine} runner failed (exit {proc.returncode}, "
            f"{len(answer)} answers for {len(hands)} strings)\n"
            f"stdout: {stdout[:2000]}\nstderr: {stderr[:4000]}"
        )
    return [c == "1" for c in answer]


# --------------------------------------------------------------------------
# In-process engines: each returns a compile function raising PatternError.
# --------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _module(engine: str):
    """Import and sanity-check the Python module behind an in-process engine."""
    if engine == "python":
        return re
    if engine == "regex":
        try:
            import regex
        except ImportError as exc:
            raise EngineUnavailable(f"Python module 'regex' not importable: {exc}") from None
        return regex
    if engine == "pcre2":
        try:
            import pcre2
        except ImportError as exc:
            raise EngineUnavailable(f"Python module 'pcre2' not importable: {exc}") from None
        return pcre2
    if engine == "re2":
        try:
            import re2
        except ImportError as exc:
            raise EngineUnavailable(
                f"Python module 're2' (google-re2) not importable: {exc}"
            ) from None
        # Other PyPI packages also install a module named 're2' and silently
        # fall back to Python's re on unsupported syntax.  google-re2 never does.
        if not hasattr(re2, "Options"):
            raise EngineUnavailable("the importable 're2' module is not google-re2")
        options = re2.Options()
        options.log_errors = False
        try:
            re2.compile(r"(a)\1", options)
        except re2.error:
            return re2
        raise EngineUnavailable("the 're2' module accepted a backreference: not real RE2")
    raise ValueError(f"not an in-process engine: {engine!r}")


def _compile_in_process(engine: str, pattern: str):
    """Compile ``pattern`` in-process; return a ``search(str)`` callable."""
    mod = _module(engine)
    try:
        if engine == "python":
            return mod.compile(pattern).search
        if engine == "regex":
            return mod.compile(pattern, mod.V0).search
        if engine == "pcre2":
            return mod.compile(pattern).search
        if engine == "re2":
            options = mod.Options()
            options.log_errors = False  # RE2 would log every rejected pattern to stderr
            return mod.compile(pattern, options).search
    except mod.error as exc:
        message = exc.args[0] if exc.args else str(exc)
        if isinstance(message, bytes):
            message = message.decode("utf-8", "replace")
        raise PatternError(engine, str(message)) from None
    raise ValueError(f"not an in-process engine: {engine!r}")


_IN_PROCESS = frozenset({"python", "regex", "pcre2", "re2"})


# --------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def engine_version(engine: str) -> str:
    """Return a human-readable version string for ``engine``.

    Examples: ``"node v20.20.2"``, ``"PCRE2 10.47 (pcre2 0.7.1)"``,
    ``"Ruby 3.1.2 (Onigmo)"``, ``"go1.19.8"``, ``"Mono 6.8.0.105"``,
    ``"OpenJDK 17.0.15"``, ``"Python re 3.11.7"``, ``"regex 2026.5.9"``,
    ``"google-re2 1.1.20251105"``.

    Raises :class:`EngineUnavailable` if the engine cannot run here (this
    checks every tool :func:`run_batch` needs, e.g. both ``java`` and ``javac``).
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; expected one of {ENGINES}")
    if engine == "python":
        return f"Python re {platform.python_version()}"
    if engine == "regex":
        mod = _module("regex")
        return f"regex {getattr(mod, '__version__', None) or metadata.version('regex')}"
    if engine == "pcre2":
        mod = _module("pcre2")
        return f"PCRE2 {mod.__libpcre2_version__} (pcre2 {mod.__version__})"
    if engine == "re2":
        _module("re2")
        try:
            return f"google-re2 {metadata.version('google-re2')}"
        except metadata.PackageNotFoundError:
            return "google-re2 (version unknown)"
    if engine == "node":
        return "node " + _tool_output([_which("node")["node"], "--version"])
    if engine == "ruby":
        tools = _which("ruby")
        return "Ruby " + _tool_output([tools["ruby"], "-e", "print RUBY_VERSION"]) + " (Onigmo)"
    if engine == "go":
        tools = _which("go")
        proc = _run([tools["go"], "env", "GOVERSION"], env=_go_env())
        if proc.returncode != 0:
            raise EngineUnavailable(
                "go env GOVERSION failed: " + proc.stderr.decode(errors="replace")
            )
        return proc.stdout.decode().strip()
    if engine == "dotnet":
        tools = _which("mcs", "mono")
        text = _tool_output([tools["mono"], "--version"])
        match = re.search(r"version (\S+)", text)
        return f"Mono {match.group(1) if match else text.splitlines()[0]}"
    if engine == "java":
        tools = _which("java", "javac")
        text = _tool_output([tools["java"], "-version"])
        match = re.search(r'(\w+) version "([^"]+)"', text)
        if not match:
            return text.splitlines()[0]
        vendor = {"openjdk": "OpenJDK", "java": "Java"}.get(match.group(1), match.group(1))
        return f"{vendor} {match.group(2)}"
    raise AssertionError(engine)


def run_batch(engine: str, pattern: str, hands: list[str], *, flags: str = "") -> list[bool]:
    """For each string, does the pattern match SOMEWHERE in it?

    Search/find semantics, NOT fullmatch: the pattern carries its own anchors
    (``\\A ... \\z``, ``^ ... $``) and those anchors are what is being proved.
    ``hands`` may contain anything (newlines, spaces, the empty string, astral
    characters); the result has one boolean per string, in order.

    ``flags`` is a string of single-letter flags; only the ``node`` engine uses
    it (``new RegExp(pattern, flags)`` with exactly the flags given, e.g.
    ``"u"``); every other engine ignores it.

    External engines (node, java, dotnet, ruby, go) use one process per call.

    Raises :class:`EngineUnavailable` if the engine cannot run here,
    :class:`PatternError` if the engine rejects the pattern,
    :class:`RuntimeError` if a runner crashes or cannot be built (its output
    is included), and :class:`subprocess.TimeoutExpired` if a runner takes
    longer than :data:`TIMEOUT_SECONDS`.  Strings that are not encodable as
    UTF-8 (lone surrogates) raise :class:`UnicodeEncodeError` for external
    engines.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; expected one of {ENGINES}")
    if not re.fullmatch(r"[A-Za-z]*", flags):
        raise ValueError(f"flags must be ASCII letters, got {flags!r}")
    hands = list(hands)
    if engine in _IN_PROCESS:
        search = _compile_in_process(engine, pattern)
        return [search(hand) is not None for hand in hands]
    return _run_external(engine, pattern, hands, flags)
