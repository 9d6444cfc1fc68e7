// The playground page: a .meld editor, the pattern in every flavor, and
// hands marked by the js pattern in this browser's RegExp and explained by
// the reference evaluator, and the rule file's tests run.  Here: the state,
// the scheduling of work, the controls.  The workers are workers.js, the
// editor's marks editor.js, the verdicts verdicts.js, the tests tests.js,
// the share link share.js.
import { showDiagnostics, syncScroll } from "./editor.js";
import { fromFragment, toFragment } from "./share.js";
import { showTests } from "./tests.js";
import { showVerdicts } from "./verdicts.js";
import { Compiler, Matcher, REGEXP_TIMEOUT_MS } from "./workers.js";

const $ = (id) => document.getElementById(id);

// The README's two Harbin hands: a win, and a one-suit hand that is no.
const FIRST_HANDS =
  "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万\n" +
  "二条二条二条三条四条五条五条六条七条二条三条四条九条九条";
const DEBOUNCE_MS = 200;
// What a change of the rules asks for: the view, the js pattern, the hands, the tests.
const RULES = ["view", "live", "hands", "tests"];

const compiler = new Compiler();
const matcher = new Matcher();

// ---- state -------------------------------------------------------------------

const state = {
  name: "harbin",
  source: "",
  hands: FIRST_HANDS,
  flavor: "js",
  form: "arranged",
  notation: "",
  fmt: "pattern",
  lang: "python",
  score: false,
  unchecked: false,
};
let facts = null; // the init answer: built-ins, flavors, languages, notations
let live = { pattern: null, flags: "u", refused: null }; // the js pattern, for RegExp
let lastVerdicts = [];
// The editor's marks: the view's diagnostics and refusal, and a test written wrong.
let marks = { diagnostics: [], refused: null, tests: null };
let autoHands = FIRST_HANDS; // the hands the page filled in itself

const timings = { compiles: [], tests: [] };

