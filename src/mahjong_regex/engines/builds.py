"""The command that runs each runner engine's program, built first where it
is compiled (Java, C#, Go, C): :func:`runner_command`."""

from __future__ import annotations

import functools
import shutil

from .facts import facts
from .failures import EngineUnavailable, RunnerError
from .tools import build_cached, go_env, run, runner_source, tool_output, which


def _interpreted(engine: str) -> tuple[str, ...]:
    """node, ruby and php run their runner from source."""
    (tool,) = which(engine, *facts(engine).tools)
    return (tool, str(runner_source(facts(engine).runner)))


def _java() -> tuple[str, ...]:
    java, javac = which("java", "java", "javac")
    source = runner_source("Runner.java")
    out = build_cached(
        "java",
        source,
        "Runner.class",
        lambda d: [javac, "-encoding", "UTF-8", "-d", str(d), source.name],
        key=tool_output("java", [javac, "-version"]) + tool_output("java", [java, "-version"]),
    )
    # A large thread stack: java.util.regex recurses once per repetition of a group.
    return (java, "-Xss512m", "-cp", str(out), "Runner")


def _dotnet() -> tuple[str, ...]:
    mcs, mono = which("dotnet", "mcs", "mono")
    source = runner_source("Runner.cs")
    out = build_cached(
        "dotnet",
        source,
        "Runner.exe",
        lambda d: [mcs, "-nologo", "-optimize+", f"-out:{d / 'Runner.exe'}", source.name],
        key=tool_output("dotnet", [mcs, "--version"]) + tool_output("dotnet", [mono, "--version"]),
    )
    return (mono, str(out / "Runner.exe"))


def _go() -> tuple[str, ...]:
    (go,) = which("go", "go")
    source = runner_source("runner.go")
    out = build_cached(
        "go",
        source,
        "runner",
        lambda d: [go, "build", "-o", str(d / "runner"), source.name],
        key=tool_output("go", [go, "env", "GOVERSION"], env=go_env()),
        env=go_env(),
    )
    return (str(out / "runner"),)


def _pcre2_flags() -> tuple[list[str], list[str]]:
    """The C flags and libraries of libpcre2-8: pkg-config's when it knows
    the library, else plain ``-lpcre2-8``."""
    cflags, libs = [], ["-lpcre2-8"]
    pkg = shutil.which("pkg-config")
    if pkg and run([pkg, "--exists", "libpcre2-8"]).returncode == 0:
        cflags = run([pkg, "--cflags", "libpcre2-8"]).stdout.decode().split()
        libs = run([pkg, "--libs", "libpcre2-8"]).stdout.decode().split() or libs
    return cflags, libs


def _pcre2_c() -> tuple[str, ...]:
    (gcc,) = which("pcre2-c", "gcc")
    cflags, libs = _pcre2_flags()
    source = runner_source("runner_pcre2.c")
    build = lambda d: [
        gcc,
        "-O2",
        *cflags,
        "-o",
        str(d / "runner_pcre2"),
        source.name,
        *libs,
    ]  # noqa
    key = "\n".join([tool_output("pcre2-c", [gcc, "--version"]), *cflags, *libs])
    try:
        out = build_cached("pcre2-c", source, "runner_pcre2", build, key=key)
    except RunnerError as exc:
        if "pcre2.h: No such file" in str(exc) or "cannot find -lpcre2-8" in str(exc):
            raise EngineUnavailable(
                "pcre2-c: libpcre2-8 is missing (package libpcre2-dev)"
            ) from None
        raise
    return (str(out / "runner_pcre2"),)


_BUILT = {"java": _java, "dotnet": _dotnet, "go": _go, "pcre2-c": _pcre2_c}


@functools.lru_cache(maxsize=None)
def runner_command(engine: str) -> tuple[str, ...]:
    """The argv that runs ``engine``'s runner program, built first if it is
    compiled.  Raises ValueError for an engine without a runner,
    :class:`EngineUnavailable` when a program it needs is missing, and
    :class:`RunnerError` when the build fails."""
    if facts(engine).runner is None:
        raise ValueError(f"{engine} runs in this process: it has no runner program")
    if engine in _BUILT:
        return _BUILT[engine]()
    return _interpreted(engine)
