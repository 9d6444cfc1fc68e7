// The playground page: a .meld editor, the pattern in every flavor, and
// hands marked by the js pattern in this browser's RegExp and explained by
// the reference evaluator.  The compiler runs in worker.js (Pyodide); the
// RegExp in match-worker.js; the share link is share.js.
import { fromFragment, toFragment } from "./share.js";

const $ = (id) => document.getElementById(id);

// The README's two Harbin hands: a win, and a one-suit hand that is no.
const FIRST_HANDS =
  "幺鸡幺鸡幺鸡三条四条五条五条六条七条幺万幺万幺万九万九万\n" +
  "二条二条二条三条四条五条五条六条七条二条三条四条九条九条";
const DEBOUNCE_MS = 200;
const REGEXP_TIMEOUT_MS = 5000;

// ---- the workers -----------------------------------------------------------

class Compiler {
  constructor() {
    this.calls = new Map();
    this.next = 1;
    this.worker = new Worker("worker.js", { type: "module" });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if (data.ready) return resolve(data.ready);
        if (data.broken) return reject(new Error(data.broken));
        const call = this.calls.get(data.id);
        this.calls.delete(data.id);
        if (data.failed) call.reject(new Error(data.failed));
        else call.resolve(data.answer);
      };
      this.worker.onerror = (event) => reject(new Error(event.message || "the compiler's worker failed"));
    });
  }

  ask(request) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      this.worker.postMessage({ id, request });
    });
  }
}

class Matcher {
  constructor() {
    this.next = 1;
    this.worker = new Worker("match-worker.js");
  }

  // {wins: [bool]} or {error} (RegExp rejects the pattern) or {timeout: true}.
  ask(pattern, flags, hands) {
    const id = this.next++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.worker.terminate();
        this.worker = new Worker("match-worker.js");
        resolve({ timeout: true });
      }, REGEXP_TIMEOUT_MS);
      this.worker.onmessage = ({ data }) => {
        if (data.id !== id) return;
        clearTimeout(timer);
        resolve(data);
      };
      this.worker.postMessage({ id, pattern, flags, hands });
    });
  }
}

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
let autoHands = FIRST_HANDS; // the hands the page filled in itself

const timings = { compiles: [] };

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

function later(...parts) {
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    refresh(...parts);
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
    showVerdicts(await decide(handLines()));
  }
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
  showDiagnostics(answer.diagnostics || [], answer.refused || null);
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

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The rule text with each diagnostic's span marked (columns count code points).
function showDiagnostics(diagnostics, refused) {
  const marks = diagnostics.concat(refused ? [{ ...refused, severity: "refused" }] : []);
  const lines = state.source.split("\n");
  const byLine = new Map();
  for (const d of marks) {
    if (!d.line) continue;
    if (!byLine.has(d.line)) byLine.set(d.line, []);
    byLine.get(d.line).push(d);
  }
  $("backdrop").innerHTML = lines.map((line, i) => markLine(line, byLine.get(i + 1) || [])).join("\n") + "\n ";
  $("gutter").innerHTML = lines
    .map((_, i) => {
      const here = byLine.get(i + 1);
      return here ? `<span class="${worst(here)}">${i + 1}</span>` : String(i + 1);
    })
    .join("\n") + "\n ";
  const list = $("diagnostics");
  list.replaceChildren(
    ...marks.map((d) => {
      const item = document.createElement("li");
      item.className = d.severity;
      item.dataset.line = d.line || "";
      item.dataset.column = d.column || "";
      const pre = document.createElement("pre");
      pre.textContent = d.text;
      item.append(pre);
      if (d.line) item.addEventListener("click", () => jumpTo(d.line, d.column, d.end_column));
      return item;
    }),
  );
}

function worst(diagnostics) {
  for (const kind of ["error", "refused", "warning"]) {
    if (diagnostics.some((d) => d.severity === kind)) return kind;
  }
  return "warning";
}

function markLine(line, diagnostics) {
  const chars = Array.from(line);
  const kinds = chars.map(() => null);
  const rank = { warning: 1, refused: 2, error: 3 };
  let tail = null;
  for (const d of diagnostics) {
    const from = Math.max(0, d.column - 1);
    const to = Math.max(from + 1, (d.end_column || d.column + 1) - 1);
    if (from >= chars.length) tail = d.severity;
    for (let i = from; i < Math.min(to, chars.length); i++) {
      if (!kinds[i] || rank[d.severity] > rank[kinds[i]]) kinds[i] = d.severity;
    }
  }
  let html = "";
  let i = 0;
  while (i < chars.length) {
    let j = i;
    while (j < chars.length && kinds[j] === kinds[i]) j++;
    const text = escapeHtml(chars.slice(i, j).join(""));
    html += kinds[i] ? `<mark class="${kinds[i]}">${text}</mark>` : text;
    i = j;
  }
  return tail ? html + `<mark class="${tail}"> </mark>` : html;
}

function jumpTo(line, column, endColumn) {
  const lines = state.source.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  const chars = Array.from(lines[line - 1] || "");
  const start = offset + chars.slice(0, column - 1).join("").length;
  const end = offset + chars.slice(0, Math.max(column, (endColumn || column + 1) - 1)).join("").length;
  const area = $("source");
  area.focus();
  area.setSelectionRange(start, end);
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
  area.scrollTop = Math.max(0, (line - 3) * lineHeight);
  syncScroll();
}

// A hand as the command line prints it: bare, or JSON-quoted when it holds
// white space or characters a reader would not see.
function shown(hand) {
  return /^[^\s\p{C}]+$/u.test(hand) ? hand : JSON.stringify(hand);
}