// The rule text's name in messages: its rule set's name, as a file name.
function path() {
  const named = /^[ \t]*ruleset[ \t]+([^\s"#]+)/m.exec(state.source);
  return `${named ? named[1] : "rules"}.meld`;
}

function base() {
  return { source: state.source, path: path(), notation: state.notation || null, form: state.form };
}

// ---- scheduling: one piece of work at a time, the latest wish kept -----------

let wanted = null;
let running = false;
let timer = null;
const postponed = new Set(); // the parts a pending timer will refresh
let actions = 0; // user actions still asking the compiler before they refresh
let idlers = [];

function busy() {
  return running || wanted || timer || actions > 0;
}

function wakeIdlers() {
  if (!busy()) for (const resolve of idlers.splice(0)) resolve();
}

// Run an async action (a picker's change); idle() waits for it too.
function track(action) {
  return async (...args) => {
    actions++;
    try {
      await action(...args);
    } catch (error) {
      status(`The compiler failed: ${error.message}`, "bad");
    } finally {
      actions--;
      wakeIdlers();
    }
  };
}

function refresh(...parts) {
  wanted = new Set([...(wanted || []), ...parts]);
  if (!running) run();
}

// After a pause in typing: every part asked for since the last pause.
function later(...parts) {
  clearTimeout(timer);
  for (const part of parts) postponed.add(part);
  timer = setTimeout(() => {
    timer = null;
    const asked = [...postponed];
    postponed.clear();
    refresh(...asked);
  }, DEBOUNCE_MS);
}

async function run() {
  running = true;
  while (wanted) {
    const parts = wanted;
    wanted = null;
    try {
      await work(parts);
    } catch (error) {
      status(`The compiler failed: ${error.message}`, "bad");
    }
  }
  running = false;
  wakeIdlers();
}

function idle() {
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => idlers.push(resolve));
}

async function work(parts) {
  if (parts.has("view")) {
    const t0 = performance.now();
    const answer = await compiler.ask({ op: "compile", ...base(), ...viewRequest() });
    timings.compiles.push(performance.now() - t0);
    showView(answer);
    if (isLiveView()) setLive(answer);
  }
  if (parts.has("live") && !(parts.has("view") && isLiveView())) {
    setLive(await compiler.ask({ op: "compile", ...base(), flavor: "js", fmt: "pattern" }));
  }
  if (parts.has("hands")) {
    const result = await decide(handLines());
    lastVerdicts = result.rows || [];
    showVerdicts(result, live, REGEXP_TIMEOUT_MS);
  }
  if (parts.has("tests")) await runTests();
}

// The rule file's tests: the reference's outcome of each, and RegExp's
// verdict on each hand (as the page's notation writes it).
async function runTests() {
  const source = state.source;
  const t0 = performance.now();
  const answer = await compiler.ask({ op: "tests", ...base() });
  timings.tests.push(performance.now() - t0);
  // The page's pattern reads arranged hands: the hands of `tests sorted` are the reference's alone.
  const hands = answer.ok && !answer.error ? answer.tests.filter((t) => t.input !== "sorted").map((t) => t.match) : [];
  const matched = live.pattern === null || !hands.length ? null : await matcher.ask(live.pattern, live.flags, hands);
  showTests(answer, matched, live, REGEXP_TIMEOUT_MS, source);
  marks.tests = answer.ok ? answer.error : null;
  showMarks();
}

function showMarks() {
  const { diagnostics, refused, tests } = marks;
  showDiagnostics(state.source, tests ? diagnostics.concat([tests]) : diagnostics, refused);
}

function clearMarks() {
  marks = { diagnostics: [], refused: null, tests: null };
  showMarks();
}

function viewRequest() {
  return {
    flavor: state.flavor,
    fmt: state.fmt,
    lang: state.fmt === "code" ? state.lang : null,
    score: state.score,
    allow_unchecked: state.unchecked,
  };
}

function isLiveView() {
  return state.flavor === "js" && state.fmt === "pattern" && !state.score && !state.unchecked;
}

function setLive(answer) {
  live = { pattern: null, flags: "u", refused: null };
  if (!answer.ok) live.refused = "the rules do not load";
  else if (answer.refused) live.refused = answer.refused.text;
  else live = { pattern: answer.pattern, flags: answer.flags, refused: null };
}

// ---- hands: RegExp and the reference ---------------------------------------------

function handLines() {
  return state.hands.split("\n").map((line) => line.replace(/\r$/, "")).filter((line) => line !== "");
}

// Each hand's verdicts: {hand, regexp: true|false|null, reference: the
// reference's answer}; the hands are decided by the current rules.
async function decide(hands) {
  const [answer, matched] = await Promise.all([
    compiler.ask({ op: "decide", ...base(), hands }),
    live.pattern === null ? Promise.resolve(null) : matcher.ask(live.pattern, live.flags, hands),
  ]);
  if (!answer.ok) return { error: "The rules do not load: fix the errors first.", hands: [] };
  const rows = answer.verdicts.map((reference, i) => ({
    hand: hands[i],
    regexp: matched && matched.wins ? matched.wins[i] : null,
    reference,
  }));
  return { rows, matched, ms: answer.ms };
}

// ---- rendering -------------------------------------------------------------------

function status(text, kind) {
  const el = $("status");
  el.textContent = text;
  el.className = kind || "";
}

function showView(answer) {
  const out = $("output");
  const info = $("pattern-info");
  marks.diagnostics = answer.diagnostics || [];
  marks.refused = answer.refused || null;
  showMarks();
  out.className = "output";
  if (!answer.ok) {
    out.textContent = answer.crash || answer.error || "The rules do not load: see the errors under them.";
    out.classList.add("dim");
    info.textContent = "";
    return;
  }
  $("score-label").hidden = !(answer.scores || state.score);
  if (answer.refused) {
    out.textContent = answer.refused.text;
    out.classList.add("refused");
    info.textContent = `${answer.flavor}: refused`;
    return;
  }
  out.textContent = answer.text;
  const size = answer.pattern.length.toLocaleString("en");
  const lang = answer.fmt === "code" ? ` · ${answer.lang}` : "";
  info.textContent = `${answer.flavor} (${answer.engine})${lang} · ${size} characters · compiled in ${answer.ms} ms`;
  if (answer.unchecked.length) info.textContent += ` · NOT CHECKED: ${answer.unchecked.join("; ")}`;
}

// ---- controls ----------------------------------------------------------------------

function option(value, text) {
  const el = document.createElement("option");
  el.value = value;
  el.textContent = text;
  return el;
}

function fillPickers() {
  $("builtin").replaceChildren(option("", "(your own)"), ...facts.builtins.map((b) => option(b.name, b.name)));
  $("flavor").replaceChildren(...facts.flavors.map((f) => option(f.name, f.name)));
  $("notation").replaceChildren(option("", "as written"), ...facts.notations.map((n) => option(n, n)));
  $("form").replaceChildren(...facts.forms.map((f) => option(f, f)));
  fillLangs();
}

function fillLangs() {
  const langs = Object.keys(state.score ? facts.score_langs : facts.langs);
  if (!langs.includes(state.lang)) state.lang = langs[0];
  $("lang").replaceChildren(...langs.map((l) => option(l, l)));
}

function showControls() {
  const builtin = facts.builtins.find((b) => b.name === state.name);
  $("builtin").value = builtin && builtin.source === state.source ? state.name : "";
  $("rules-path").textContent = path();
  $("notation").value = state.notation;
  $("form").value = state.form;
  $("flavor").value = state.flavor;
  $("fmt").value = state.fmt;
  fillLangs();
  $("lang").value = state.lang;
  $("lang-label").hidden = state.fmt !== "code";
  // Code in a language carries that language's flavor.
  $("flavor").disabled = state.fmt === "code";
  if (state.fmt === "code") $("flavor").value = (state.score ? facts.score_langs : facts.langs)[state.lang];
  $("score").checked = state.score;
  $("unchecked").checked = state.unchecked;
  $("source").value = state.source;
  $("hands").value = state.hands;
  showMarks();
}

async function pickBuiltin(name) {
  if (!name) return;
  const keepHands = state.hands !== autoHands && state.hands.trim() !== "";
  Object.assign(state, { name, source: facts.builtins.find((b) => b.name === name).source });
  $("source").value = state.source;
  $("rules-path").textContent = path();
  clearMarks();
  if (!keepHands) {
    const answer = await compiler.ask({ op: "examples", ...base() });
    if (answer.ok) {
      state.hands = autoHands = answer.hands.join("\n");
      $("hands").value = state.hands;
    }
  }
  refresh(...RULES);
}

async function switchNotation(notation) {
  const answer = await compiler.ask({
    op: "convert", source: state.source, path: path(), hands: handLines(),
    from: state.notation || null, to: notation || null,
  });
  state.notation = notation;
  if (answer.ok) {
    const converted = answer.hands.join("\n");
    if (state.hands === autoHands) autoHands = converted;
    state.hands = converted;
    $("hands").value = converted;
  }
  refresh(...RULES);
}

async function share() {
  const url = new URL(location.href);
  url.hash = await toFragment(state);
  history.replaceState(null, "", url.href);
  const field = $("share-url");
  field.value = url.href;
  field.select();
  try {
    await navigator.clipboard.writeText(url.href);
    $("share").textContent = "Link copied";
  } catch {
    $("share").textContent = "Link made";
  }
  setTimeout(() => ($("share").textContent = "Share link"), 1500);
}

async function copyOutput() {
  try {
    await navigator.clipboard.writeText($("output").textContent);
    $("copy").textContent = "Copied";
  } catch {
    getSelection().selectAllChildren($("output"));
    $("copy").textContent = "Selected";
  }
  setTimeout(() => ($("copy").textContent = "Copy"), 1500);
}

function wire() {
  const on = (id, event, handler) => $(id).addEventListener(event, handler);
  on("source", "input", (e) => {
    state.source = e.target.value;
    $("rules-path").textContent = path();
    clearMarks();
    later(...RULES);
  });
  on("source", "scroll", syncScroll);
  on("hands", "input", (e) => {
    state.hands = e.target.value;
    later("hands");
  });
  on("builtin", "change", track((e) => pickBuiltin(e.target.value)));
  on("notation", "change", track((e) => switchNotation(e.target.value)));
  on("form", "change", (e) => {
    state.form = e.target.value;
    refresh(...RULES);
  });
  const view = (key, read) => (e) => {
    state[key] = read(e.target);
    showControls();
    refresh("view");
  };
  on("flavor", "change", view("flavor", (t) => t.value));
  on("fmt", "change", view("fmt", (t) => t.value));
  on("lang", "change", view("lang", (t) => t.value));
  on("score", "change", view("score", (t) => t.checked));
  on("unchecked", "change", view("unchecked", (t) => t.checked));
  on("share", "click", track(share));
  // A link pasted into this tab: its state replaces the page's.
  window.addEventListener(
    "hashchange",
    track(async () => {
      if (facts && (await restore())) {
        clearMarks();
        showControls();
        refresh(...RULES);
      }
    }),
  );
  on("copy", "click", copyOutput);
}

async function restore() {
  try {
    const shared = await fromFragment(location.hash);
    if (!shared) return false;
    const known = (value, list, fallback) => (list.includes(value) ? value : fallback);
    state.name = shared.name.replace(/[^\w.-]/g, "") || "rules";
    state.source = shared.source;
    state.hands = shared.hands;
    state.flavor = known(shared.flavor, facts.flavors.map((f) => f.name), "js");
    state.form = known(shared.form, facts.forms, "arranged");
    state.notation = known(shared.notation, facts.notations, "");
    state.fmt = known(shared.fmt, facts.formats, "pattern");
    state.lang = known(shared.lang, Object.keys({ ...facts.langs, ...facts.score_langs }), "python");
    state.score = shared.score;
    autoHands = null;
    return true;
  } catch (error) {
    status(error.message, "bad");
    return false;
  }
}

async function main() {
  wire();
  const t0 = performance.now();
  try {
    timings.ready = await compiler.ready;
  } catch (error) {
    status(`The compiler did not load: ${error.message}. Rebuild the site: mahjong-regex playground build`, "bad");
    return;
  }
  facts = await compiler.ask({ op: "init" });
  fillPickers();
  const restored = await restore();
  if (!restored) state.source = facts.builtins.find((b) => b.name === state.name).source;
  showControls();
  timings.load = performance.now() - t0;
  const seconds = (performance.now() / 1000).toFixed(1);
  status(`Ready: Python ${facts.python} in Pyodide, mahjong-regex ${facts.version}, loaded in ${seconds} s`, "ready");
  $("share").disabled = false;
  refresh(...RULES);
}

// What tests and benchmarks read: the state, the last verdicts, and a promise
// for the moment the page has nothing left to do.
window.playground = {
  state,
  timings,
  debounce: DEBOUNCE_MS,
  idle,
  verdicts: () => lastVerdicts,
  decide: async (hands) => (await decide(hands)).rows,
  started: track(main)(),
};
