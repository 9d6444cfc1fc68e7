"""Run a pattern in the engine of its flavor, for ``diff``.

``pcre``, ``regex``, ``python`` and ``re2`` run in this process, through the
Python modules ``pcre2``, ``regex``, ``re`` and ``re2`` (PyPI ``google-re2``;
``pcre2`` and ``google-re2`` come with the test extras, and a missing one is
reported).  ``js``, ``ruby``, ``java`` and ``dotnet`` run in one process of
Node.js, Ruby, Java or Mono that lives as long as the diff, driven by a small
program shipped in ``runners/``: it reads the pattern and then batches of
strings, hex-encoded, and answers one line of 0/1 per batch.  The Java
program runs from source (``java DiffRunner.java``); the C# one is built once
with ``mcs`` into ``<tempdir>/mahjong-regex-diff/``.

Every engine answers whether the pattern matches *somewhere* in a string
(search, never an implied full match), as the flavor's snippets call it:
JavaScript with the ``u`` flag, the others with no flags.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import shutil
import subprocess
import tempfile
from importlib import resources
from pathlib import Path

#: The Python module each in-process flavor runs in.
IN_PROCESS = {"pcre": "pcre2", "regex": "regex", "python": "re", "re2": "re2"}
#: The program each other flavor runs in.
EXTERNAL = {"js": "node", "ruby": "ruby", "java": "java", "dotnet": "mono"}


class EngineError(Exception):
    """The flavor's engine is missing on this machine, rejects the pattern,
    or fails while matching; ``str()`` says which, in one line."""


class PatternEngine:
    """A compiled pattern in the engine of ``flavor`` (one of the eight).

    Raises :class:`EngineError` when the engine cannot run here or rejects
    the pattern.  :meth:`decide` answers batches; :meth:`close` ends the
    engine's process, if any."""

    def __init__(self, flavor: str, pattern: str):
        self.flavor = flavor
        self.proc: subprocess.Popen | None = None
        if flavor in IN_PROCESS:
            self.search = _compile_in_process(flavor, pattern)
        elif flavor in EXTERNAL:
            self.search = None
            self.proc = _start(flavor)
            self._send([pattern.encode("utf-8").hex()])
            answer = self._read()
            if answer != "ok":
                self.close()
                raise EngineError(f"{_ENGINE_NAMES[flavor]} rejects the pattern: {answer[6:]}")
        else:
            raise EngineError(f"unknown flavor {flavor!r}")

    def decide(self, hands: list[str]) -> list[bool]:
        """For each string, does the pattern match somewhere in it?"""
        if self.search is not None:
            return [self.search(h) is not None for h in hands]
        self._send([h.encode("utf-8", "surrogatepass").hex() for h in hands] + ["."])
        bits = self._read()
        if len(bits) != len(hands) or bits.strip("01"):
            raise EngineError(f"{_ENGINE_NAMES[self.flavor]} failed: {bits[:300]}")
        return [b == "1" for b in bits]

    def close(self) -> None:
        """End the engine's process (nothing for an in-process engine)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def _send(self, lines: list[str]) -> None:
        try:
            self.proc.stdin.write(("\n".join(lines) + "\n").encode("ascii"))
            self.proc.stdin.flush()
        except OSError:
            pass  # the process died: _read reports it

    def _read(self) -> str:
        line = self.proc.stdout.readline().decode("utf-8", "replace").rstrip("\r\n")
        if not line:
            err = self.proc.stderr.read().decode("utf-8", "replace").strip()
            raise EngineError(f"{_ENGINE_NAMES[self.flavor]} stopped: {err[:500] or 'no output'}")
        return line


_ENGINE_NAMES = {
    "pcre": "PCRE2 (the pcre2 module)",
    "regex": "the regex module",
    "python": "Python's re",
    "re2": "RE2 (the google-re2 module)",
    "js": "Node.js",
    "ruby": "Ruby",
    "java": "Java",
    "dotnet": "Mono (.NET)",
}


def _compile_in_process(flavor: str, pattern: str):
    name = IN_PROCESS[flavor]
    try:
        mod = importlib.import_module(name)
    except ImportError:
        raise EngineError(
            f"the {flavor} flavor runs in the Python module {name!r}, which is not installed "
            f"(pip install {'google-re2' if name == 're2' else name})"
        ) from None
    try:
        if flavor == "re2":
            options = mod.Options()
            options.log_errors = False
            return mod.compile(pattern, options).search
        if flavor == "regex":
            return mod.compile(pattern, mod.V0).search
        return mod.compile(pattern).search
    except Exception as e:  # each module has its own error class
        message = e.args[0] if e.args else str(e)
        if isinstance(message, bytes):
            message = message.decode("utf-8", "replace")
        raise EngineError(f"{_ENGINE_NAMES[flavor]} rejects the pattern: {message}") from None


def _runner(name: str) -> Path:
    return Path(str(resources.files(__package__).joinpath("runners", name)))


def _tool(name: str, flavor: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise EngineError(f"the {flavor} flavor runs in {name}, which is not on PATH")
    return path


def _command(flavor: str) -> list[str]:
    if flavor == "js":
        return [_tool("node", flavor), str(_runner("runner.js"))]
    if flavor == "ruby":
        return [_tool("ruby", flavor), str(_runner("runner.rb"))]
    if flavor == "java":
        # A large stack: java.util.regex recurses once per repetition of a group.
        return [_tool("java", flavor), "-Xss512m", str(_runner("DiffRunner.java"))]
    mono, mcs = _tool("mono", flavor), _tool("mcs", flavor)
    source = _runner("DiffRunner.cs")
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    exe = Path(tempfile.gettempdir()) / "mahjong-regex-diff" / f"DiffRunner-{digest}.exe"
    if not exe.is_file():
        exe.parent.mkdir(parents=True, exist_ok=True)
        scratch = exe.with_name(f"{exe.stem}.{os.getpid()}.exe")
        built = subprocess.run(
            [mcs, "-nologo", "-optimize+", f"-out:{scratch}", str(source)],
            capture_output=True,
            text=True,
        )
        if built.returncode != 0:
            raise EngineError(f"building the .NET runner failed: {built.stdout} {built.stderr}")
        scratch.replace(exe)
    return [mono, str(exe)]


def _start(flavor: str) -> subprocess.Popen:
    try:
        return subprocess.Popen(
            _command(flavor), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
    except OSError as e:
        raise EngineError(f"cannot start the {flavor} engine: {e}") from None
