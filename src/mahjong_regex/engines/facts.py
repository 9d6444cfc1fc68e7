"""What each engine is: its name, how messages call it, the search call it
makes, and what it needs to run (a Python module, or programs on the PATH
and a runner program in ``runners/``).

A flavor row names its engines (:attr:`~mahjong_regex.flavors.table.Flavor.engines`);
:func:`engines_for` and :func:`diff_engine` read them from there, and
:func:`facts` resolves a name to its :class:`Engine`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..flavors.table import FLAVORS


@dataclass(frozen=True)
class Engine:
    """One regex engine a pattern is proven in.

    - ``name``: the engine's name (``pcre2``, ``node``, …);
    - ``title``: how messages call it (``the regex module``, ``Node.js``);
    - ``flavor``: the flavor whose patterns it runs;
    - ``call``: the search call it makes for each string (never a full match);
    - ``module``: the Python module it runs in, for an engine in this
      process, else None; ``package``: the PyPI package giving that module;
    - ``tools``: the programs it needs on the PATH (a runner engine);
    - ``runner``: its runner program in ``runners/`` (a runner engine);
    - ``groups``: it reports which named groups took part in a match;
    - ``flags``: it compiles with the session's flags (others ignore them)."""

    name: str
    title: str
    flavor: str
    call: str
    module: str | None = None
    package: str | None = None
    tools: tuple[str, ...] = ()
    runner: str | None = None
    groups: bool = False
    flags: bool = False

    @property
    def in_process(self) -> bool:
        """Does it run in this Python process (bool)?"""
        return self.module is not None


#: Every engine, by name: those of the flavor rows, and ``pcre2-c`` (PCRE2
#: from C, for the benchmarks: the Python binding's call overhead hides
#: PCRE2's own speed).
ENGINES: dict[str, Engine] = {
    e.name: e
    for e in (
        Engine(
            "pcre2",
            "PCRE2 (the pcre2 module)",
            "pcre",
            "pcre2.compile(p).search(s)",
            module="pcre2",
            package="pcre2",
            groups=True,
        ),
        Engine(
            "php",
            "PHP's PCRE2",
            "pcre",
            "preg_match('/' . p . '/u', s) (another delimiter where p holds /)",
            tools=("php",),
            runner="runner.php",
            groups=True,
        ),
        Engine(
            "regex",
            "the regex module",
            "regex",
            "regex.compile(p, regex.V0).search(s)",
            module="regex",
            package="regex",
            groups=True,
        ),
        Engine(
            "python",
            "Python's re",
            "python",
            "re.compile(p).search(s)",
            module="re",
            groups=True,
        ),
        Engine(
            "node",
            "Node.js",
            "js",
            "new RegExp(p, flags).test(s)",
            tools=("node",),
            runner="runner.js",
            flags=True,
        ),
        Engine(
            "java",
            "Java",
            "java",
            "Pattern.compile(p).matcher(s).find()",
            tools=("java", "javac"),
            runner="Runner.java",
        ),
        Engine(
            "dotnet",
            "Mono (.NET)",
            "dotnet",
            "new Regex(p, RegexOptions.None).IsMatch(s); .Match(s) for the groups",
            tools=("mcs", "mono"),
            runner="Runner.cs",
            groups=True,
        ),
        Engine(
            "ruby", "Ruby", "ruby", "Regexp.new(p).match?(s)", tools=("ruby",), runner="runner.rb"
        ),
        Engine(
            "re2",
            "RE2 (the google-re2 module)",
            "re2",
            "re2.compile(p, options).search(s)",
            module="re2",
            package="google-re2",
            groups=True,
        ),
        Engine(
            "go",
            "Go regexp",
            "re2",
            "regexp.Compile(p).MatchString(s)",
            tools=("go",),
            runner="runner.go",
        ),
        Engine(
            "pcre2-c",
            "PCRE2 from C",
            "pcre",
            "pcre2_jit_match (pcre2_match without the JIT), from offset 0",
            tools=("gcc",),
            runner="runner_pcre2.c",
        ),
    )
}


def facts(name: str) -> Engine:
    """The :class:`Engine` called ``name``; raises ValueError naming the known ones."""
    try:
        return ENGINES[name]
    except KeyError:
        raise ValueError(f"unknown engine {name!r}; engines are {', '.join(ENGINES)}") from None


def engines_for(flavor: str) -> tuple[str, ...]:
    """The engines a flavor's patterns are proven in (its row's ``engines``);
    raises KeyError for an unknown flavor."""
    return FLAVORS[flavor].engines


def diff_engine(flavor: str) -> str:
    """The engine ``diff`` runs a pattern side of ``flavor`` in (its row's
    ``diff_engine``); raises KeyError for an unknown flavor."""
    return FLAVORS[flavor].diff_engine
