"""Scoring patterns: in every engine of every flavor that scores, the groups
of the match are the elements of a highest-scoring split (riichi: of the
``mahjong`` package's oracle, tests/riichi_oracle.py; the others: of the
reference scorer), the pattern wins exactly where the win-only pattern
does, and the flavors that cannot score say why."""

from __future__ import annotations

import functools
import subprocess
import sys
from collections import Counter

import pytest
from conftest import IN_CI, hand_corpus, rules
from hands import corpus
from score_hands import score_corpus

from mahjong_regex import BUILTINS, FLAVORS
from mahjong_regex.cli import main
from mahjong_regex.diagnostics import UnsupportedError
from mahjong_regex.engines import EngineUnavailable, facts, run_groups
from mahjong_regex.outputs.score_command import score_groups
from mahjong_regex.pipeline import compile_for, compile_scoring
from mahjong_regex.reference.scorer import Scorer

#: The rule sets with scoring elements: the two built-ins and
#: tests/rules/scoring.meld (every scoring construct).
SCORED = ("riichi", "changsha", "scoring")
#: Strings that split more than one way, with different scores: (rule set,
#: hand, total, elements of the best split).
SPLITS_WAYS = [
    # A pung and a chow, or a pair and a chow: 1m1m1m2m3m4m4m4m is
    # 111 234 44 … or 11 123 444 ….
    ("riichi", "1m1m1m2m3m4m4m4m2m3m4m5s5s5s", 1, ["iipeikou"]),
    ("riichi", "1m1m1m2m3m4m4m4m2s3s4s2p3p4p", 2, ["sanshoku_doujun"]),
    ("riichi", "1p1p1p2p3p4p4p4p6p6p6p6p1p2p3p", 7, ["chinitsu", "iipeikou"]),
    # Two kongs, then a pair and a chow, or a pung and a chow.
    ("riichi", "4m4m4m4m4s4s4s4s4p4p4p5p6p7p7p7p", 5, ["sanankou", "sanshoku_doukou", "tanyao"]),
    # A big hand that is also a small one.
    (
        "changsha",
        "二万二万二万五万五万五万八万八万八万二筒二筒二筒五筒五筒",
        2,
        ["将将胡", "碰碰胡"],
    ),
    (
        "changsha",
        "七条七条七条二条二条二条三条三条三条四条四条四条八条八条",
        2,
        ["清一色", "碰碰胡"],
    ),
    (
        "changsha",
        "二万二万二万二万五万五万五万五万八万八万八万八万二筒二筒",
        5,
        ["七小对", "将将胡", "豪华", "豪华", "豪华"],
    ),
]


#: The engines a scoring pattern is proven in, and the flavor each runs: the
#: engines of the flavors that can score (a way back to the start of the hand
#: that keeps the groups) that report the groups of a match.
SCORING_ENGINES = {
    engine: name
    for name, flavor in FLAVORS.items()
    if flavor.rewind is not None
    for engine in flavor.engines
    if facts(engine).groups
}


@functools.lru_cache(maxsize=None)
def scoring(name: str, flavor: str):
    """The scoring pattern of a rule set in a flavor: (text, {group: element})."""
    out = compile_for(rules(name), flavor, score=True)
    return out.text, {g["group"]: g["element"] for g in score_groups(out, rules(name))}


@functools.lru_cache(maxsize=None)
def scorer(name: str) -> Scorer:
    return Scorer(rules(name))


def best_sets(name: str, hand: str) -> list[list[str]]:
    """The element lists (sorted, repeated per count) of every highest-ranked
    split of ``hand``."""
    sc = scorer(name)
    splits = sc.scored_splits(hand)
    top = max(sc.rank(el) for el, _, _ in splits)
    return [
        sorted(e.name for e in el for _ in range(e.count))
        for el, _, _ in splits
        if sc.rank(el) == top
    ]


