"""Run regular expressions in real regex engines: the driver for tests and the benchmark.

This is test infrastructure: the compiler emits patterns for many regex
dialects, and the tests prove those patterns in the engines themselves rather
than in Python's ``re``.  :func:`run_batch` answers, for each input string,
whether the pattern matches *somewhere* in it (search/find semantics, never an
implicit full match: patterns carry their own anchors such as ``\\A ... \\z``,
and the point is to prove those anchors).  ``benchmarks/bench.py`` drives the
same runner programs in timing mode (:func:`runner_input`,
:func:`runner_lines`).

Engines
-------
``python``, ``regex``, ``pcre2`` and ``re2`` run in-process through the Python
modules ``re``, ``regex`` (PyPI), ``pcre2`` (PyPI) and ``re2`` (PyPI
``google-re2``).  ``node``, ``java``, ``dotnet`` (Mono), ``ruby`` and ``go``
run in one subprocess per call, whatever the number of strings, using one
runner program each in ``tests/runners/`` (``runner.js``, ``Runner.java``,
``Runner.cs``, ``runner.rb``, ``runner.go``); ``pcre2-c``
(``runner_pcre2.c``, PCRE2 from C, needing libpcre2-dev) serves only the
benchmark.  The compiled runners (Java, C#, Go, C) are built once into
``<tempdir>/mahjong-regex-runners/<engine>-<hash>/``, where the hash covers
the runner source and the toolchain version.

Runner protocol
---------------
A runner reads its whole input from stdin: ASCII lines, each ending in ``\\n``,
where every pattern and string is hex-encoded UTF-8 (the empty string is an
empty line)::

    mahjong-regex-runner 1
    MIN_SECONDS      0: the verdicts only; > 0: also time passes over the strings
    FLAGS            RegExp flags for node (may be empty); the others ignore it
    P                then P pairs of lines: LABEL (a word), PATTERN
    N                then N lines: the strings
    W                then W lines: hostile strings, each timed alone
    REPEATS          calls per hostile string (the fastest one counts)

It compiles every pattern, then for each one that compiled matches every
string once (the verdicts), then, if MIN_SECONDS > 0, repeats passes over all
the strings until MIN_SECONDS have gone by; then it times each hostile string.
It prints these lines, flushing each one::

    version TEXT                        the engine and its version (anywhere before done)
    compiled LABEL MS                   or: error LABEL MESSAGE (it does not compile)
    result LABEL BITS                   one 1 (match) or 0 per string, in order
    failed LABEL MESSAGE                a match call failed (instead of result)
    rate LABEL PASSES SECONDS MATCHES   only when MIN_SECONDS > 0
    worst LABEL I MS                    or: worsterror LABEL I MESSAGE
    done

:func:`run_batch` sends one pattern, MIN_SECONDS 0 and no hostile strings, and
reads the ``result`` (or ``error``) line.  Each runner's first lines name the
search call it makes.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import os
import platform
import queue
import re
import shutil
import subprocess
import tempfile
import threading
from importlib import metadata
from pathlib import Path
from typing import Callable, Iterable, Iterator

ENGINES: tuple[str, ...] = tuple("python regex pcre2 node java dotnet ruby go re2".split())
#: Engines run in this process, through a Python module.
IN_PROCESS = frozenset({"python", "regex", "pcre2", "re2"})
#: Engines run by a runner program: the external ones of :data:`ENGINES`, and ``pcre2-c``.
RUNNERS = ("node", "java", "dotnet", "ruby", "go", "pcre2-c")

#: Seconds allowed for a build, or for a runner to stay silent.
TIMEOUT_SECONDS = 600
#: The first line of a runner's input.
HEADER = "mahjong-regex-runner 1"

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


# --- Helpers ---


def _which(*tools: str) -> list[str]:
    """Return absolute paths of ``tools``; raise EngineUnavailable if one is missing."""
    paths = []
    for tool in tools:
        path = shutil.which(tool)
        if path is None:
            raise EngineUnavailable(f"{tool} not found on PATH")
        paths.append(path)
    return paths


def _run(
    argv: list[str], *, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess:
    """Run ``argv`` with a timeout, capturing stdout and stderr as bytes."""
    return subprocess.run(
        argv, capture_output=True, env=env, cwd=cwd, timeout=TIMEOUT_SECONDS, check=False
    )


def _tool_output(argv: list[str], env: dict[str, str] | None = None) -> str:
    """Return the combined stdout+stderr text of a version query such as ``node --version``."""
    proc = _run(argv, env=env)
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
    name: str,
    source: Path,
    artifact: str,
    build: Callable[[Path], list[str]],
    *,
    key: str,
    env: dict[str, str] | None = None,
) -> Path:
    """Build ``source`` once into a cache directory and return that directory.

    ``build(folder)`` is the build command, run in the source's folder.  The
    directory name hashes the source text and ``key`` (the toolchain version),
    so an edit to the runner or a toolchain upgrade triggers a rebuild.
    Building happens in a scratch directory that is then renamed into place,
    so concurrent processes never see a half-built runner.
    """
    digest = hashlib.sha256(source.read_bytes() + key.encode()).hexdigest()[:16]
    target = CACHE_ROOT / f"{name}-{digest}"
    if (target / artifact).exists():
        return target
    CACHE_ROOT.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{name}-build-", dir=CACHE_ROOT))
    try:
        proc = _run(build(scratch), env=env, cwd=source.parent)
        if proc.returncode != 0 or not (scratch / artifact).exists():
            raise RuntimeError(
                f"building the {name} runner failed (exit {proc.returncode}):\n"
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


# --- Runner programs ---


def _pcre2_c_command() -> tuple[str, ...]:
    """Build ``runner_pcre2.c`` against the system libpcre2-8 (flags from pkg-config
    when it knows the library, else plain ``-lpcre2-8``)."""
    (gcc,) = _which("gcc")
    cflags, libs = [], ["-lpcre2-8"]
    pkg = shutil.which("pkg-config")
    if pkg and _run([pkg, "--exists", "libpcre2-8"]).returncode == 0:
        cflags = _run([pkg, "--cflags", "libpcre2-8"]).stdout.decode().split()
        libs = _run([pkg, "--libs", "libpcre2-8"]).stdout.decode().split() or libs
    source = RUNNERS_DIR / "runner_pcre2.c"
    try:
        out = _build_cached(
            "pcre2-c",
            source,
            "runner_pcre2",
            lambda d: [gcc, "-O2", *cflags, "-o", str(d / "runner_pcre2"), source.name, *libs],
            key="\n".join([_tool_output([gcc, "--version"]), *cflags, *libs]),
        )
    except RuntimeError as exc:
        if "pcre2.h: No such file" in str(exc) or "cannot find -lpcre2-8" in str(exc):
            raise EngineUnavailable("libpcre2-8 missing (package libpcre2-dev)") from None
        raise
    return (str(out / "runner_pcre2"),)


@functools.lru_cache(maxsize=None)
def mono_command(name: str, program: str) -> tuple[str, ...]:
    """Run ``tests/runners/PROGRAM.cs`` under Mono, built (cached as ``name``) if needed."""
    mcs, mono = _which("mcs", "mono")
    exe = f"{program}.exe"
    build = lambda d: [mcs, "-nologo", "-optimize+", f"-out:{d / exe}", f"{program}.cs"]  # noqa
    out = _build_cached(
        name, RUNNERS_DIR / f"{program}.cs", exe, build, key=engine_version("dotnet")
    )
    return (mono, str(out / exe))


def runner_command(engine: str) -> tuple[str, ...]:
    """Return the argv that runs an engine's runner program (one of :data:`RUNNERS`),
    building it first if needed."""
    if engine in ("node", "ruby"):
        (tool,) = _which(engine)
        return (tool, str(RUNNERS_DIR / ("runner.js" if engine == "node" else "runner.rb")))
    if engine == "java":
        java, javac = _which("java", "javac")
        out = _build_cached(
            "java",
            RUNNERS_DIR / "Runner.java",
            "Runner.class",
            lambda d: [javac, "-encoding", "UTF-8", "-d", str(d), "Runner.java"],
            key=engine_version("java"),
        )
        # A large thread stack: java.util.regex recurses per repetition of a group.
        return (java, "-Xss512m", "-cp", str(out), "Runner")
    if engine == "dotnet":
        return mono_command("dotnet", "Runner")
    if engine == "go":
        (go,) = _which("go")
        out = _build_cached(
            "go",
            RUNNERS_DIR / "runner.go",
            "runner",
            lambda d: [go, "build", "-o", str(d / "runner"), "runner.go"],
            key=engine_version("go"),
            env=_go_env(),
        )
        return (str(out / "runner"),)
    if engine == "pcre2-c":
        return _pcre2_c_command()
    raise ValueError(f"not an engine with a runner program: {engine!r}")


def runner_input(
    patterns: dict[str, str],
    strings: Iterable[str],
    *,
    flags: str = "",
    min_seconds: float = 0.0,
    hostile: Iterable[str] = (),
    repeats: int = 1,
) -> bytes:
    """A runner's input (see the protocol above): ``patterns`` maps label -> pattern.

    Raises :class:`UnicodeEncodeError` for a string not encodable as UTF-8."""
    hexed = [s.encode("utf-8").hex() for s in strings]
    worst = [s.encode("utf-8").hex() for s in hostile]
    lines = [HEADER, repr(float(min_seconds)), flags, str(len(patterns))]
    for label, pattern in patterns.items():
        lines += [label, pattern.encode("utf-8").hex()]
    lines += [str(len(hexed)), *hexed, str(len(worst)), *worst, str(repeats)]
    return ("\n".join(lines) + "\n").encode("ascii")


def _feed(stream, data: bytes) -> None:
    """Write ``data`` to ``stream`` and close it (a runner that died early is not an error here)."""
    try:
        stream.write(data)
        stream.close()
    except OSError:
        pass


def _pump(stream, into: queue.Queue) -> None:
    """Copy the lines of ``stream`` into ``into``, then None."""
    for line in stream:
        into.put(line)
    into.put(None)


def runner_lines(engine: str, payload: bytes, *, timeout: float = TIMEOUT_SECONDS) -> Iterator[str]:
    """Run ``engine``'s runner on ``payload`` (from :func:`runner_input`) and yield each line
    it prints (without the newline) as soon as it is printed.

    A runner silent for ``timeout`` seconds is killed and :class:`subprocess.TimeoutExpired`
    raised; one that exits without printing ``done`` raises :class:`RuntimeError` with its
    exit status and stderr.  Closing the generator early kills the runner.
    """
    argv = list(runner_command(engine))
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    lines: queue.Queue = queue.Queue()
    stderr: list[bytes] = []
    threading.Thread(target=_feed, args=(proc.stdin, payload), daemon=True).start()
    threading.Thread(target=_pump, args=(proc.stdout, lines), daemon=True).start()
    reader = threading.Thread(target=lambda: stderr.append(proc.stderr.read()), daemon=True)
    reader.start()
    last = ""
    try:
        while True:
            try:
                line = lines.get(timeout=timeout)
            except queue.Empty:
                raise subprocess.TimeoutExpired(argv, timeout) from None
            if line is None:
                break
            last = line.decode("utf-8", "replace").rstrip("\r\n")
            yield last
        status = proc.wait(timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if status != 0 or last != "done":
        reader.join(5)
        text = b"".join(stderr).decode("utf-8", "replace")
        raise RuntimeError(f"the {engine} runner exited {status} without 'done':\n{text[:4000]}")


def _run_external(engine: str, pattern: str, hands: list[str], flags: str) -> list[bool]:
    """Run a batch through an external runner program (one process)."""
    answer = None
    for line in runner_lines(engine, runner_input({"p": pattern}, hands, flags=flags)):
        kind, _, rest = line.partition(" ")
        label, _, rest = rest.partition(" ")
        if kind == "error":
            raise PatternError(engine, rest.strip())
        if kind == "failed":
            raise RuntimeError(f"{engine} runner failed while matching: {rest}")
        if kind == "result":
            answer = rest.strip()
    if answer is None or len(answer) != len(hands) or answer.strip("01"):
        raise RuntimeError(f"{engine} runner answered {answer!r:.200} for {len(hands)} strings")
    return [c == "1" for c in answer]


# --- In-process engines ---


@functools.lru_cache(maxsize=None)
def _module(engine: str):
    """Import and sanity-check the Python module behind an in-process engine."""
    if engine not in IN_PROCESS:
        raise ValueError(f"not an in-process engine: {engine!r}")
    name = "re" if engine == "python" else engine
    try:
        mod = importlib.import_module(name)
    except ImportError as exc:
        raise EngineUnavailable(f"Python module {name!r} not importable: {exc}") from None
    if engine != "re2":
        return mod
    # Other PyPI packages also install a module named 're2' and silently
    # fall back to Python's re on unsupported syntax.  google-re2 never does.
    if not hasattr(mod, "Options"):
        raise EngineUnavailable("the importable 're2' module is not google-re2")
    options = mod.Options()
    options.log_errors = False
    try:
        mod.compile(r"(a)\1", options)
    except mod.error:
        return mod
    raise EngineUnavailable("the 're2' module accepted a backreference: not real RE2")


def compile_in_process(engine: str, pattern: str) -> Callable:
    """Compile ``pattern`` in-process (``pcre2`` with its JIT); return its ``search(str)``.

    Raises :class:`PatternError` if the engine rejects the pattern."""
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


# --- Public API ---


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
        return "node " + _tool_output([_which("node")[0], "--version"])
    if engine == "ruby":
        return "Ruby " + _tool_output([*_which("ruby"), "-e", "print RUBY_VERSION"]) + " (Onigmo)"
    if engine == "go":
        return _tool_output([_which("go")[0], "env", "GOVERSION"], env=_go_env())
    if engine == "dotnet":
        text = _tool_output([_which("mcs", "mono")[1], "--version"])
        match = re.search(r"version (\S+)", text)
        return f"Mono {match.group(1) if match else text.splitlines()[0]}"
    if engine == "java":
        text = _tool_output([_which("java", "javac")[0], "-version"])
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

    External engines (node, java, dotnet, ruby, go) use one runner process per
    call.

    Raises :class:`EngineUnavailable` if the engine cannot run here,
    :class:`PatternError` if the engine rejects the pattern,
    :class:`RuntimeError` if a runner crashes or cannot be built (its output
    is included), and :class:`subprocess.TimeoutExpired` if a runner stays
    silent for longer than :data:`TIMEOUT_SECONDS`.  Strings that are not encodable as
    UTF-8 (lone surrogates) raise :class:`UnicodeEncodeError` for external
    engines.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; expected one of {ENGINES}")
    if not re.fullmatch(r"[A-Za-z]*", flags):
        raise ValueError(f"flags must be ASCII letters, got {flags!r}")
    hands = list(hands)
    if engine in IN_PROCESS:
        search = compile_in_process(engine, pattern)
        return [search(hand) is not None for hand in hands]
    return _run_external(engine, pattern, hands, flags)
