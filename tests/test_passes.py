"""The pass registry: one module per pass, listed in run order with what it
needs; switching off a pass that another needs switches that one off too,
and every pair of passes off still gives patterns that decide hands as the
reference evaluator does."""

from __future__ import annotations

from importlib import import_module

import pcre2
import pytest
import regex
from conftest import disagreements, hand_corpus, rules

from mahjong_regex import PASSES, Options, compile_pattern
from mahjong_regex.cli import main
from mahjong_regex.compiler.registry import BY_NAME, REGISTRY, STAGES

#: What each pass needs, as the compiler uses it: char_length reads the
#: width fixed_width finds; marker_scans and suit_subsets scan for the
#: characters marker_chars finds; split_counts reads the tiles that
#: counter_loop or slot_flags keep.
NEEDS = {
    "char_length": [{"fixed_width"}],
    "marker_scans": [{"marker_chars"}],
    "suit_subsets": [{"marker_chars"}],
    "split_counts": [{"counter_loop", "slot_flags"}],
}


def expected_off(off: set[str]) -> set[str]:
    out = set(off)
    for name, reqs in NEEDS.items():
        if any(alts <= out for alts in reqs):
            out.add(name)
    return out


def test_registry_is_in_run_order_and_names_each_pass_once():
    assert [p.name for p in REGISTRY] == list(PASSES)
    assert len(set(PASSES)) == len(PASSES) == 18
    order = [STAGES.index(p.acts) for p in REGISTRY]
    assert order == sorted(order)
    assert {p.name: [set(alts) for alts in p.needs] for p in REGISTRY if p.needs} == NEEDS


@pytest.mark.parametrize("name", PASSES)
def test_each_pass_is_a_module_named_after_it(name):
    module = import_module(f"mahjong_regex.{BY_NAME[name].module}")
    assert module.SUMMARY and "\n" not in module.SUMMARY
    assert module.__doc__.startswith(f"``{name}``") or module.__doc__.lstrip("r").startswith(
        f"``{name}``"
    )


PAIRS = [(a, b) for i, a in enumerate(PASSES) for b in PASSES[i:]]


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}+{b}" for a, b in PAIRS])
def test_every_pair_of_passes_off(a, b):
    options = Options.without(a, b)
    assert set(PASSES) - options.passes == expected_off({a, b})
    for name in ("harbin", "riichi"):
        hands = list(hand_corpus(name))[:300]
        r = rules(name)
        rx = regex.compile(compile_pattern(r, "regex", options))
        pc = pcre2.compile(compile_pattern(r, "pcre", options))
        assert not disagreements(name, hands, [rx.search(h) is not None for h in hands])
        assert not disagreements(name, hands, [pc.search(h) is not None for h in hands])


def test_a_pass_without_what_it_needs_is_off():
    assert not Options(frozenset({"char_length"})).on("char_length")
    assert Options(frozenset({"split_counts", "slot_flags"})).on("split_counts")
    assert Options.off_with(["marker_chars"]) == ["marker_scans", "suit_subsets"]


def test_passes_command_prints_the_registry(capsys):
    assert main(["passes"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(PASSES)
    assert lines[3].split()[:3] == ["char_length", "tiles", "fixed_width"]


def test_no_pass_says_which_passes_go_off_with_it(capsys):
    assert main(["compile", "harbin", "--no-pass", "fixed_width"]) == 0
    err = capsys.readouterr().err
    assert "char_length is off too (it needs fixed_width)" in err