def run(engine: str, name: str, hands) -> list:
    text, groups = scoring(name, SCORING_ENGINES[engine])
    try:
        answers = run_groups(engine, text, hands, groups)
    except EngineUnavailable as e:
        if IN_CI:
            pytest.fail(f"CI lacks {engine}: {e}")
        pytest.skip(str(e))
    return [None if a is None else sorted(groups[g] for g in a) for a in answers]


def truth(name: str):
    """The element lists of the highest-scoring splits of a hand: riichi's
    from the ``mahjong`` package's oracle, the others' from the reference
    scorer."""
    if name != "riichi":
        return lambda hand: best_sets(name, hand)
    try:
        from riichi_oracle import oracle
    except ImportError as e:  # the mahjong package, a test extra
        if IN_CI:
            pytest.fail(f"CI lacks the mahjong package: {e}")
        pytest.skip(str(e))
    return lambda hand: [list(names) for names in oracle(hand).best]


def disagreements(name: str, hands, answers) -> list[str]:
    best = truth(name)
    out = []
    for hand, got in zip(hands, answers):
        if got is None:
            out.append(f"{hand}: no match")
        elif got not in best(hand):
            out.append(f"{hand}: {got}, best {best(hand)[0]}")
    return out


#: The test-only rule set is proven on this many hands (the built-ins on
#: MAHJONG_HANDS, 20,000 by default), to keep CI inside its time.
TEST_RULE_HANDS = 5000


def hands_of(name: str) -> tuple[str, ...]:
    """The corpus a rule set's scoring pattern is proven on."""
    return score_corpus(name) if name in BUILTINS else score_corpus(name, TEST_RULE_HANDS)


@pytest.mark.parametrize("engine", SCORING_ENGINES)
@pytest.mark.parametrize("name", SCORED)
def test_every_engine_takes_a_highest_scoring_split(name, engine):
    hands = hands_of(name)
    problems = disagreements(name, hands, run(engine, name, hands))
    assert not problems, f"{len(problems)} of {len(hands)}:\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("engine", SCORING_ENGINES)
def test_hands_that_split_two_ways(engine):
    for name in SCORED:
        cases = [c for c in SPLITS_WAYS if c[0] == name]
        answers = run(engine, name, [h for _, h, _, _ in cases])
        for (_, hand, total, want), got in zip(cases, answers):
            assert got == sorted(want), hand
            assert scorer(name).score(hand).total == total
            ranks = {scorer(name).rank(el) for el, _, _ in scorer(name).scored_splits(hand)}
            assert len(ranks) >= 2, hand  # it splits two ways, with different scores


@pytest.mark.parametrize("name", SCORED)
def test_scoring_never_changes_a_verdict(name):
    """On hands near the win/no-win boundary, the scoring pattern matches
    exactly the winning ones (regex module)."""
    hands = hand_corpus(name)[:3000] if name in BUILTINS else corpus(rules(name), 3000)
    answers = run("regex", name, hands)
    wrong = [h for h, a in zip(hands, answers) if (a is not None) != scorer(name).evaluator.wins(h)]
    assert not wrong, wrong[:10]


def test_every_element_is_reported():
    """Each element is the one a group reports on some corpus hand."""
    for name in SCORED:
        hands = hands_of(name)
        seen = Counter(e for a in run("regex", name, hands) for e in set(a or ()))
        never = {e.name for e in rules(name).scoring} - set(seen)
        # toitoi comes only with suuankou in a closed, self-drawn hand: a
        # limit element supersedes it on every split.
        assert never <= {"toitoi"}, never


@pytest.mark.parametrize("flavor", ["python", "js", "java", "ruby", "re2"])
def test_flavors_that_cannot_score_say_why(flavor):
    with pytest.raises(UnsupportedError) as e:
        compile_scoring(rules("riichi"), flavor=flavor)
    text = e.value.render("riichi.meld", rules("riichi").source)
    assert f"flavor '{flavor}' cannot express 'score'" in text
    assert "the flavors that score are pcre, regex and dotnet" in text


