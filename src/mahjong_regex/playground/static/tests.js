// The rule file's tests (its `tests` blocks): each decided by the reference
// evaluator as `mahjong-regex test` decides it, and its hand by the js
// pattern in this browser's RegExp.  A failure (the reference does not give
// the test what it expects) and a disagreement (RegExp against the
// reference) are shown loudly; a test's place selects it in the editor.
import { jumpTo } from "./editor.js";
import { scoreNode, shown } from "./verdicts.js";

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Text with each wild tile written [HELD=TILE] marked, as the hands box marks it.
function withWilds(className, label, text) {
  const div = el("div", className);
  if (label) div.append(el("i", "label", label), " ");
  let last = 0;
  for (const m of text.matchAll(/\[([^\]=|\s]+)=([^\]|\s]+)\]/gu)) {
    div.append(text.slice(last, m.index));
    const wild = el("b", "wild", m[0]);
    wild.title = `${m[1]} stands for ${m[2]}`;
    div.append(wild);
    last = m.index + m[0].length;
  }
  div.append(text.slice(last));
  return div;
}

function handNode(test) {
  const hand = el("code", "hand");
  if (test.turned === null) {
    hand.textContent = shown(test.hand);
    return hand;
  }
  const turned = el("span", "turned", test.turned);
  turned.title = "the turned tile (the indicator)";
  hand.append(turned, "|", test.hand.slice(test.turned.length + 1));
  return hand;
}

// The place (a button that selects the test in the editor) and the verdict expected.
function sideNode(test, source) {
  const place = el("button", "place", `${test.line}:${test.column}`);
  place.type = "button";
  place.title = "select this test in the editor";
  place.addEventListener("click", () => jumpTo(source, test.line, test.column, test.end_column));
  const side = el("div", "side");
  side.append(place, el("span", "badge", test.verdict));
  return side;
}

// The hand, the outcome and RegExp's verdict.
function headNode(row, said, agree) {
  const outcome = el("span", "outcome", !row.test.passed ? "FAILED" : agree ? "passed" : "DISAGREES");
  const engines = el("span", "engines", `RegExp: ${said === "none" ? "—" : said}`);
  const none = row.test.input === "sorted" ? "a sorted hand: the page's pattern reads arranged hands" : row.refused || "no js pattern";
  engines.title = said === "none" ? none : "the js pattern in this browser's RegExp";
  const status = el("span", "status");
  status.append(outcome, engines);
  const head = el("div", "head");
  head.append(handNode(row.test), status);
  return head;
}

// Each test's row: {test, regexp: true|false|null, refused}.
function testNode(row, source) {
  const { test, regexp } = row;
  const ref = test.reference;
  const said = regexp === null ? "none" : regexp ? "win" : "no";
  const agree = regexp === null || said === ref.verdict;
  const item = el("li", `test ${test.verdict}${test.passed ? " pass" : " fail"}${agree ? "" : " disagree"}`);
  Object.assign(item.dataset, {
    line: test.line, column: test.column, verdict: test.verdict, hand: test.hand,
    reference: ref.verdict, regexp: said, passed: String(test.passed), agree: String(agree),
  });
  const body = el("div", "body");
  item.append(sideNode(test, source), body);
  body.append(headNode(row, said, agree));
  if (test.note) body.append(el("div", "note", `# ${test.note}`));
  body.append(withWilds("expects", "expects", test.expected));
  body.append(withWilds("said", "reference", `${ref.verdict}: ${ref.said}`));
  const same = ref.verdict === test.verdict;
  for (const problem of ref.problems) body.append(el("div", "problem", same ? `but ${problem}` : problem));
  if (test.score) body.append(scoreNode(test.score));
  if (!test.passed) {
    const why = same ? "the reference gives that verdict, not all the test expects" : `the reference says ${ref.verdict}`;
    body.append(el("div", "alarm", `FAILED: the test expects ${test.verdict}; ${why}`));
  }
  if (!agree) {
    body.append(el("div", "alarm", `DISAGREEMENT: RegExp says ${said}, the reference evaluator says ${ref.verdict}`));
  }
  return item;
}

function summaryText(answer, rows, matched, live, timeoutMs) {
  const { tests, passed, failed } = answer.summary;
  let text = `${tests} test${tests === 1 ? "" : "s"}: ${passed} passed`;
  if (failed) {
    const lines = rows.filter((r) => !r.test.passed).map((r) => r.test.line);
    text += `, ${failed} FAILED (line${lines.length === 1 ? "" : "s"} ${lines.join(", ")})`;
  }
  text += " in the reference. ";
  const split = rows.filter((r) => r.regexp !== null && r.regexp !== (r.test.reference.verdict === "win")).length;
  if (matched && matched.timeout) text += `RegExp took over ${timeoutMs / 1000} s and was stopped.`;
  else if (matched && matched.error) text += `RegExp rejects the js pattern: ${matched.error}`;
  else if (live.pattern === null) text += "No js pattern (refused): the reference alone decides.";
  else if (split) text += `RegExp and the reference disagree on ${split} test${split === 1 ? "" : "s"}!`;
  else text += "RegExp agrees with the reference on every hand.";
  return { text, loud: Boolean(failed || split || (matched && (matched.timeout || matched.error))) };
}

// Show the tests answer of the rule text `source`; `matched` is RegExp's
// answer on the tests' hands (null without a js pattern).  A rule file
// without tests hides the section; one that does not load keeps it as it
// was, saying so.
export function showTests(answer, matched, live, timeoutMs, source) {
  const section = $("tests");
  const list = $("test-results");
  const summary = $("tests-summary");
  summary.className = "info";
  if (!answer.ok) {
    list.replaceChildren();
    summary.textContent = "The rules do not load: the tests did not run.";
    return [];
  }
  section.hidden = answer.error === null && answer.tests.length === 0;
  if (answer.error) {
    list.replaceChildren();
    summary.textContent = `A test is written wrong (${answer.error.line}:${answer.error.column}, ` +
      "marked in the editor): no test ran.";
    summary.classList.add("alarm");
    return [];
  }
  // RegExp answered the arranged tests only, in order (see runTests).
  let k = 0;
  const rows = answer.tests.map((test) => {
    const sorted = test.input === "sorted";
    const regexp = !sorted && matched && matched.wins ? matched.wins[k] : null;
    if (!sorted) k += 1;
    return { test, regexp, refused: live.refused };
  });
  list.replaceChildren(...rows.map((row) => testNode(row, source)));
  const said = summaryText(answer, rows, matched, live, timeoutMs);
  summary.textContent = said.text;
  if (said.loud) summary.classList.add("alarm");
  return rows;
}
