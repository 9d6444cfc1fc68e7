"""``mahjong-regex playground build``: assemble the static site.

The folder it writes::

    index.html app.js share.js worker.js match-worker.js style.css
    pyodide/     the core of Pyodide (see fetch.PYODIDE_FILES)
    wheels/      lark and mahjong_regex, installed in the page without
                 dependency resolution (the compile path needs lark and the
                 standard library only)
    site.json    what the worker loads: the Pyodide version, each wheel's
                 file name, SHA-256 and size
    .nojekyll    so that GitHub Pages serves the folder as it is

Every file is served from the same origin: the page asks no other host.
"""

from __future__ import annotations

import gzip
import json
import shutil
import tarfile
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path

from .fetch import (
    PYODIDE_FILES,
    PYODIDE_VERSION,
    FetchError,
    cache_dir,
    lark_wheel,
    own_wheel,
    pyodide_tarball,
    sha256,
)
from .serve import SiteError, serve

#: What ``site.json`` says made the folder (a build only ever clears a
#: folder that says so).
GENERATOR = "mahjong-regex playground"


@dataclass(frozen=True)
class Built:
    """A built site: its folder, and per file its size and gzip size."""

    out: Path
    sizes: dict[str, tuple[int, int]]

    @property
    def total(self) -> tuple[int, int]:
        """(bytes, bytes gzipped) of every file the page loads."""
        return sum(s for s, _ in self.sizes.values()), sum(g for _, g in self.sizes.values())


def static_files() -> dict[str, bytes]:
    """The page's own files (package data), by name."""
    folder = resources.files(__package__).joinpath("static")
    return {f.name: f.read_bytes() for f in folder.iterdir() if f.is_file()}


def _prepare(out: Path, clear: bool = True) -> None:
    """Make ``out`` an empty folder: refuse a folder with other files in it,
    clear one an earlier build wrote (only check, without ``clear``)."""
    if out.exists() and not out.is_dir():
        raise SiteError(f"{out} is a file; the site is a folder")
    if out.is_dir() and any(out.iterdir()):
        manifest = out / "site.json"
        try:
            ours = json.loads(manifest.read_text("utf-8")).get("generator") == GENERATOR
        except (OSError, ValueError, AttributeError):
            ours = False
        if not ours:
            raise SiteError(
                f"{out} is not empty and holds no playground site; choose another folder"
            )
        if clear:
            shutil.rmtree(out)
    if clear:
        out.mkdir(parents=True, exist_ok=True)


def _unpack_pyodide(tarball: Path, folder: Path) -> None:
    folder.mkdir()
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SiteError(f"{tarball.name} holds no {name}")
            (folder / name).write_bytes(member.read())


def build_site(out: Path, cache: Path | None = None) -> Built:
    """Write the site into ``out`` (see the module docstring), downloading
    into ``cache`` (default :func:`~.fetch.cache_dir`) what is not there.

    Raises :class:`SiteError` for a folder that cannot take the site, and
    :class:`~.fetch.FetchError` for a download or build that failed."""
    cache = cache or cache_dir()
    _prepare(out, clear=False)
    wheels = [lark_wheel(cache), own_wheel(cache)]
    tarball = pyodide_tarball(cache)
    _prepare(out)
    for name, data in static_files().items():
        (out / name).write_bytes(data)
    _unpack_pyodide(tarball, out / "pyodide")
    (out / "wheels").mkdir()
    listed = []
    for wheel in wheels:
        shutil.copyfile(wheel, out / "wheels" / wheel.name)
        listed.append({"file": wheel.name, "sha256": sha256(wheel), "size": wheel.stat().st_size})
    manifest = {
        "generator": GENERATOR,
        "version": metadata.version("mahjong-regex"),
        "pyodide": PYODIDE_VERSION,
        "wheels": listed,
    }
    (out / "site.json").write_text(json.dumps(manifest, indent=2) + "\n", "utf-8")
    (out / ".nojekyll").write_bytes(b"")
    return Built(out, measure(out))


def measure(out: Path) -> dict[str, tuple[int, int]]:
    """Per file of a built site (relative path): its size and its size
    gzipped (level 6, as a web server sends it)."""
    sizes = {}
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.name != ".nojekyll":
            data = path.read_bytes()
            sizes[path.relative_to(out).as_posix()] = (len(data), len(gzip.compress(data, 6)))
    return sizes


def run(args, fail) -> int:
    """Run ``playground build`` or ``serve``; ``fail`` is the command line's
    exit-2 exception.  Returns the exit code."""
    try:
        if args.action == "serve":
            return serve(Path(args.dir), args.port)
        built = build_site(Path(args.out))
    except (FetchError, SiteError) as e:
        raise fail(f"mahjong-regex: error: {e}") from None
    size, packed = built.total
    print(
        f"wrote {built.out}: {len(built.sizes)} files, {size / 1e6:.1f} MB ({packed / 1e6:.1f} MB gzipped)"
    )
    print(f"serve it with: mahjong-regex playground serve --dir {built.out}")
    return 0