function splitNode(reference) {
  const div = document.createElement("div");
  div.className = "split";
  const shape = document.createElement("span");
  shape.className = "shape";
  shape.textContent = reference.shape;
  div.append(shape, ": ");
  reference.split.forEach((meld, i) => {
    if (i) div.append(" | ");
    const span = document.createElement("span");
    span.className = "meld";
    const kind = document.createElement("i");
    kind.textContent = meld.kind;
    span.append(kind, " ");
    meld.tiles.forEach((tile, k) => {
      if (tile === meld.stands[k]) return span.append(tile);
      const wild = document.createElement("b");
      wild.className = "wild";
      wild.title = `${tile} stands for ${meld.stands[k]}`;
      wild.textContent = `[${tile}=${meld.stands[k]}]`;
      span.append(wild);
    });
    div.append(span);
  });
  return div;
}

function scoreNode(score) {
  const div = document.createElement("div");
  div.className = "score";
  if (score.error) {
    div.textContent = `not scored: ${score.error}`;
    return div;
  }
  const listed = score.elements
    .map((e) => `${e.name} (${e.value})${e.count > 1 ? ` ×${e.count}` : ""}`)
    .join(", ");
  div.textContent = `score ${score.total}: ${score.limit ? "limit: " : ""}${listed || "no scoring element"}`;
  if (score.split !== undefined) div.title = `on ${score.split}`;
  return div;
}

function verdictNode(row, refused) {
  const ref = row.reference;
  const item = document.createElement("li");
  const said = ref.error ? "bad" : ref.win ? "win" : "no";
  const regexp = row.regexp === null ? "none" : row.regexp ? "win" : "no";
  const agree = row.regexp === null || row.regexp === ref.win;
  item.className = `verdict ${said}${agree ? "" : " disagree"}`;
  Object.assign(item.dataset, { hand: row.hand, reference: ref.win ? "win" : "no", regexp, agree: String(agree) });
  const head = document.createElement("div");
  head.className = "head";
  const badge = document.createElement("span");
  badge.className = "badge";
  badge.textContent = ref.error ? "not a hand" : ref.win ? "win" : "no";
  const hand = document.createElement("code");
  hand.className = "hand";
  hand.textContent = shown(row.hand);
  const engines = document.createElement("span");
  engines.className = "engines";
  engines.textContent = `RegExp: ${regexp === "none" ? "—" : regexp} · reference: ${ref.win ? "win" : "no"}`;
  if (regexp === "none") engines.title = refused || "no js pattern";
  head.append(badge, hand, engines);
  item.append(head);
  if (!agree) {
    const alarm = document.createElement("div");
    alarm.className = "alarm";
    alarm.textContent = `DISAGREEMENT: RegExp says ${regexp}, the reference evaluator says ${ref.win ? "win" : "no"}`;
    item.append(alarm);
  }
  if (ref.win) item.append(splitNode(ref));
  else {
    const reason = document.createElement("div");
    reason.className = "reason";
    reason.textContent = ref.reason;
    item.append(reason);
  }
  if (ref.score) item.append(scoreNode(ref.score));
  return item;
}

function showVerdicts(result) {
  const list = $("verdicts");
  const summary = $("hands-summary");
  summary.className = "info";
  if (result.error) {
    list.replaceChildren();
    summary.textContent = result.error;
    lastVerdicts = [];
    return;
  }
  lastVerdicts = result.rows;
  list.replaceChildren(...result.rows.map((row) => verdictNode(row, live.refused)));
  const wins = result.rows.filter((r) => r.reference.win).length;
  const split = result.rows.filter((r) => r.regexp !== null && r.regexp !== r.reference.win).length;
  let text = `${result.rows.length} hand${result.rows.length === 1 ? "" : "s"}: ${wins} win, ${result.rows.length - wins} no. `;
  if (result.matched && result.matched.timeout) text += `RegExp took over ${REGEXP_TIMEOUT_MS / 1000} s and was stopped.`;
  else if (result.matched && result.matched.error) text += `RegExp rejects the js pattern: ${result.matched.error}`;
  else if (live.pattern === null) text += "No js pattern (refused): the reference alone decides.";
  else if (split) text += `RegExp and the reference disagree on ${split} hand${split === 1 ? "" : "s"}!`;
  else text += "RegExp agrees with the reference on every hand.";
  summary.textContent = text;
  if (split || (result.matched && (result.matched.timeout || result.matched.error))) summary.classList.add("alarm");
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
  showDiagnostics([], null);
}

function syncScroll() {
  const area = $("source");
  $("backdrop").scrollTop = area.scrollTop;
  $("backdrop").scrollLeft = area.scrollLeft;
  $("gutter").scrollTop = area.scrollTop;
}

async function pickBuiltin(name) {
  if (!name) return;
  const keepHands = state.hands !== autoHands && state.hands.trim() !== "";
  Object.assign(state, { name, source: facts.builtins.find((b) => b.name === name).source });
  $("source").value = state.source;
  $("rules-path").textContent = path();
  showDiagnostics([], null);
  if (!keepHands) {
    const answer = await compiler.ask({ op: "examples", ...base() });
    if (answer.ok) {
      state.hands = autoHands = answer.hands.join("\n");
      $("hands").value = state.hands;
    }
  }
  refresh("view", "live", "hands");
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
  refresh("view", "live", "hands");
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
    showDiagnostics([], null);
    later("view", "live", "hands");
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
    refresh("view", "live", "hands");
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
  refresh("view", "live", "hands");
}

// What tests and benchmarks read: the state, the last verdicts, and a promise
// for the moment the page has nothing left to do.
window.playground = {
  state,
  timings,
  idle,
  verdicts: () => lastVerdicts,
  decide: async (hands) => (await decide(hands)).rows,
  started: track(main)(),
};
