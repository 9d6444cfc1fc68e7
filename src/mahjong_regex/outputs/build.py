"""Write (or check) ``generated/``: every rule set of a build in every flavor.

The build is the built-in one (every built-in rule set, every flavor, for
arranged and sorted hands) or a project's (:mod:`.config`).  For rule set R, input form
I and flavor F, under the output folder (``I/`` left out for arranged hands,
so the built-in build keeps its layout):

- ``R/I/F.re``: exactly the pattern and a newline (for sorted hands,
  ``R/sorted/F.re``, the pattern of ``compile --input sorted``);
- ``R/I/F.outline``: the same pattern, one part per line, each part
  labelled with the DSL line it came from, so that ``git diff`` shows what a
  rule change did;
- for a flavor without lookaround (``re2``) that cannot check all of R in
  one pattern (or not within its engine's budget): per hand shape S (or
  part of one, :mod:`.shape_patterns`), ``R/I/F.S.re`` and
  ``R/I/F.S.outline``, the outline headed by the shape and the constraints
  the host program checks (``# HOST CHECK: …``) -- what ``--format code``
  and ``--format json`` hold.  A rule set with an indicator has such
  patterns per turned tile: they are not written (``F.refused`` says why);
- ``R/I/F.refused`` instead, when F cannot express R: the error message
  (for sorted hands: the compiler's located refusal, e.g. a pattern past
  the size limit, with the size it would need);
  beside it, for a flavor with lookaround, ``F.unchecked.re`` and
  ``F.unchecked.outline``, what ``--allow-unchecked`` emits (the outline
  lists what goes unchecked), unless F cannot express R even so;
- ``R/score/F.re`` and ``R/score/F.outline`` (or ``R/score/F.refused``),
  for a rule set with scoring elements: its scoring pattern
  (``compile --score``).

Output is deterministic: same rules, same bytes.  Only files named like
these are ever removed from the output folder; anything else there (a
README, ``.gitattributes``, the rule files) is left as it is.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..diagnostics import MeldError, UnsupportedError
from ..flavors.table import FLAVORS, get
from ..pipeline import compile_for, render_sorted
from ..ruleset.checker import load
from .config import (
    EXAMPLE_TABLE,
    FORM_FOLDERS,
    BuildConfig,
    ConfigError,
    builtin_config,
    find_config,
    load_config,
    resolve,
    rules_error,
)
from .shape_patterns import shape_patterns
from .tests_run import reference_failures


@dataclass(frozen=True)
class Plan:
    """What a build writes: ``files`` ({relative path: content}), and the
    rule sets whose tests fail in the reference (``refused``: {rule set
    name: each failure, as ``mahjong-regex test`` shows it}), whose files
    are neither written nor removed."""

    files: dict[str, str]
    refused: dict[str, list[str]]


def plan(config: BuildConfig | None = None) -> Plan:
    """The :class:`Plan` of ``config`` (default: the built-in build): each
    rule set's tests run in the reference first, and only a rule set whose
    tests pass has its files.

    Raises :class:`~mahjong_regex.outputs.config.ConfigError` for a rule
    file that does not load or a test that does not resolve (located in
    that file), or two rule files of one name."""
    config = config or builtin_config()
    files: dict[str, str] = {}
    refused: dict[str, list[str]] = {}
    seen: dict[str, str] = {}
    for rule, (name, failures, made) in zip(config.rules, _each_rule_set(config)):
        if name in seen:
            raise ConfigError(
                f"{rule.path}: error: rule set '{name}' is built from {seen[name]} too; "
                "each rule set is written under its name"
            )
        seen[name] = rule.path
        if failures:
            refused[name] = failures
            continue
        files.update(made)
    return Plan(files, refused)


def _each_rule_set(config: BuildConfig):
    """:func:`_one_rule_set` of every rule file of ``config``, in order:
    in worker processes, one per core, when there are several of both (a
    rule set's files are made independently of the others').  Raises
    :class:`~mahjong_regex.outputs.config.ConfigError` as :func:`plan`."""
    jobs = [(rule, config) for rule in config.rules]
    workers = min(len(jobs), os.cpu_count() or 1)
    if workers < 2:
        return [_one_rule_set(*job) for job in jobs]
    # spawn, not fork: the caller may hold threads (a test session, a server)
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        return list(pool.map(_one_rule_set, *zip(*jobs)))


def _one_rule_set(rule, config: BuildConfig) -> tuple[str, list[str], dict[str, str]]:
    """(name, failures of its tests in the reference, its files) of one
    rule file; no files when a test fails.  Raises
    :class:`~mahjong_regex.outputs.config.ConfigError` for a rule file
    that does not load or a test that does not resolve."""
    try:
        rules = load(rule.source, rule.path)
        failures = reference_failures(rules, rule.path)
    except MeldError as e:
        raise ConfigError(rules_error(rule, e)) from None
    if failures:
        return rules.name, failures, {}
    return rules.name, [], _rule_set_files(rules, rule.source, config)


def expected_files(config: BuildConfig | None = None) -> dict[str, str]:
    """{relative path: content} of everything the output folder of
    ``config`` (default: the built-in build) should hold, for the rule sets
    whose tests pass (:func:`plan`).  Raises as :func:`plan`."""
    return plan(config).files


def _rule_set_files(rules, source: str, config: BuildConfig) -> dict[str, str]:
    """The files of one rule set: each input form and flavor, and its
    scoring patterns."""
    files: dict[str, str] = {}
    for form in config.inputs:
        folder = f"{rules.name}/{FORM_FOLDERS[form]}"
        for flavor in config.flavors:
            if form == "sorted":
                made = sorted_files(rules.path, source, flavor)
                files.update({folder + rel: text for rel, text in made.items()})
            else:
                files.update(_flavor_files(rules, source, flavor, folder))
    if rules.scoring:
        for flavor in config.flavors:
            files.update(_score_files(rules, source, flavor, f"{rules.name}/score/"))
    return files


def _score_files(rules, source: str, flavor: str, folder: str) -> dict[str, str]:
    """The scoring pattern of one rule set in one flavor, under ``folder``:
    its text and outline, or why the flavor refuses it."""
    try:
        out = compile_for(rules, flavor, score=True)
    except UnsupportedError as e:
        return {f"{folder}{flavor}.refused": e.render(rules.path, source) + "\n"}
    return {f"{folder}{flavor}.re": out.text + "\n", f"{folder}{flavor}.outline": out.outline()}


@lru_cache(maxsize=None)
def sorted_files(path: str, source: str, flavor: str) -> dict[str, str]:
    """The files of one rule set (``source``, read from ``path``) for
    sorted input in one flavor, by name: its pattern and outline, or why the
    flavor refuses it.  Remembered per rule set and flavor for the process
    (a sorted ``re2`` pattern takes up to two seconds), so that builds and
    checks in one process render each once; do not change the result."""
    rules = load(source, path)
    try:
        out = render_sorted(rules, flavor)
    except UnsupportedError as e:
        return {f"{flavor}.refused": e.render(path, source) + "\n"}
    return {f"{flavor}.re": out.text + "\n", f"{flavor}.outline": out.outline()}


def _flavor_files(rules, source: str, flavor: str, folder: str) -> dict[str, str]:
    """The files of one rule set in one flavor, under ``folder``."""
    path = rules.path
    try:
        out = compile_for(rules, flavor, allow_unchecked=True)
    except UnsupportedError as e:  # not even with constraints left out
        text = e.render(path, source) + "\n"
        if not get(flavor).lookaround and rules.indicator is not None:
            langs = ", ".join(get(flavor).languages)
            text += (
                f"  note: --format code (--lang {langs}) and --format json hold the patterns of "
                "each hand shape for every turned tile, with what the host program checks\n"
            )
        if get(flavor).lookaround or rules.indicator is not None:
            return {f"{folder}{flavor}.refused": text}
        return _shape_files(rules, source, flavor, folder, e)
    if out.refusal is None:
        return {f"{folder}{flavor}.re": out.text + "\n", f"{folder}{flavor}.outline": out.outline()}
    if not get(flavor).lookaround:
        return _shape_files(rules, source, flavor, folder, out.refusal)
    head = "".join(f"# NOT CHECKED: {u}\n" for u in out.unchecked)
    return {
        f"{folder}{flavor}.refused": out.refusal.render(path, source) + "\n",
        f"{folder}{flavor}.unchecked.re": out.text + "\n",
        f"{folder}{flavor}.unchecked.outline": head + out.outline(),
    }


def _shape_files(rules, source: str, flavor: str, folder: str, refusal) -> dict[str, str]:
    """The patterns of each hand shape, and what the host checks besides
    (or ``refusal`` rendered, when even a shape cannot be said)."""
    try:
        patterns = shape_patterns(rules, flavor)
    except UnsupportedError:
        return {f"{folder}{flavor}.refused": refusal.render(rules.path, source) + "\n"}
    files = {}
    for p in patterns:
        head = f"# shape: {p.name}\n" + "".join(f"# HOST CHECK: {c.label}\n" for c in p.checks)
        files[f"{folder}{flavor}.{p.slug}.re"] = p.output.text + "\n"
        files[f"{folder}{flavor}.{p.slug}.outline"] = head + p.output.outline()
    return files


def stale_files(out: Path, want: dict[str, str] | None = None, keep=()) -> list[str]:
    """Relative paths under ``out`` that are missing, differ, or should not
    be there (sorted); ``want`` is :func:`expected_files`, computed when not
    given.  The files of the rule sets named in ``keep`` (whose tests fail:
    :attr:`Plan.refused`) are left as they are."""
    want = expected_files() if want is None else want
    stale = []
    for rel, content in want.items():
        p = out / rel
        if not p.is_file() or p.read_text("utf-8") != content:
            stale.append(rel)
    if out.is_dir():
        for p in out.rglob("*"):
            rel = p.relative_to(out).as_posix()
            kept = rel.split("/", 1)[0] in keep
            if p.is_file() and rel not in want and is_generated(rel) and not kept:
                stale.append(rel)
    return sorted(stale)


#: What a file written by the build is called, relative to the output
#: folder: RULESET/[FORM/]FLAVOR[.SHAPE[.PART]].SUFFIX.
_GENERATED = re.compile(
    r"[^/]+/(?:[^/]+/)?(?:%s)(?:\.[^\W\d]\w*(?:\.\d+)?)?"
    r"\.(?:re|outline|refused|unchecked\.re|unchecked\.outline)" % "|".join(map(re.escape, FLAVORS))
)


def is_generated(rel: str) -> bool:
    """Is ``rel`` (a path relative to the output folder, with ``/``) named
    like a file the build writes?  Only such files are ever removed: other
    files in the output folder (a README, .gitattributes, the rules
    themselves) are left alone."""
    return _GENERATED.fullmatch(rel) is not None


def write(out: Path, want: dict[str, str] | None = None, keep=()) -> list[tuple[str, str]]:
    """Write the files ``want`` (:func:`expected_files`, the built-in build
    when not given) under ``out``, removing generated files (:func:`is_generated`)
    that no longer belong, except those of the rule sets in ``keep``;
    returns (``"wrote"`` or ``"removed"``, relative path) for each, sorted by
    path.  Each pattern is computed once.

    Raises OSError when a file cannot be written or removed."""
    want = expected_files() if want is None else want
    done = []
    for rel in stale_files(out, want, keep):
        p = out / rel
        if rel in want:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(want[rel], "utf-8", newline="\n")
            done.append(("wrote", rel))
        elif p.exists():
            p.unlink()
            done.append(("removed", rel))
            _drop_empty(out, p.parent)
    return done


def _drop_empty(out: Path, folder: Path) -> None:
    """Remove ``folder`` and its parents below ``out`` while they are
    empty (a rule set or input form no longer built leaves none behind)."""
    while folder != out and folder.is_relative_to(out) and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def names(values: list[str] | None, option: str = "") -> list[str] | None:
    """Comma lists given one or more times, as one list (None if none).
    Raises :class:`ConfigError` when ``option`` (its flag, for the message)
    was given but names nothing (``--input ''``): nothing would be built,
    as with an empty list in the project table."""
    if not values:
        return None
    out = [x.strip() for v in values for x in v.split(",") if x.strip()]
    if not out and option:
        raise ConfigError(
            f"mahjong-regex: error: {option} names nothing: nothing would be built "
            f"(leave {option} out for the project's or the default list)"
        )
    return out


def command_line(args) -> str:
    """The ``build`` command line with the options given (``--check`` left
    out), to repeat in the stale-file message."""
    given = ["mahjong-regex", "build", *args.rules]
    for flag, value in (("--flavor", args.flavor), ("--input", args.input)):
        if value:
            given += [flag, ",".join(names(value))]
    for flag, value in (("--out", args.out), ("--config", args.config)):
        if value:
            given += [flag, value]
    return shlex.join(given)


def run(args, fail) -> int:
    """Run ``build`` with parsed ``args``: write the build (or with
    ``--check`` list what is stale), print each file written or removed, and
    each failing test of a rule set whose patterns are not written.  Returns
    the exit code (1: stale, or a rule set's tests fail); ``fail(message)``
    is the exception that stops with exit code 2."""
    try:
        config_path = args.config or find_config()
        config = load_config(config_path) if config_path else None
        flavors, inputs = names(args.flavor, "--flavor"), names(args.input, "--input")
        config = resolve(config, args.rules, flavors, inputs, args.out)
    except ConfigError as e:
        raise fail(str(e)) from None
    out = config.out
    implicit = config_path is None and not args.rules and not args.out
    if (args.check or implicit) and not out.is_dir():
        raise fail(
            f"mahjong-regex: error: {out} not found and no [tool.mahjong-regex] table in a "
            "pyproject.toml here or above: run from the repository root, pass --out DIR, or "
            f"add to pyproject.toml:\n{EXAMPLE_TABLE}"
        )
    try:
        built = plan(config)
    except ConfigError as e:
        raise fail(str(e)) from None
    want, refused = built.files, built.refused
    if args.check:
        stale = stale_files(out, want, refused)
        _report_stale(args, out, want, stale, refused, config.inputs)
        return 1 if _refused(refused, "checked") or stale else 0
    try:
        written = write(out, want, refused)
    except OSError as e:
        raise fail(f"mahjong-regex: error: cannot write {out}: {e.strerror or e}") from None
    for what, rel in written:
        print(f"{what} {out / rel}")
    if not written and not refused:
        print(f"{out} is up to date ({len(want):,} files)")
    return 1 if _refused(refused) else 0


def _report_stale(
    args,
    out: Path,
    want: dict[str, str],
    stale: list[str],
    refused: dict[str, list[str]],
    inputs=("arranged",),
) -> None:
    """``build --check``'s report: one line when ``out`` is up to date (or,
    when a rule set's tests fail, when the others' files are); else, on
    stderr, the command to run, the files to rewrite and, apart, those to
    remove, with a note where those are of an input form the build leaves
    out (``inputs``: the forms it makes)."""
    if not stale:
        if refused:
            print(f"{out}: the files of the other rule sets are up to date ({len(want):,} files)")
        else:
            print(f"{out} is up to date ({len(want):,} files)")
        return
    rewrite = [rel for rel in stale if rel in want]
    remove = [rel for rel in stale if rel not in want]
    print(f"{out} is stale; run: {command_line(args)}", file=sys.stderr)
    if rewrite:
        print("and commit these files:", file=sys.stderr)
        for rel in rewrite:
            print(f"  {out / rel}", file=sys.stderr)
    if remove:
        print("it removes these files, which no rule set makes now:", file=sys.stderr)
        for rel in remove:
            print(f"  {out / rel}", file=sys.stderr)
        left_out = [
            form
            for form, folder in FORM_FOLDERS.items()
            if folder and form not in inputs and any(f"/{folder}" in rel for rel in remove)
        ]
        if left_out:
            forms = ",".join([*inputs, *left_out])
            print(
                f"  note: files under {', '.join(FORM_FOLDERS[f] for f in left_out)} are for "
                f"{' and '.join(left_out)} input, which this build leaves out; to keep them, "
                f"pass --input {forms} or set inputs in [tool.mahjong-regex]",
                file=sys.stderr,
            )


def _refused(refused: dict[str, list[str]], done: str = "written") -> bool:
    """Print on stderr the failing tests of each rule set whose patterns the
    build does not write (or, ``done="checked"``, check); True when there
    is one."""
    for name, failures in refused.items():
        for failure in failures:
            print(f"FAILED {failure}", file=sys.stderr)
        print(
            f"mahjong-regex: error: rule set '{name}': {len(failures)} test"
            f"{'s' * (len(failures) != 1)} failed; its patterns are not {done}",
            file=sys.stderr,
        )
    return bool(refused)


def add_parser(sub, flavors):
    """The ``build`` subcommand's parser (returned, for ``set_defaults``);
    ``flavors`` the flavor names."""
    b = sub.add_parser(
        "build",
        help="write generated/ for every built-in rule set and flavor, or a project's build",
        description="Without a configuration or rule files: every built-in rule set in every "
        "flavor, into generated/. A project names its rule sets, flavors, input forms and "
        "output folder in a [tool.mahjong-regex] table of the nearest pyproject.toml (from the "
        "current folder upward, or --config): "
        'rules = ["rules/house.meld", "rules/regional", "sichuan"], flavors = ["pcre", "js"], '
        'inputs = ["arranged", "sorted"], out = "generated". The command line gives the same '
        "(build rules/*.meld --flavor pcre,js --out generated), in place of the table's keys.",
    )
    b.add_argument(
        "rules",
        nargs="*",
        metavar="RULES",
        help="rule sets to build (.meld files, folders of them, built-in names), in place of "
        "the configuration's 'rules'",
    )
    b.add_argument(
        "--check", action="store_true", help="exit 1 and list stale files, write nothing"
    )
    b.add_argument(
        "--flavor",
        action="append",
        metavar="F[,F…]",
        help="the flavors to build, comma-separated (default: the configuration's 'flavors', "
        "else every flavor): " + ", ".join(flavors),
    )
    b.add_argument(
        "--input",
        action="append",
        metavar="FORM[,FORM…]",
        help="the input forms to build, comma-separated: arranged, sorted (default: the "
        "configuration's 'inputs', else arranged; the built-in build: both)",
    )
    b.add_argument(
        "--out",
        help="the output folder (default: the configuration's 'out', else generated)",
    )
    b.add_argument(
        "--config",
        metavar="FILE",
        help="the pyproject.toml whose [tool.mahjong-regex] table is the build (default: the "
        "nearest pyproject.toml up from the current folder, if it has that table; else the "
        "built-in build)",
    )
    return b
