// The runner for JavaScript (V8, Node.js): new RegExp(pattern, flags), then re.test(s).
// It speaks the runner protocol of mahjong_regex.engines (version 2) on stdin and stdout.
"use strict";
const readline = require("readline");

const say = (text) => process.stdout.write(text + "\n");
const decode = (hex) => Buffer.from(hex.trim(), "hex").toString("utf8");
const now = () => Number(process.hrtime.bigint()) / 1e9;
const oneLine = (e) => String(e && e.message ? e.message : e).replace(/\s+/g, " ");
const fail = (why) => {
  process.stderr.write(`runner.js: ${why}\n`);
  process.exit(2);
};
// With the g or y flag, test() starts at lastIndex: start every call at 0.
const test = (re, s) => {
  re.lastIndex = 0;
  return re.test(s);
};

function compileAll(patterns, flags) {
  const compiled = [];
  say(`version node ${process.version} (V8 ${process.versions.v8})`);
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
  say("end");
  return compiled;
}

// The verdicts, then (when seconds > 0) passes over all the strings until seconds have gone by.
function match(compiled, strings, seconds) {
  for (const [label, re] of compiled) {
    let bits;
    try {
      bits = strings.map((s) => (test(re, s) ? "1" : "0")).join("");
    } catch (e) {
      say(`failed ${label} ${oneLine(e)}`);
      continue;
    }
    say(`result ${label} ${bits}`);
    if (seconds <= 0) continue;
    let passes = 0;
    let matches = 0;
    let elapsed = 0;
    const t0 = now();
    do {
      for (let i = 0; i < strings.length; i++) if (test(re, strings[i])) matches++;
      passes++;
      elapsed = now() - t0;
    } while (elapsed < seconds);
    say(`rate ${label} ${passes} ${elapsed.toFixed(6)} ${matches}`);
  }
}

function worst(compiled, strings, repeats) {
  for (const [label, re] of compiled) {
    strings.forEach((text, i) => {
      let best = Infinity;
      try {
        for (let r = 0; r < Math.max(repeats, 1); r++) {
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
}

async function main() {
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  const it = lines[Symbol.asyncIterator]();
  const next = async () => {
    const got = await it.next();
    return got.done ? null : got.value;
  };
  if ((await next()) !== "mahjong-regex-runner 2") fail("bad input header");
  const flagLine = (await next()) || "";
  if (!flagLine.startsWith("flags")) fail("no flags line");
  const flags = flagLine.slice(5).trim();
  const patterns = [];
  for (let line = await next(); line !== "go"; line = await next()) {
    if (line === null || !line.startsWith("pattern ")) fail(`bad header line: ${line}`);
    const [, label, hex] = line.split(" ");
    patterns.push([label, decode(hex || "")]);
  }
  const compiled = compileAll(patterns, flags);
  for (let line = await next(); line !== null; line = await next()) {
    const words = line.trim().split(" ");
    const count = parseInt(words[words.length - 1], 10);
    if (!(count >= 0)) fail(`bad command: ${line}`);
    const strings = [];
    for (let i = 0; i < count; i++) {
      const hex = await next();
      if (hex === null) fail("input ends inside a command");
      strings.push(decode(hex));
    }
    if (words[0] === "match") match(compiled, strings, 0);
    else if (words[0] === "time") match(compiled, strings, parseFloat(words[1]));
    else if (words[0] === "worst") worst(compiled, strings, parseInt(words[1], 10));
    else say(`unsupported ${words[0]}`);
    say("end");
  }
}

main().catch((e) => fail(e && e.stack ? e.stack : e));
