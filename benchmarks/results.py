"""What the benchmark measures, and the rows of its table.

A :class:`Row` is one (flavor, engine) pair; it holds a :class:`PatternRun`
per pattern label (``ours``, ``linear``, ``empty``, ``seed``), and each run a
:class:`Timing` per hand mix (``boundary``, ``losers``; see ``inputs.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: (flavor, engine as the table names it, engine name in mahjong_regex.engines), in table order.
ROWS: tuple[tuple[str, str, str], ...] = (
    ("pcre", "pcre2", "pcre2"),
    ("pcre", "pcre2-c", "pcre2-c"),
    ("regex", "regex", "regex"),
    ("python", "re", "python"),
    ("js", "node", "node"),
    ("java", "java", "java"),
    ("dotnet", "mono", "dotnet"),
    ("ruby", "ruby", "ruby"),
    ("re2", "google-re2", "re2"),
    ("re2", "go", "go"),
)
#: Engines without backtracking: no worst-case figures, no seed regex.
LINEAR_TIME = frozenset({"google-re2", "go"})
#: Pattern labels, in the order each engine runs them (the seed last: it is the one
#: most likely to stall on a hostile string).
LABELS = ("ours", "linear", "empty", "seed")
#: The hand mixes, in table order.
MIXES = ("boundary", "losers")
#: Repeats per hostile string (the best one counts).
WORST_REPEATS = 3
#: The throughput targets: ours at least this many times the seed's hands/s, in
#: these engines (table name, how the report calls it), on every mix.
TARGET_FACTOR = 3.0
TARGETS = (("regex", "the regex module"), ("pcre2-c", "PCRE2 from C"), ("node", "V8 (node)"))


def one_line(text) -> str:
    """Collapse white space in ``str(text)``."""
    return " ".join(str(text).split())


@dataclass
class Timing:
    """One pattern on one hand mix: ``rate`` in hands/s; ``verdicts`` from the
    warm-up pass (one bool per hand), compared with the reference evaluator."""

    rate: float | None = None
    passes: int = 0
    seconds: float = 0.0
    verdicts: list[bool] | None = field(default=None, repr=False)
    accepted: int | None = None
    disagreements: int | None = None

    def judge(self, truth: list[bool]) -> None:
        """Count the accepted hands and the disagreements with ``truth``."""
        if self.verdicts is not None:
            self.accepted = sum(self.verdicts)
            self.disagreements = sum(a != b for a, b in zip(self.verdicts, truth))
            self.disagreements += abs(len(self.verdicts) - len(truth))

    def to_json(self) -> dict:
        """The JSON form (no per-hand verdicts)."""
        return {
            "hands_per_second": self.rate,
            "timed_passes": self.passes,
            "timed_seconds": self.seconds,
            "accepted": self.accepted,
            "disagreements": self.disagreements,
        }


@dataclass
class PatternRun:
    """What one engine measured for one pattern: ``timings`` per mix; ``worst``
    maps a hostile-string key to milliseconds, or to None with the reason in
    ``worst_errors``; ``error`` says why the pattern could not be timed."""

    chars: int
    compile_ms: float | None = None
    timings: dict[str, Timing] = field(default_factory=dict)
    worst: dict[str, float | None] = field(default_factory=dict)
    worst_errors: dict[str, str] = field(default_factory=dict)
    error: str | None = None

    def rate(self, mix: str) -> float | None:
        """Hands/s on ``mix``, or None."""
        timing = self.timings.get(mix)
        return timing.rate if timing else None

    def worst_case(self) -> tuple[str, float | None, str | None] | None:
        """(key, ms, error) of the slowest hostile string, errors first; None if none ran."""
        if not self.worst:
            return None
        failed = [k for k, v in self.worst.items() if v is None]
        if failed:
            return failed[0], None, self.worst_errors.get(failed[0], "failed")
        key = max(self.worst, key=lambda k: self.worst[k])
        return key, self.worst[key], None

    def to_json(self) -> dict:
        """The JSON form."""
        worst = self.worst_case()
        return {
            "chars": self.chars,
            "compile_ms": self.compile_ms,
            "mixes": {mix: timing.to_json() for mix, timing in self.timings.items()},
            "worst_ms": worst[1] if worst else None,
            "worst_string": worst[0] if worst else None,
            "worst_by_string_ms": self.worst,
            "worst_errors": self.worst_errors,
            "error": self.error,
        }


@dataclass
class Row:
    """One (flavor, engine) row: the version, and a :class:`PatternRun` per label
    (a label left out was not applicable, e.g. the seed in RE2); ``status`` is
    ``ok``, ``missing: …`` or ``error: …``; ``driver`` the engine's name in
    :mod:`mahjong_regex.engines`."""

    flavor: str
    engine: str
    driver: str
    version: str = ""
    status: str = "ok"
    runs: dict[str, PatternRun] = field(default_factory=dict)
    unchecked: tuple[str, ...] = ()
    note: str = ""

    def ratio(self, label: str, mix: str) -> float | None:
        """Our hands/s on ``mix`` divided by ``label``'s, or None."""
        ours, other = self.runs.get("ours"), self.runs.get(label)
        if ours and other and ours.rate(mix) and other.rate(mix):
            return ours.rate(mix) / other.rate(mix)
        return None

    def to_json(self) -> dict:
        """The JSON form."""
        return {
            "flavor": self.flavor,
            "engine": self.engine,
            "version": self.version,
            "status": self.status,
            "note": self.note,
            "unchecked": list(self.unchecked),
            "x_seed": {mix: self.ratio("seed", mix) for mix in MIXES},
            "x_linear": {mix: self.ratio("linear", mix) for mix in MIXES},
            "patterns": {label: run.to_json() for label, run in self.runs.items()},
        }
