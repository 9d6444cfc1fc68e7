// The runner for JavaScript (V8, Node.js): new RegExp(pattern, flags), then re.test(s).
// Input on stdin, output on stdout: see the protocol in tests/engines.py.
"use strict";
const fs = require("fs");

const lines = fs.readFileSync(0, "latin1").split("\n");
let at = 0;
const next = () => lines[at++];
const count = () => parseInt(next(), 10);
const decode = (hex) => Buffer.from(hex.trim(), "hex").toString("utf8");
const strings = () => Array.from({ length: count() }, () => decode(next()));
const say = (text) => fs.writeSync(1, text + "\n");
const now = () => Number(process.hrtime.bigint()) / 1e9;
const oneLine = (e) => String(e.message).replace(/\s+/g, " ");
// With the g or y flag, test() starts at lastIndex: start every call at 0.
const test = (re, s) => {
  re.lastIndex = 0;
  return re.test(s);
};

if (next() !== "mahjong-regex-runner 1") throw new Error("bad input header");
const minSeconds = parseFloat(next());
const flags = next().trim();
const patterns = Array.from({ length: count() }, () => [next().trim(), decode(next())]);
const hands = strings();
const hostile = strings();
const repeats = count();

say(`version node ${process.version} (V8 ${process.versions.v8})`);
const compiled = [];
for (const [label, source] of patterns) {
  const t0 = now();
  try {
    const re = new RegExp(source, flags);
    say(`compiled ${label} ${((now() - t0) * 1000).toFixed(3)}`);
    compiled.push([label, re]);
  } catch (e) {
    say(`error ${label} ${oneLine(e)}`);
  }
}
for (const [label, re] of compiled) {
  try {
    say(`result ${label} ${hands.map((h) => (test(re, h) ? "1" : "0")).join("")}`);
  } catch (e) {
    say(`failed ${label} ${oneLine(e)}`);
    continue;
  }
  if (minSeconds <= 0) continue;
  let passes = 0;
  let matches = 0;
  let elapsed = 0;
  const t0 = now();
  do {
    for (let i = 0; i < hands.length; i++) if (test(re, hands[i])) matches++;
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
        test(re, text);
        best = Math.min(best, now() - t0);
      }
      say(`worst ${label} ${i} ${(best * 1000).toFixed(6)}`);
    } catch (e) {
      say(`worsterror ${label} ${i} ${oneLine(e)}`);
    }
  });
}
say("done");
