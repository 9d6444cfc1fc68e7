"""The case file format (``tests/cases/README.md``) and bless mode, on
temporary copies: a blessed file keeps its header, rule text and hands byte
for byte, and a malformed file is an error naming its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import test_cases
from case_files import CaseError, parse, read_case

CASES = Path(__file__).parent / "cases"
SAMPLE = "tiles/suits.case"


def copy(tmp_path: Path, name: str = SAMPLE) -> Path:
    target = tmp_path / name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(CASES / name, target)
    return target


def test_a_case_reads_as_written():
    case = read_case(CASES / SAMPLE, CASES)
    assert case.name == SAMPLE
    assert case.flavors == ("pcre", "js", "java", "re2")
    assert case.output == "pattern"
    assert case.source.startswith("#! flavors: pcre js java re2\n")
    assert case.source.endswith("win h\n")
    assert [(h.verdict, h.text) for h in case.hands][:3] == [
        ("win", "1m1m1m9p9p"),
        ("win", "9p9p4p4p4p"),
        ("no", "1m1m1p9p9p"),
    ]
    assert case.expected["pcre"].startswith(r"\A(?=")
    assert case.expected["js"].startswith("^(?=")


def test_bless_rewrites_only_the_expected_sections(tmp_path, monkeypatch):
    path = copy(tmp_path)
    original = path.read_text("utf-8")
    head, rest = original.split("\n----- pcre\n", 1)
    pcre, rest = rest.split("\n", 1)
    stale = f"{head}\n----- pcre\n\\A(?:stale)\\z\n----- ruby\nnot in the header\n{rest}"
    stale = stale.replace("\n----- js\n", "\n----- dropped\n", 1)
    path.write_text(stale, "utf-8")
    monkeypatch.setattr(test_cases, "CASES", tmp_path)
    monkeypatch.setattr(test_cases, "BLESS", True)
    monkeypatch.setattr(test_cases, "_blessed", {})
    blessed = test_cases.current(SAMPLE)
    assert path.read_text("utf-8") == original
    assert blessed.expected["pcre"] == pcre
    assert not blessed.extra


def test_bless_keeps_the_text_of_a_flavor_whose_kind_changed(tmp_path, monkeypatch):
    path = copy(tmp_path)
    original = path.read_text("utf-8")
    path.write_text(original.replace("#! flavors:", "#! output: error\n#! flavors:"), "utf-8")
    monkeypatch.setattr(test_cases, "CASES", tmp_path)
    monkeypatch.setattr(test_cases, "BLESS", True)
    monkeypatch.setattr(test_cases, "_blessed", {})
    case = test_cases.current(SAMPLE)
    assert case.expected == read_case(CASES / SAMPLE, CASES).expected
    with pytest.raises(pytest.fail.Exception, match="the header says 'error', but pcre compiled"):
        test_cases.check_text(case, "pcre", test_cases.compiled(case, "pcre"))


def test_a_changed_pattern_fails_with_a_diff_and_the_command():
    case = read_case(CASES / SAMPLE, CASES)
    actual = test_cases.compiled(case, "pcre")
    case.expected["pcre"] = actual.text.replace("9]", "8]", 1)
    with pytest.raises(pytest.fail.Exception) as info:
        test_cases.check_text(case, "pcre", actual)
    message = str(info.value)
    assert "MAHJONG_BLESS=1 python -m pytest tests/test_cases.py" in message
    changed = [line for line in message.splitlines() if line[:1] in "-+"]
    assert changed[:2] == ["--- expected", "+++ actual"]
    assert len(changed) == 4 and "8]" in changed[2] and "9]" in changed[3]


BAD = [
    ("ruleset x\n----- hands\n", "x.case:1: no '#! flavors:' line"),
    ("#! flavors: pcre perl\n----- hands\n", "x.case:1: flavors are some of"),
    ("#! flavors: pcre\n#! options: --fast\n----- hands\n", "x.case:2: unknown option '--fast'"),
    ("#! flavors: pcre\n#! output: json\n----- hands\n", "x.case:2: output is one of"),
    ("#! flavors: pcre\nruleset x\n", "x.case:2: no '-----' line"),
    ("#! flavors: pcre\n----- hands\nmaybe 1m\n", "x.case:3: a hand line is"),
    ("#! flavors: pcre\n----- hands\nwin 1m 2m\n", "x.case:3: after the hand, only"),
    ("#! flavors: pcre\n----- hands\n----- pcre\n", "x.case:2: '----- hands' is the last"),
    ("#! flavors: pcre\n----- pcre\na\n----- pcre\nb\n", "x.case:4: a section names its"),
]


@pytest.mark.parametrize("text, message", BAD, ids=[m.split(": ", 1)[1][:24] for _, m in BAD])
def test_a_malformed_case_names_its_line(text, message):
    with pytest.raises(CaseError) as info:
        parse(text, Path("x.case"), "x.case")
    assert str(info.value).startswith(message)


def test_a_quoted_hand_and_a_comment():
    case = parse('#! flavors: js\n----- hands\nno "1m\\n"  # a newline\n', Path("x"), "x")
    assert [(h.verdict, h.text, h.line) for h in case.hands] == [("no", "1m\n", 3)]