def test_score_command_regex_engine(capsys):
    assert main(["score", "riichi", "--engine", "regex", "1m2m3m1m2m3m4p5p6p7s8s9s5z5z"]) == 0
    assert capsys.readouterr().out == (
        "win 1\t1m2m3m1m2m3m4p5p6p7s8s9s5z5z\tiipeikou (1)\tstandard: chow 1m2m3m | "
        "chow 1m2m3m | chow 4p5p6p | chow 7s8s9s | pair 5z5z\n"
    )
    assert main(["score", "riichi", "--engine", "regex", "1m1m1m9m9m9m1p1p1p9p9p9p1s1s"]) == 0
    assert capsys.readouterr().out == (
        "win 26\t1m1m1m9m9m9m1p1p1p9p9p9p1s1s\tlimit: suuankou (13), chinroutou (13)\t"
        "standard: pung 1m1m1m | pung 9m9m9m | pung 1p1p1p | pung 9p9p9p | pair 1s1s\n"
    )


def test_score_command_reference_and_losses(capsys):
    hands = ["二万二万二万二万五万五万五万五万八万八万八万八万二筒二筒", "二万二万"]
    for engine in ("reference", "regex"):
        assert main(["score", "changsha", "--engine", engine, *hands]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].startswith(
            f"win 5\t{hands[0]}\t将将胡 (1), 七小对 (1), 豪华 ×3 (3)\tqixiaodui: "
        )
        assert lines[1].startswith("no\t二万二万\t")


def test_score_errors(capsys):
    assert main(["score", "harbin", "幺鸡"]) == 2
    assert "declares no scoring elements" in capsys.readouterr().err
    assert main(["score", "riichi", "1m1x"]) == 2
    assert "argument 1: character 4" in capsys.readouterr().err


def test_compile_json_lists_the_scoring_groups(capsys):
    assert main(["compile", "riichi", "--score", "--format", "json", "--flavor", "regex"]) == 0
    import json

    info = json.loads(capsys.readouterr().out)
    by = {g["element"]: g for g in info["scoring"]}
    assert len(info["scoring"]) == 29
    assert by["ryanpeikou"] == {
        "group": "ryanpeikou",
        "element": "ryanpeikou",
        "value": 3,
        "limit": False,
        "count": 1,
        "shapes": ["standard"],
        "supersedes": ["chiitoitsu", "iipeikou"],
    }
    assert by["kokushi"]["supersedes"] == ["non-limit"] and by["kokushi"]["value"] == 13


def test_per_elements_have_a_group_per_time(capsys):
    assert main(["compile", "changsha", "--score", "--format", "json"]) == 0
    import json

    groups = json.loads(capsys.readouterr().out)["scoring"]
    assert [(g["element"], g["count"]) for g in groups if g["element"] == "豪华"] == [
        ("豪华", 1),
        ("豪华", 2),
        ("豪华", 3),
    ]
    assert [g["group"] for g in groups] == [
        "score1",
        "score2",
        "score3",
        "score4",
        "score5",
        "score5_2",
        "score5_3",
    ]


