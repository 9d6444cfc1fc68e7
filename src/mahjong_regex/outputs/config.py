"""What ``mahjong-regex build`` builds: the built-in build, or a project's.

The built-in build (no configuration, no rule file named) writes every
built-in rule set in every flavor, for arranged and for sorted hands, into
``generated/``.
A project names its own in a ``[tool.mahjong-regex]`` table of the nearest
``pyproject.toml`` (searched from the current folder upward, or given with
``--config``)::

    [tool.mahjong-regex]
    rules = ["rules/house.meld", "rules/regional", "sichuan"]  # .meld files, folders of them, built-in names
    flavors = ["pcre", "js"]                  # default: every flavor
    inputs = ["arranged", "sorted"]           # the input forms; default: arranged
    out = "generated"                         # default: generated

Paths are read from the folder of ``pyproject.toml``; a folder stands for
the ``.meld`` files in it, in name order.  The command line gives the same
(``build rules/*.meld --flavor pcre,js --out generated``, paths from the
current folder); what it gives takes the place of the table's key
(:func:`resolve`).

Each rule set is written under its ``ruleset`` name.  An input form is the
way hands are written that a pattern reads: ``arranged`` (tiles grouped into
melds) writes ``OUT/NAME/FLAVOR.re``; ``sorted`` (the tiles in canonical
order, ``--input sorted``) writes into a folder of its own,
``OUT/NAME/sorted/FLAVOR.re`` (:data:`FORM_FOLDERS`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import MeldError, Span, located
from ..flavors.table import FLAVORS
from ..rules import BUILTINS, builtin_source

try:
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib

#: The file a project build is read from, the nearest one up from the current folder.
CONFIG_NAME = "pyproject.toml"
#: A ``[tool.mahjong-regex]`` table to start a project's build from.
EXAMPLE_TABLE = (
    "    [tool.mahjong-regex]\n"
    '    rules = ["rules"]          # .meld files or folders of them, or built-in names\n'
    '    flavors = ["pcre", "js"]   # default: every flavor\n'
    '    out = "generated"'
)
#: The table of that file that holds it.
TABLE = "tool.mahjong-regex"
#: Input forms a build can write, and the folder (under the rule set's) each goes to.
FORM_FOLDERS = {"arranged": "", "sorted": "sorted/"}
#: The keys of the table.
KEYS = ("rules", "flavors", "inputs", "out")


class ConfigError(Exception):
    """A build configuration that cannot be used; ``str()`` is the located
    message (``path:line:col: error: …``, the line and a caret when the
    place is known)."""


@dataclass(frozen=True)
class RuleFile:
    """One rule set to build: ``spec`` as written (a built-in name or a
    path from the configuration's folder), ``path`` for messages (the spec,
    so that the output does not depend on where the build runs), ``source``
    its text."""

    spec: str
    path: str
    source: str


@dataclass(frozen=True)
class BuildConfig:
    """What to build: ``rules`` (:class:`RuleFile` each), ``flavors`` and
    input forms (``inputs``) in order, into the folder ``out``."""

    rules: tuple[RuleFile, ...]
    flavors: tuple[str, ...]
    inputs: tuple[str, ...]
    out: Path


def builtin_config(out: str | Path = "generated") -> BuildConfig:
    """The built-in build: every built-in rule set, every flavor, both
    input forms (arranged and sorted hands), into ``out``."""
    return BuildConfig(_builtins(), tuple(FLAVORS), tuple(FORM_FOLDERS), Path(out))


def _builtins() -> tuple[RuleFile, ...]:
    return tuple(RuleFile(n, f"{n}.meld", builtin_source(n)) for n in BUILTINS)


def find_config(start: str | Path = ".") -> Path | None:
    """The nearest ``pyproject.toml`` (a Path from the current folder) at or
    above the folder ``start`` if it holds a ``[tool.mahjong-regex]`` table; None when the
    nearest one has none, or there is none.  Raises :class:`ConfigError`
    when the nearest one is not TOML."""
    here = Path(start).resolve()
    for folder in (here, *here.parents):
        path = folder / CONFIG_NAME
        if path.is_file():
            path = Path(os.path.relpath(path))  # as messages name it
            return path if _table(path, required=False) is not None else None
    return None


def _table(path: Path, required: bool) -> tuple[dict, str] | None:
    """The ``[tool.mahjong-regex]`` table of ``path`` and the file's text;
    None when there is none and it is not ``required``."""
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = getattr(e, "strerror", None) or "not UTF-8 text"
        raise ConfigError(f"{path}: error: cannot read the build configuration: {reason}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(_toml_error(path, text, e)) from None
    table = (
        data.get("tool", {}).get("mahjong-regex") if isinstance(data.get("tool"), dict) else None
    )
    if isinstance(table, dict):
        return table, text
    if table is not None or required:
        raise ConfigError(f"{path}: error: no [{TABLE}] table (see `mahjong-regex build --help`)")
    return None


def load_config(path: str | Path) -> BuildConfig:
    """Read the build configuration of a ``pyproject.toml`` (see the module
    docstring); returns a :class:`BuildConfig`.

    Raises :class:`ConfigError` for a file that cannot be read, is not TOML,
    lacks ``[tool.mahjong-regex]`` or its ``rules``, has an unknown key,
    flavor or input form, or names a rule file or folder that cannot be
    read."""
    path = Path(path)
    table, text = _table(path, required=True)
    fail = lambda key, message, help=None: ConfigError(  # noqa: E731
        located(str(path), text, "error", message, _key_span(text, key), help)
    )
    for key in table:
        if key not in KEYS:
            raise fail(key, f"unknown key '{key}' in [{TABLE}]", "the keys are " + ", ".join(KEYS))
    rules = _strings(table, "rules", None, fail)
    if not rules:
        raise fail("rules", f"[{TABLE}] needs 'rules': the rule sets to build")
    flavors = _strings(table, "flavors", list(FLAVORS), fail)
    if not flavors:
        raise fail(
            "flavors", "'flavors' is empty: nothing would be built", "leave it out for every flavor"
        )
    bad = next((f for f in flavors if f not in FLAVORS), None)
    if bad is not None:
        raise fail("flavors", f"unknown flavor '{bad}'", "the flavors are " + ", ".join(FLAVORS))
    inputs = _strings(table, "inputs", ["arranged"], fail)
    if not inputs:
        raise fail(
            "inputs", "'inputs' is empty: nothing would be built", "leave it out for arranged hands"
        )
    bad = next((f for f in inputs if f not in FORM_FOLDERS), None)
    if bad is not None:
        raise fail(
            "inputs",
            f"unknown input form '{bad}'",
            "the input forms are " + ", ".join(FORM_FOLDERS),
        )
    out = table.get("out", "generated")
    if not isinstance(out, str) or not out:
        raise fail("out", "'out' is the output folder, a string")
    base = path.parent
    files = once(
        f for spec in rules for f in rule_files(spec, base, lambda m, h: fail("rules", m, h))
    )
    return BuildConfig(files, tuple(flavors), tuple(inputs), base / out)


def resolve(
    config: BuildConfig | None,
    rules: list[str],
    flavors: list[str] | None = None,
    inputs: list[str] | None = None,
    out: str | None = None,
) -> BuildConfig:
    """The build to run: ``config`` (a project's, or None for the built-in
    build) with what the command line gave in place of its keys: rule
    files, folders or built-in names (``rules``, from the current folder),
    ``flavors``, ``inputs`` (lists of names) and ``out`` (a folder).  Rule
    files named with no configuration are built for arranged hands unless
    ``inputs`` says otherwise (the built-in build writes both forms).

    Raises :class:`ConfigError` (a message with no place) for an unknown
    flavor or input form, or a rule file or folder that cannot be read."""
    base = config or builtin_config()
    for given, known, what, flag in (
        (flavors, FLAVORS, "flavor", "--flavor"),
        (inputs, FORM_FOLDERS, "input form", "--input"),
    ):
        bad = next((x for x in given or () if x not in known), None)
        if bad is not None:
            raise ConfigError(
                f"mahjong-regex: error: {flag}: unknown {what} '{bad}'; "
                f"the {what}s are {', '.join(known)}"
            )

    def fail(message, help):
        return ConfigError(
            f"mahjong-regex: error: {message}" + (f"\n  help: {help}" if help else "")
        )

    files = once(f for spec in rules for f in rule_files(spec, Path("."), fail))
    forms = base.inputs if config is not None or not files else ("arranged",)
    return BuildConfig(
        files or base.rules,
        tuple(dict.fromkeys(flavors)) if flavors else base.flavors,
        tuple(dict.fromkeys(inputs)) if inputs else forms,
        Path(out) if out else base.out,
    )


def once(files) -> tuple[RuleFile, ...]:
    """The rule files of ``files`` (an iterable of :class:`RuleFile`), each
    file once: a file named twice, or named and inside a folder named too,
    is built once (the first time it is named)."""
    seen: set = set()
    out = []
    for f in files:
        key = _identity(f)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return tuple(out)


def _identity(f: RuleFile):
    """What makes two rule files one: the file itself, resolved (a built-in:
    its name)."""
    return Path(f.path).resolve() if f.spec not in BUILTINS else ("builtin", f.spec)


def _strings(build: dict, key: str, default, fail) -> list[str]:
    value = build.get(key, default)
    if value is default:
        return value
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise fail(key, f"'{key}' is a list of strings")
    return list(dict.fromkeys(value))


def rule_files(spec: str, base: Path, fail) -> list[RuleFile]:
    """The rule sets ``spec`` names: a built-in, a ``.meld`` file, or a
    folder of them (its ``.meld`` files in name order), read from ``base``.
    ``fail(message, help)`` makes the error raised when it cannot be read."""
    if spec in BUILTINS:
        return [RuleFile(spec, f"{spec}.meld", builtin_source(spec))]
    path = base / spec
    if path.is_dir():
        found = sorted(path.glob("*.meld"))
        if not found:
            raise fail(f"the folder '{spec}' holds no .meld file", None)
        return [_rule_file(f"{spec.rstrip('/')}/{p.name}", p, fail) for p in found]
    return [_rule_file(spec, path, fail)]


def _rule_file(spec: str, path: Path, fail) -> RuleFile:
    try:
        return RuleFile(spec, spec, path.read_text("utf-8-sig"))
    except (OSError, UnicodeDecodeError) as e:
        reason = getattr(e, "strerror", None) or "not UTF-8 text"
        raise fail(
            f"cannot read the rule file '{spec}': {reason}",
            "rules are .meld files or folders of them, from the configuration's folder, "
            "or built-in names: " + ", ".join(BUILTINS),
        ) from None


def _key_span(text: str, key: str) -> Span | None:
    """Where ``key = …`` stands in the ``[tool.mahjong-regex]`` table of
    the configuration text, if anywhere."""
    inside = False
    for number, line in enumerate(text.split("\n"), 1):
        if re.match(r"\s*\[", line):
            inside = re.match(r'\s*\[\s*tool\s*\.\s*("mahjong-regex"|mahjong-regex)\s*\]', line)
            continue
        m = inside and re.match(rf"\s*{re.escape(key)}\s*=", line)
        if m:
            start = len(line) - len(line.lstrip()) + 1
            return Span(number, start, len(line.split("#", 1)[0].rstrip()) + 1)
    return None


def _toml_error(path: Path, text: str, e: Exception) -> str:
    """A TOML syntax error, located where the parser stopped."""
    message = str(e)
    m = re.search(r"\(at line (\d+), column (\d+)\)", message)
    span = None
    if m:
        span = Span(int(m[1]), int(m[2]), int(m[2]) + 1)
        message = message[: m.start()].strip()
    elif message.endswith("(at end of document)"):
        lines = text.split("\n")
        span = Span(len(lines), len(lines[-1]) + 1, len(lines[-1]) + 2)
        message = message.removesuffix("(at end of document)").strip()
    return located(str(path), text, "error", f"not TOML: {message}", span)


def rules_error(rule: RuleFile, e: MeldError) -> str:
    """A rule file's error, located in that file."""
    return e.render(rule.path, rule.source)
