"""Each engine's version (:func:`engine_version`), which also proves that the
engine runs here: an in-process engine's module imports (and google-re2 is
the real RE2), a runner engine's program builds, starts and names itself."""

from __future__ import annotations

import functools
import platform
from importlib import metadata

from .builds import runner_command
from .facts import facts
from .failures import EngineUnavailable, RunnerError
from .local import load_module
from .protocol import header
from .tools import run


def _in_process(engine: str) -> str:
    mod = load_module(engine)
    if engine == "python":
        return f"Python re {platform.python_version()}"
    if engine == "pcre2":
        return f"PCRE2 {mod.__libpcre2_version__} (pcre2 {mod.__version__})"
    package = facts(engine).package
    try:
        return f"{package} {metadata.version(package)}"
    except metadata.PackageNotFoundError:
        return f"{package} {getattr(mod, '__version__', '(version unknown)')}"


def _runner(engine: str) -> str:
    """The ``version`` line of the runner, sent a header with no pattern."""
    proc = run(list(runner_command(engine)), data=header({}, ""))
    lines = proc.stdout.decode("utf-8", "replace").splitlines()
    said = [line[len("version ") :] for line in lines if line.startswith("version ")]
    if proc.returncode != 0 or not said or lines[-1:] != ["end"]:
        stderr = proc.stderr.decode("utf-8", "replace").strip()
        raise RunnerError(
            f"the {engine} runner answered no version (exit {proc.returncode}):\n"
            + (stderr or "\n".join(lines))[-4000:]
        )
    return said[0]


@functools.lru_cache(maxsize=None)
def engine_version(engine: str) -> str:
    """The engine and its version, as it says them, e.g. ``"node v20.20.2
    (V8 11.3)"``, ``"PCRE2 10.42 (pcre2 0.7.1)"``, ``"regex 2026.5.9"``.

    Raises ValueError for an unknown engine, :class:`EngineUnavailable` when
    the engine cannot run here (a module or a program missing), and
    :class:`RunnerError` when its runner does not build or answer."""
    if facts(engine).in_process:
        return _in_process(engine)
    try:
        return _runner(engine)
    except OSError as exc:
        raise EngineUnavailable(f"{engine}: cannot run its runner: {exc}") from None