def test_python_scoring_code_runs(tmp_path):
    text = subprocess.run(
        [
            sys.executable,
            "-m",
            "mahjong_regex",
            "compile",
            "riichi",
            "--score",
            "--lang",
            "python",
            "--format",
            "code",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (tmp_path / "scoring.py").write_text(text, encoding="utf-8")
    driver = (
        "from scoring import score_riichi_hand as score\n"
        "print(score('1m1m1m9m9m9m1p1p1p9p9p9p1s1s'), score('1m2m3m1m2m3m4p5p6p7s8s9s5z5z'), "
        "score('1m1m'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", driver], cwd=tmp_path, capture_output=True, text=True
    )
    assert (
        out.stdout.strip() == "(26, ['suuankou', 'chinroutou']) (1, ['iipeikou']) None"
    ), out.stderr


def test_dotnet_scores_where_the_hand_is_too_short_for_unary_totals():
    """In the chinese notation an honor is one character: riichi's totals
    may exceed a 14-character hand, so pcre and regex refuse (naming the
    bound and what to do), while .NET's balancing groups compare them."""
    from mahjong_regex.ruleset.notations import load_notation, rewrite

    mpsz = rules("riichi")
    chinese = rewrite(mpsz, load_notation("chinese"))
    for flavor in ("pcre", "regex"):
        with pytest.raises(UnsupportedError) as e:
            compile_scoring(chinese, flavor=flavor)
        assert "more than the 14 characters of its shortest hand" in e.value.message
        assert "dotnet compares the totals with balancing groups" in e.value.help
    by_identity = {t.identity: t.name for t in chinese.alphabet.tiles}
    hands = score_corpus("riichi", 2000)
    written = ["".join(by_identity[t.identity] for t in mpsz.alphabet.tokenize(h)) for h in hands]
    out = compile_for(chinese, "dotnet", score=True)
    groups = {g["group"]: g["element"] for g in score_groups(out, chinese)}
    try:
        answers = run_groups("dotnet", out.text, written, groups)
    except EngineUnavailable as e:
        if IN_CI:
            pytest.fail(f"CI lacks dotnet: {e}")
        pytest.skip(str(e))
    got = [None if a is None else sorted(groups[g] for g in a) for a in answers]
    assert not disagreements("riichi", hands, got)


HEAD = """ruleset t
tiles {
  suit m: 1m 2m 3m 4m 5m 6m 7m 8m 9m
  honor dragon: 5z 6z 7z
}
meld chow = run 3
meld pung = same 3
meld pair = same 2
hand standard = 4 * (chow | pung) + pair
hand pairs = 7 * pair
win standard | pairs where each tile <= 4
"""


@pytest.mark.parametrize(
    "lines,line,col,message",
    [
        ("score a = 0 limit\n", 12, 1, "a limit element is worth at least 1"),
        (
            "score a = 13 limit\nscore b = 1 supersedes a\n",
            13,
            24,
            "'a' is a limit element: only another limit element may supersede it",
        ),
        ("score a = 1 on pairs | pairs\n", 12, 16, "hand shape 'pairs' is named twice"),
    ],
)
def test_limit_and_shape_errors(lines, line, col, message):
    from mahjong_regex.diagnostics import MeldError
    from mahjong_regex.ruleset.checker import load

    with pytest.raises(MeldError) as e:
        load(HEAD + lines, "t.meld")
    assert (e.value.span.line, e.value.span.column) == (line, col)
    assert message in e.value.message


def test_score_warnings():
    from mahjong_regex.ruleset.checker import load

    text = HEAD + (
        "score x = 1 where count(chow) <= 5\n"
        "score y = 1 on pairs where count(chow) >= 1\n"
        "score z = 1 where twins(chow) >= 1\n"
    )
    warnings = [(m, s.line) for m, s in load(text, "t.meld").warnings]
    assert warnings == [
        ("'count(chow) <= 5' always holds", 12),
        ("scoring element 'y' can never hold", 13),
    ]


def test_scoring_warns_where_runs_of_one_tile_are_read_in_every_order(tmp_path, capsys):
    from pathlib import Path

    source = (Path(__file__).parent / "rules" / "slots.meld").read_text("utf-8")
    (tmp_path / "slots.meld").write_text(source + "score pz = 1 where count(pung) == 0\n")
    assert main(["compile", str(tmp_path / "slots.meld"), "--score", "--flavor", "regex"]) == 0
    err = capsys.readouterr().err
    assert "read in every order (a scoring pattern reads every split)" in err


def test_pcre_refuses_scoring_patterns_past_its_size(capsys):
    from pathlib import Path

    path = str(Path(__file__).parent / "rules" / "scoring.meld")
    args = ["compile", path, "--score", "--no-pass", "fixed_width"]
    assert main(args) == 2
    assert "more than PCRE2 compiles with its default limits (about 52,000)" in (
        capsys.readouterr().err
    )


def test_the_readme_outline_excerpt_is_the_generated_one():
    """Every line of docs/scoring.md's excerpt of riichi's scoring outline (but
    the ``…`` ones) stands in generated/riichi/score/pcre.outline."""
    from pathlib import Path

    root = Path(__file__).parent.parent
    readme = (root / "docs" / "scoring.md").read_text("utf-8")
    after = readme.split("From `generated/riichi/score/pcre.outline`", 1)[1]
    block = after.split("```", 2)[1]
    outline = {line.strip() for line in (root / "generated/riichi/score/pcre.outline").open()}
    missing = [
        line for line in block.splitlines()[1:] if "…" not in line and line.strip() not in outline
    ]
    assert not missing, "regenerate the excerpt in docs/scoring.md: " + "\n".join(missing)


@pytest.mark.parametrize("engine", SCORING_ENGINES)
def test_every_engine_on_the_riichi_fixtures(engine):
    """The riichi fixtures (one hand for every element, and hands that split
    more than one way), with the totals and elements the oracle gives."""
    from test_scoring_reference import RIICHI

    answers = run(engine, "riichi", [h for h, _, _ in RIICHI])
    by = {e.name: e for e in rules("riichi").scoring}
    for (hand, total, names), got in zip(RIICHI, answers):
        assert got == sorted(names), hand
        limit = sum(by[n].value for n in got if by[n].limit)
        assert (limit or sum(by[n].value for n in got)) == total, hand


#: Changsha fixtures: (hand, total, elements of the best split), one for
#: each big hand and their stacks, after the card (big hands stack; a small
#: win scores 0).
CHANGSHA = [
    ("一万一万一万四万四万四万五筒五筒五筒七条七条七条九条九条", 1, ["碰碰胡"]),
    ("二万二万二万五万五万五万八万八万八万二筒二筒二筒五筒五筒", 2, ["将将胡", "碰碰胡"]),
    ("一万二万三万四万五万六万七万八万九万一万一万一万九万九万", 1, ["清一色"]),
    ("一万一万三万三万五万五万七万七万九万九万二万二万四万四万", 2, ["七小对", "清一色"]),
    ("一万一万一万一万三万三万五万五万七万七万九万九万二万二万", 3, ["七小对", "清一色", "豪华"]),
    ("二万二万五万五万八万八万二筒二筒五筒五筒八筒八筒二条二条", 2, ["七小对", "将将胡"]),
    ("二万五万八万二筒五筒八筒二条五条八条二万五万八万二筒五筒", 1, ["将将胡"]),
    ("一万二万三万二万三万四万三筒四筒五筒七条七条七条二筒二筒", 0, []),
]


@pytest.mark.parametrize("engine", SCORING_ENGINES)
def test_every_engine_on_the_changsha_fixtures(engine):
    answers = run(engine, "changsha", [h for h, _, _ in CHANGSHA])
    for (hand, total, names), got in zip(CHANGSHA, answers):
        assert got == sorted(names), hand
        s = scorer("changsha").score(hand)
        assert (s.total, sorted(s.names())) == (total, sorted(names)), hand


def test_diff_shows_what_changed_in_the_scoring_elements():
    from mahjong_regex.diff.changes import rule_changes
    from mahjong_regex.rules import builtin_source
    from mahjong_regex.ruleset.checker import load

    old = rules("riichi")
    source = builtin_source("riichi")
    worth = load(source.replace("score iipeikou = 1 ", "score iipeikou = 2 "), "new.meld")
    gone = load(source.replace("score tanyao = 1 where only(simple)\n", ""), "new.meld")
    assert [c.title() for c in rule_changes(old, worth)] == [
        "changed scoring element: iipeikou: worth 1 → 2"
    ]
    assert [c.title() for c in rule_changes(old, gone)] == ["removed scoring element: tanyao"]
    assert rule_changes(old, load(source, "same.meld")) == []
