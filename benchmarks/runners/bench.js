// Timing runner for JavaScript RegExp (V8, Node.js), used by benchmarks/bench.py.
//
// Usage: node bench.js INPUT_FILE
// INPUT_FILE (ASCII lines): "mahjong-regex-bench 1", the minimum seconds per timing,
// the RegExp flags (may be empty), the pattern count P and P pairs of lines (label,
// hex UTF-8 pattern), the hand count H and H hex lines, the hostile-string count W and
// W hex lines, and the number of repeats per hostile string.
// Output lines: "version V", "compiled LABEL MS" or "error LABEL MESSAGE", "result LABEL
// 0101..." (the warm-up pass), "rate LABEL PASSES SECONDS MATCHES", "worst LABEL I MS"
// (best of the repeats) or "worsterror LABEL I MESSAGE", then "done".
"use strict";
const fs = require("fs");

const lines = fs.readFileSync(process.argv[2], "latin1").split("\n");
let at = 0;
const next = () => lines[at++].replace(/\r$/, "");
const decode = (hex) => Buffer.from(hex.trim(), "hex").toString("utf8");
const say = (text) => fs.writeSync(1, text + "\n");
const now = () => Number(process.hrtime.bigint()) / 1e9;

if (next() !== "mahjong-regex-bench 1") throw new Error("bad input header");
const minSeconds = parseFloat(next());
const flags = next().trim();
const patterns = [];
for (let n = parseInt(next(), 10); n > 0; n--) patterns.push([next().trim(), decode(next())]);
const hands = [];
for (let n = parseInt(next(), 10); n > 0; n--) hands.push(decode(next()));
const hostile = [];
for (let n = parseInt(next(), 10); n > 0; n--) hostile.push(decode(next()));
const repeats = parseInt(next(), 10);

say(`version node ${process.version} (V8 ${process.versions.v8})`);
const compiled = [];
for (const [label, source] of patterns) {
  const t0 = now();
  try {
    const re = new RegExp(source, flags);
    say(`compiled ${label} ${((now() - t0) * 1000).toFixed(3)}`);
    compiled.push([label, re]);
  } catch (e) {
    say(`error ${label} ${String(e.message).replace(/\s+/g, " ")}`);
  }
}
for (const [label, re] of compiled) {
  const bits = new Array(hands.length);
  for (let i = 0; i < hands.length; i++) bits[i] = re.test(hands[i]) ? "1" : "0";
  say(`result ${label} ${bits.join("")}`);
  let passes = 0;
  let matches = 0;
  const t0 = now();
  let elapsed = 0;
  do {
    for (let i = 0; i < hands.length; i++) if (re.test(hands[i])) matches++;
    passes++;
    elapsed = now() - t0;
  } while (elapsed < minSeconds);
  say(`rate ${label} ${passes} ${elapsed.toFixed(6)} ${matches}`);
}
for (const [label, re] of compiled) {
  hostile.forEach((text, i) => {
    let best = Infinity;
    try {
      for (let r = 0; r < repeats; r++) {
        const t0 = now();
        re.test(text);
        best = Math.min(best, now() - t0);
      }
      say(`worst ${label} ${i} ${(best * 1000).toFixed(6)}`);
    } catch (e) {
      say(`worsterror ${label} ${i} ${String(e.message).replace(/\s+/g, " ")}`);
    }
  });
}
say("done");
