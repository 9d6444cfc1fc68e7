"""The programs behind the runner engines: finding them on the PATH, asking
their versions, and building a runner program once into a cache under the
temp directory (:func:`build_cached`)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from importlib import resources
from pathlib import Path
from typing import Callable

from .failures import EngineUnavailable, RunnerError

#: Seconds a build, a version query or a silent runner is given.
TIMEOUT_SECONDS = 600
#: Where built runners are kept, one folder per engine, source and toolchain.
CACHE_ROOT = Path(tempfile.gettempdir()) / "mahjong-regex-runners"


def runner_source(name: str) -> Path:
    """The path of the runner program ``name`` shipped in ``runners/``."""
    return Path(str(resources.files(__package__).joinpath("runners", name)))


def which(engine: str, *tools: str) -> list[str]:
    """The absolute paths of ``tools``; raises :class:`EngineUnavailable`
    (naming ``engine``) for the first one not on the PATH."""
    paths = []
    for tool in tools:
        path = shutil.which(tool)
        if path is None:
            raise EngineUnavailable(f"{engine}: {tool} is not on the PATH")
        paths.append(path)
    return paths


def run(
    argv: list[str], *, env: dict[str, str] | None = None, cwd: Path | None = None, data=None
) -> subprocess.CompletedProcess:
    """Run ``argv`` (stdin ``data`` bytes) with :data:`TIMEOUT_SECONDS`,
    capturing stdout and stderr as bytes."""
    return subprocess.run(
        argv,
        input=data,
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )


def tool_output(engine: str, argv: list[str], env: dict[str, str] | None = None) -> str:
    """The stdout and stderr text of a query such as ``node --version``;
    raises :class:`EngineUnavailable` when it fails."""
    proc = run(argv, env=env)
    text = (proc.stdout + proc.stderr).decode("utf-8", "replace").strip()
    if proc.returncode != 0:
        raise EngineUnavailable(f"{engine}: {' '.join(argv)} failed: {text[:500]}")
    return text


def go_env() -> dict[str, str]:
    """The environment for ``go``: a private GOCACHE and GOPATH, no
    toolchain downloads."""
    env = dict(os.environ)
    env["GOCACHE"] = str(CACHE_ROOT / "go-cache")
    env["GOPATH"] = str(CACHE_ROOT / "go-path")
    env["GOTOOLCHAIN"] = "local"
    env["GOFLAGS"] = ""
    env["GO111MODULE"] = "auto"
    return env


def build_cached(
    name: str,
    source: Path,
    artifact: str,
    build: Callable[[Path], list[str]],
    *,
    key: str,
    env: dict[str, str] | None = None,
) -> Path:
    """Build ``source`` once and return the folder holding ``artifact``.

    ``build(folder)`` is the build command, run in the source's folder, that
    writes ``artifact`` into ``folder``.  The cache folder's name hashes the
    source and ``key`` (the toolchain's version), so an edit to the runner or
    a new toolchain builds anew.  The build happens in a scratch folder that
    is then renamed into place, so processes building at once never see half
    a runner.  Raises :class:`RunnerError` with the compiler's output when
    the build fails."""
    digest = hashlib.sha256(source.read_bytes() + key.encode()).hexdigest()[:16]
    target = CACHE_ROOT / f"{name}-{digest}"
    if (target / artifact).exists():
        return target
    CACHE_ROOT.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{name}-build-", dir=CACHE_ROOT))
    try:
        proc = run(build(scratch), env=env, cwd=source.parent)
        if proc.returncode != 0 or not (scratch / artifact).exists():
            raise RunnerError(
                f"building the {name} runner failed (exit {proc.returncode}):\n"
                + (proc.stdout + proc.stderr).decode("utf-8", "replace")
            )
        try:
            os.rename(scratch, target)
        except OSError:
            if not (target / artifact).exists():  # not a lost race: a real failure
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return target
