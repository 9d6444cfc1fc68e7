"""Sides of a diff read from git: ``REV:PATH``, a file at a revision of the
current repository (``HEAD~1:rules/my.meld``), read with ``git show``.

PATH is as git reads it: from the repository's root, or from the current
folder when written ``REV:./PATH``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path


class RevisionError(Exception):
    """A ``REV:PATH`` that cannot be read: git is missing, this is not a git
    repository, the revision or the path does not exist, or the path is a
    folder or not UTF-8 text.  ``str()`` is the message, without a prefix."""


def is_revision(spec: str) -> bool:
    """Is ``spec`` (str) written ``REV:PATH`` -- a colon, and no file of that
    name?"""
    return ":" in spec and not Path(spec).exists()


def _git(*args: str) -> subprocess.CompletedProcess:
    """Run git with ``args`` in the current folder (bytes out)."""
    try:
        return subprocess.run(["git", *args], capture_output=True)
    except OSError as e:
        raise RevisionError(f"git cannot be run ({e.strerror or e})") from None


def _said(done: subprocess.CompletedProcess) -> str:
    """What git said on failure, on one line, without ``fatal:``."""
    lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
    text = "; ".join(x.removeprefix("fatal: ").removeprefix("hint: ") for x in lines)
    return text.rstrip(".") or f"git exited with status {done.returncode}"


def git_show(spec: str) -> str:
    """The text (str) of the file ``spec`` = ``REV:PATH`` at that revision.

    Raises :class:`RevisionError` with git's reason when git cannot show it,
    or when it is a folder or not UTF-8 text."""
    if spec.startswith("-"):  # never an option of git's
        raise RevisionError(f"{spec}: a revision does not start with '-'")
    shown = _git("show", "--no-textconv", "--end-of-options", spec)
    if shown.returncode != 0:
        raise RevisionError(f"git cannot show {spec}: {_said(shown)}")
    kind = _git("cat-file", "-t", spec)
    if kind.stdout.strip() != b"blob":
        what = kind.stdout.decode("utf-8", "replace").strip()
        raise RevisionError(f"{spec} is {f'a {what}' if what else 'not a file'} in git, not a file")
    try:
        return shown.stdout.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RevisionError(f"{spec} is not UTF-8 text") from None
