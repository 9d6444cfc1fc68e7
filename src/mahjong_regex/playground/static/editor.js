// The rule editor's marks: a backdrop under the textarea with each error,
// refusal and warning underlined at its span, the gutter's line numbers, and
// the list of located messages (click one to select its span).

const $ = (id) => document.getElementById(id);

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The rule text with each diagnostic's span marked (columns count code points).
export function showDiagnostics(source, diagnostics, refused) {
  const marks = diagnostics.concat(refused ? [{ ...refused, severity: "refused" }] : []);
  const lines = source.split("\n");
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
      if (d.line) item.addEventListener("click", () => jumpTo(source, d.line, d.column, d.end_column));
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

// Select a span of the rule text in the editor, and scroll to it.
export function jumpTo(source, line, column, endColumn) {
  const lines = source.split("\n");
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

export function syncScroll() {
  const area = $("source");
  $("backdrop").scrollTop = area.scrollTop;
  $("backdrop").scrollLeft = area.scrollLeft;
  $("gutter").scrollTop = area.scrollTop;
}
