"""generated/ is current, and laid out as documented: arranged hands at
``R/FLAVOR.*``, sorted hands at ``R/sorted/``, scoring patterns at ``R/score/``.

That the checked-in files are what `mahjong-regex build` would write is
``test_cli.test_build_check_passes_on_the_repository`` (the command line, as
a reviewer runs it); the tests here read the files on disk, so a full build
runs once in the whole suite."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from mahjong_regex import load_rules
from mahjong_regex.flavors.table import FLAVORS
from mahjong_regex.outputs.build import is_generated
from mahjong_regex.pipeline import render_sorted
from mahjong_regex.rules import BUILTINS

GENERATED = Path(__file__).resolve().parent.parent / "generated"


@lru_cache(maxsize=1)
def files() -> dict[str, str]:
    """{relative path: content} of the build's files under generated/."""
    out = {}
    for p in GENERATED.rglob("*"):
        rel = p.relative_to(GENERATED).as_posix()
        if p.is_file() and is_generated(rel):
            out[rel] = p.read_text("utf-8")
    return out


def test_every_pattern_file_is_one_line():
    assert "harbin/pcre.re" in files()
    for rel, content in files().items():
        if rel.endswith(".re"):
            assert content.count("\n") == 1 and content.endswith("\n"), rel


def test_every_built_in_has_its_sorted_files_in_every_flavor():
    made_files = files()
    for name in BUILTINS:
        for flavor in FLAVORS:
            folder = f"{name}/sorted/{flavor}"
            made = {rel for rel in made_files if rel.startswith(folder + ".")}
            assert made in ({f"{folder}.re", f"{folder}.outline"}, {f"{folder}.refused"}), made
    refused = {rel.split("/")[0] for rel in made_files if rel.endswith("sorted/re2.refused")}
    assert refused == {"hongzhong", "hangzhou", "guangdong", "tianjin", "wuhan", "wenzhou"}
    text = made_files["riichi/sorted/re2.re"][:-1]
    assert text == render_sorted(load_rules("riichi"), "re2").text


def test_sorted_patterns_keep_their_size_limits():
    """At most 64K characters where the flavor has lookaround (PCRE2's
    default link size), and 2 MB of UTF-8 in ``re2`` (the bytes RE2 and Go
    read); every built-in without a turned tile has its ``re2`` pattern,
    and every built-in its lookaround ones."""
    sizes = {
        rel: (len(text) - 1, len(text[:-1].encode()))
        for rel, text in files().items()
        if "/sorted/" in rel and rel.endswith(".re")
    }
    re2 = {rel: b for rel, (_, b) in sizes.items() if rel.endswith("/re2.re")}
    assert len(re2) == 14 and max(re2.values()) <= 2 * 1024 * 1024, max(re2.values())
    lookaround = [c for rel, (c, _) in sizes.items() if not rel.endswith("/re2.re")]
    assert len(lookaround) == 20 * 7 and max(lookaround) <= 64 * 1024


def test_the_builtin_build_keeps_its_layout():
    made = files()
    assert "harbin/pcre.re" in made and "riichi/re2.thirteen_orphans.outline" in made
    assert "changchun/re2.standard.4.re" in made and "changchun/re2.refused" not in made
    # Arranged hands at RULESET/FLAVOR.*; sorted hands at RULESET/sorted/;
    # scoring patterns at RULESET/score/.
    assert all(rel.count("/") == 1 or rel.split("/")[1] in ("score", "sorted") for rel in made)
    assert "riichi/sorted/re2.re" in made and "riichi/sorted/re2.outline" in made
    assert "hongzhong/sorted/re2.refused" in made and "wenzhou/sorted/js.re" in made
    assert "the pattern would be about" in made["hongzhong/sorted/re2.refused"]
    assert made["wenzhou/sorted/re2.refused"].startswith("wenzhou.meld:16:1: error: ")
    assert made["wuhan/sorted/re2.refused"].startswith("wuhan.meld:15:1: error: ")
    assert {rel.split("/")[0] for rel in made if "/score/" in rel} == {"riichi", "changsha"}
    assert "riichi/score/pcre.re" in made and "riichi/score/js.refused" in made
