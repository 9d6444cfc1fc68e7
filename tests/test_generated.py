"""generated/ is current: what `mahjong-regex build` would write is what is
checked in."""

from __future__ import annotations

from pathlib import Path

from mahjong_regex.outputs.build import expected_files, stale_files

ROOT = Path(__file__).resolve().parent.parent


def test_generated_is_not_stale():
    assert stale_files(ROOT / "generated") == []


def test_every_pattern_file_is_one_line():
    for rel, content in expected_files().items():
        if rel.endswith(".re"):
            assert content.count("\n") == 1 and content.endswith("\n"), rel
