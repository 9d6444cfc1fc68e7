// The hands' verdicts: per hand, win or no from the reference evaluator, the
// RegExp's answer beside it (a disagreement in red), the split with what each
// wild tile stood for or the reason for a no, and a win's score.

const $ = (id) => document.getElementById(id);

// A hand as the command line prints it: bare, or JSON-quoted when it holds
// white space or characters a reader would not see.
export function shown(hand) {
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

export function scoreNode(score) {
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

export function showVerdicts(result, live, timeoutMs) {
  const list = $("verdicts");
  const summary = $("hands-summary");
  summary.className = "info";
  if (result.error) {
    list.replaceChildren();
    summary.textContent = result.error;
    return;
  }
  list.replaceChildren(...result.rows.map((row) => verdictNode(row, live.refused)));
  const wins = result.rows.filter((r) => r.reference.win).length;
  const split = result.rows.filter((r) => r.regexp !== null && r.regexp !== r.reference.win).length;
  let text = `${result.rows.length} hand${result.rows.length === 1 ? "" : "s"}: ${wins} win, ${result.rows.length - wins} no. `;
  if (result.matched && result.matched.timeout) text += `RegExp took over ${timeoutMs / 1000} s and was stopped.`;
  else if (result.matched && result.matched.error) text += `RegExp rejects the js pattern: ${result.matched.error}`;
  else if (live.pattern === null) text += "No js pattern (refused): the reference alone decides.";
  else if (split) text += `RegExp and the reference disagree on ${split} hand${split === 1 ? "" : "s"}!`;
  else text += "RegExp agrees with the reference on every hand.";
  summary.textContent = text;
  if (split || (result.matched && (result.matched.timeout || result.matched.error))) summary.classList.add("alarm");
}
