"""The playground's downloads, pinned and cached: Pyodide's core files from
npm (through ``npm pack``), the ``lark`` wheel from PyPI (through ``pip
download``), and this project's own wheel, built from the checkout (``pip
wheel``).

Each file is checked against its pinned hash and kept in the cache folder:
``$MAHJONG_REGEX_CACHE``, else ``$XDG_CACHE_HOME/mahjong-regex``, else
``~/.cache/mahjong-regex``, under ``playground/``.  Once the files are
there, a build needs no network; a file put there by hand is used as well,
when its hash is right.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

#: The Pyodide release the page runs (npm package ``pyodide``) and npm's
#: integrity string of its tarball.
PYODIDE_VERSION = "314.0.8"
PYODIDE_INTEGRITY = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
#: The files of the npm package the page loads (the core runtime only).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: The ``lark`` wheel the compiler's parser needs, and its SHA-256.
LARK_VERSION = "1.3.1"
LARK_WHEEL = f"lark-{LARK_VERSION}-py3-none-any.whl"
LARK_SHA256 = "c629b661023a014c37da873b4ff58a817398d12635d3bbb2c5a03be7fe5d1e12"
#: What of a checkout goes into the project's wheel.
CHECKOUT_PARTS = ("pyproject.toml", "README.md", "src", "grammar")


class FetchError(Exception):
    """A download or a build step failed; the message says what to do."""


def cache_dir() -> Path:
    """The folder the downloads are kept in (see the module docstring)."""
    root = os.environ.get("MAHJONG_REGEX_CACHE")
    if root:
        return Path(root) / "playground"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "mahjong-regex" / "playground"


def sha256(path: Path) -> str:
    """The SHA-256 of a file, hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(command: list[str], cwd: Path, what: str, offline_hint: str) -> None:
    """Run a package client; raises :class:`FetchError` with the end of its
    output when it fails or cannot be started."""
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)
    except FileNotFoundError:
        raise FetchError(f"cannot {what}: {command[0]} is not installed; {offline_hint}") from None
    except subprocess.TimeoutExpired:
        raise FetchError(
            f"cannot {what}: {command[0]} ran for 10 minutes; {offline_hint}"
        ) from None
    if done.returncode != 0:
        lines = [x for x in (done.stderr + done.stdout).splitlines() if x.strip()]
        tail = "\n  ".join(lines[-4:]) or f"exit code {done.returncode}"
        raise FetchError(f"cannot {what} (offline?):\n  {tail}\n{offline_hint}")


def _cached(cache: Path, name: str, good) -> Path | None:
    path = cache / name
    return path if path.is_file() and good(path) else None


def pyodide_tarball(cache: Path) -> Path:
    """The npm tarball of Pyodide :data:`PYODIDE_VERSION`, from the cache or
    fetched with ``npm pack``; raises :class:`FetchError`."""
    name = f"pyodide-{PYODIDE_VERSION}.tgz"

    def good(path: Path) -> bool:
        digest = base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()
        return f"sha512-{digest}" == PYODIDE_INTEGRITY

    found = _cached(cache, name, good)
    if found:
        return found
    cache.mkdir(parents=True, exist_ok=True)
    hint = f"to build without a network, put {name} from the npm registry in {cache}"
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        npm = shutil.which("npm") or "npm"
        _run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"],
            Path(tmp),
            "fetch " + name,
            hint,
        )
        got = Path(tmp) / name
        if not got.is_file() or not good(got):
            raise FetchError(f"{name} from npm does not match its pinned integrity; {hint}")
        got.replace(cache / name)
    return cache / name


def lark_wheel(cache: Path) -> Path:
    """The ``lark`` wheel :data:`LARK_WHEEL`, from the cache or fetched with
    ``pip download``; raises :class:`FetchError`."""

    def good(path: Path) -> bool:
        return sha256(path) == LARK_SHA256

    found = _cached(cache, LARK_WHEEL, good)
    if found:
        return found
    cache.mkdir(parents=True, exist_ok=True)
    hint = f"to build without a network, put {LARK_WHEEL} from PyPI in {cache}"
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        command = [sys.executable, "-m", "pip", "download", f"lark=={LARK_VERSION}", "--no-deps"]
        command += ["--only-binary=:all:", "--dest", tmp, "--quiet"]
        _run(command, Path(tmp), "fetch " + LARK_WHEEL, hint)
        got = Path(tmp) / LARK_WHEEL
        if not got.is_file() or not good(got):
            raise FetchError(f"{LARK_WHEEL} from PyPI does not match its pinned SHA-256; {hint}")
        got.replace(cache / LARK_WHEEL)
    return cache / LARK_WHEEL


def checkout_root() -> Path:
    """The checkout this package runs from (the folder holding its
    ``pyproject.toml``); raises :class:`FetchError` for an installed copy."""
    here = Path(__file__).resolve()
    for folder in here.parents:
        project = folder / "pyproject.toml"
        if project.is_file() and 'name = "mahjong-regex"' in project.read_text("utf-8"):
            return folder
    raise FetchError(
        "the playground carries this project's wheel, built from a checkout of "
        f"mahjong-regex, and none holds {here}; run the build from a clone "
        "(pip install -e .)"
    )


def _checkout_files(root: Path) -> list[Path]:
    files = []
    for part in CHECKOUT_PARTS:
        path = root / part
        found = sorted(path.rglob("*")) if path.is_dir() else [path]
        files += [
            f
            for f in found
            if f.is_file()
            and "__pycache__" not in f.parts
            and not any(p.endswith(".egg-info") for p in f.parts)
        ]
    return files


def own_wheel(cache: Path, root: Path | None = None) -> Path:
    """This project's wheel, built with ``pip wheel`` from a clean copy of
    the checkout (so nothing stale in ``build/`` gets in), and kept in the
    cache under a hash of the files it is built from; raises
    :class:`FetchError`."""
    root = root or checkout_root()
    files = _checkout_files(root)
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    folder = cache / "wheels" / digest.hexdigest()[:20]
    built = sorted(folder.glob("mahjong_regex-*.whl")) if folder.is_dir() else []
    if built:
        return built[0]
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        copy = Path(tmp) / "src-copy"
        for f in files:
            target = copy / f.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, target)
        out = Path(tmp) / "out"
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out)]
        hint = "the build backend (setuptools) comes from PyPI, or from pip's cache"
        _run(command + [str(copy)], Path(tmp), "build the mahjong-regex wheel", hint)
        wheels = sorted(out.glob("mahjong_regex-*.whl"))
        if not wheels:
            raise FetchError("pip wheel made no mahjong_regex wheel")
        folder.mkdir(parents=True, exist_ok=True)
        part = folder / (wheels[0].name + ".part")
        shutil.copyfile(wheels[0], part)
        return part.replace(folder / wheels[0].name)
