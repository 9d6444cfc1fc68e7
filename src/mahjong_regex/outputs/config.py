"""What ``mahjong-regex build`` builds: the built-in build, or a project's.

The built-in build (no configuration) writes every built-in rule set in
every flavor, for arranged hands, into ``generated/``.  A project names its
own in a ``mahjong-regex.toml`` (read from the current folder, or given with
``--config``)::

    [build]
    rules = ["rules/house.meld", "sichuan"]   # .meld files (from this file's folder) or built-in names
    flavors = ["pcre", "js"]                  # default: every flavor
    inputs = ["arranged"]                     # the input forms; default: arranged
    out = "generated"                         # from this file's folder; default: generated

Each rule set is written under its ``ruleset`` name.  An input form is the
way hands are written that a pattern reads: ``arranged`` (tiles grouped into
melds, the only form so far) writes ``OUT/NAME/FLAVOR.re``; another form will
write into a folder of its own, ``OUT/NAME/FORM/FLAVOR.re``
(:data:`FORM_FOLDERS`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import MeldError, located
from ..flavors.table import FLAVORS
from ..rules import BUILTINS, builtin_source
from ..syntax.tree import Span

try:
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib

#: The file a project build is read from, in the current folder.
CONFIG_NAME = "mahjong-regex.toml"
#: Input forms a build can write, and the folder (under the rule set's) each goes to.
FORM_FOLDERS = {"arranged": ""}
#: The keys of the ``[build]`` table.
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
    """The built-in build: every built-in rule set, every flavor, arranged
    hands, into ``out``."""
    rules = tuple(RuleFile(n, f"{n}.meld", builtin_source(n)) for n in BUILTINS)
    return BuildConfig(rules, tuple(FLAVORS), ("arranged",), Path(out))


def load_config(path: str | Path) -> BuildConfig:
    """Read a build configuration (see the module docstring).

    Raises :class:`ConfigError` for a file that cannot be read, is not TOML,
    lacks ``[build]`` or ``rules``, has an unknown key, flavor or input form,
    or names a rule file that cannot be read."""
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"{path}: error: cannot read the build configuration: {e}") from None
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(_toml_error(path, text, e)) from None
    build = table.get("build")
    if not isinstance(build, dict):
        raise ConfigError(f"{path}: error: no [build] table (see `mahjong-regex build --help`)")
    fail = lambda key, message, help=None: ConfigError(  # noqa: E731
        located(str(path), text, "error", message, _key_span(text, key), help)
    )
    for key in build:
        if key not in KEYS:
            raise fail(key, f"unknown key '{key}' in [build]", "the keys are " + ", ".join(KEYS))
    rules = _strings(build, "rules", None, fail)
    if not rules:
        raise fail("rules", "[build] needs 'rules': the rule sets to build")
    flavors = _strings(build, "flavors", list(FLAVORS), fail)
    for f in flavors:
        if f not in FLAVORS:
            raise fail("flavors", f"unknown flavor '{f}'", "the flavors are " + ", ".join(FLAVORS))
    inputs = _strings(build, "inputs", ["arranged"], fail)
    for form in inputs:
        if form not in FORM_FOLDERS:
            raise fail(
                "inputs",
                f"input form '{form}' cannot be built (yet)",
                "the input forms are " + ", ".join(FORM_FOLDERS),
            )
    out = build.get("out", "generated")
    if not isinstance(out, str) or not out:
        raise fail("out", "'out' is the output folder, a string")
    base = path.parent
    files = tuple(_rule_file(spec, base, fail) for spec in rules)
    return BuildConfig(files, tuple(flavors), tuple(inputs), base / out)


def _strings(build: dict, key: str, default, fail) -> list[str]:
    value = build.get(key, default)
    if value is default:
        return value
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise fail(key, f"'{key}' is a list of strings")
    return list(dict.fromkeys(value))


def _rule_file(spec: str, base: Path, fail) -> RuleFile:
    if spec in BUILTINS:
        return RuleFile(spec, f"{spec}.meld", builtin_source(spec))
    path = base / spec
    try:
        return RuleFile(spec, spec, path.read_text("utf-8-sig"))
    except (OSError, UnicodeDecodeError) as e:
        reason = getattr(e, "strerror", None) or "not UTF-8 text"
        raise fail(
            "rules",
            f"cannot read the rule file '{spec}': {reason}",
            "rules are .meld files, from the configuration's folder, or built-in names: "
            + ", ".join(BUILTINS),
        ) from None


def _key_span(text: str, key: str) -> Span | None:
    """Where ``key = …`` stands in the configuration text, if anywhere."""
    for number, line in enumerate(text.split("\n"), 1):
        m = re.match(rf"\s*{re.escape(key)}\s*=", line)
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
