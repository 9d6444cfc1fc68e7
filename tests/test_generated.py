"""generated/ is current: what `mahjong-regex build` would write is what is
checked in, arranged and sorted hands (``R/sorted/``) alike."""

from __future__ import annotations

from pathlib import Path

from mahjong_regex import load_rules
from mahjong_regex.flavors.table import FLAVORS
from mahjong_regex.outputs.build import expected_files, stale_files
from mahjong_regex.pipeline import render_sorted
from mahjong_regex.rules import BUILTINS

ROOT = Path(__file__).resolve().parent.parent


def test_generated_is_not_stale():
    assert stale_files(ROOT / "generated") == []


def test_every_pattern_file_is_one_line():
    for rel, content in expected_files().items():
        if rel.endswith(".re"):
            assert content.count("\n") == 1 and content.endswith("\n"), rel


def test_every_built_in_has_its_sorted_files_in_every_flavor():
    files = expected_files()
    for name in BUILTINS:
        for flavor in FLAVORS:
            folder = f"{name}/sorted/{flavor}"
            made = {rel for rel in files if rel.startswith(folder + ".")}
            assert made in ({f"{folder}.re", f"{folder}.outline"}, {f"{folder}.refused"}), made
    refused = {rel.split("/")[0] for rel in files if rel.endswith("sorted/re2.refused")}
    assert refused == {"hongzhong", "hangzhou", "guangdong", "tianjin", "wuhan", "wenzhou"}
    text = files["riichi/sorted/re2.re"][:-1]
    assert text == render_sorted(load_rules("riichi"), "re2").text
