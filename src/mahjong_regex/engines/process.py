"""A runner program in its own process, fed the protocol on stdin and read
line by line from stdout (:class:`RunnerProcess`).  Threads drain its stdout
and stderr, so neither side ever blocks on a full pipe."""

from __future__ import annotations

import queue
import subprocess
import threading
from typing import Iterator

from .builds import runner_command
from .failures import RunnerError, RunnerTimeout
from .protocol import command, header


def _pump(stream, into: queue.Queue) -> None:
    """Copy the lines of ``stream`` into ``into``, then None."""
    for line in stream:
        into.put(line)
    into.put(None)


class RunnerProcess:
    """One runner program of ``engine``, running until :meth:`close`.

    A runner silent for ``timeout`` seconds is killed (:class:`RunnerTimeout`);
    one that stops raises :class:`RunnerError` with its exit status and stderr.
    Raises :class:`EngineUnavailable` or :class:`RunnerError` when the runner
    cannot be built or started."""

    def __init__(self, engine: str, timeout: float):
        """Start ``engine``'s runner (built first where it is compiled)."""
        self.engine = engine
        self.timeout = timeout
        self.argv = list(runner_command(engine))
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
        except OSError as exc:
            raise RunnerError(f"cannot start the {engine} runner: {exc}") from None
        self.lines: queue.Queue = queue.Queue()
        self.stderr: list[bytes] = []
        self.out_reader = threading.Thread(
            target=_pump, args=(self.proc.stdout, self.lines), daemon=True
        )
        self.out_reader.start()
        self.err_reader = threading.Thread(target=self._drain_stderr, daemon=True)
        self.err_reader.start()

    def _drain_stderr(self) -> None:
        for chunk in self.proc.stderr:
            self.stderr.append(chunk)

    def start(self, patterns: dict[str, str], flags: str) -> list[str]:
        """Send the header; the lines that answer it."""
        self.send(header(patterns, flags))
        return list(self.answer())

    def command(self, verb: str, args: list[str], strings: list[str]) -> Iterator[str]:
        """Send one command; yield its answer's lines as they come."""
        self.send(command(verb, args, strings))
        return self.answer()

    def answer(self) -> Iterator[str]:
        """The lines of one answer, as they come, until its ``end``."""
        while True:
            line = self._read()
            if line == "end":
                return
            yield line

    def send(self, data: bytes) -> None:
        """Write ``data`` (protocol lines) to the runner."""
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except OSError:
            pass  # the runner stopped: reading says how

    def _read(self) -> str:
        try:
            raw = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            self.kill()
            raise RunnerTimeout(
                f"the {self.engine} runner was silent for {self.timeout:g} s and was killed"
            ) from None
        if raw is None:
            raise RunnerError(self._stopped())
        return raw.decode("utf-8", "replace").rstrip("\r\n")

    def _stopped(self) -> str:
        """Why the runner stopped: its exit status and stderr."""
        try:
            status = self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()
            status = "killed"
        self.err_reader.join(5)
        text = b"".join(self.stderr).decode("utf-8", "replace").strip()
        return f"the {self.engine} runner stopped (exit {status}):\n{text[-4000:] or 'no stderr'}"

    def kill(self) -> None:
        """End the runner at once."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()

    def close(self) -> None:
        """End the input (the runner exits), waiting up to 10 s before a kill."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass  # it had stopped
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()
        for reader, stream in (
            (self.out_reader, self.proc.stdout),
            (self.err_reader, self.proc.stderr),
        ):
            reader.join(5)
            if not reader.is_alive():
                stream.close()
