// mahjong-regex diff: a pattern in Node.js (V8). Reads hex-encoded UTF-8 lines on stdin:
// the pattern, then batches of strings each ended by a line "."; answers "ok" (or
// "error MESSAGE") for the pattern, then one line of 0/1 per batch (new RegExp(p, "u").test).
"use strict";
const hex = (h) => Buffer.from(h, "hex").toString("utf8");
const lines = require("readline").createInterface({ input: process.stdin });
let re = null;
let bits = [];
lines.on("line", (line) => {
  if (re === null) {
    try {
      re = new RegExp(hex(line), "u");
    } catch (e) {
      process.stdout.write("error " + String(e.message).replace(/\s+/g, " ") + "\n");
      process.exit(0);
    }
    process.stdout.write("ok\n");
  } else if (line === ".") {
    process.stdout.write(bits.join("") + "\n");
    bits = [];
  } else {
    bits.push(re.test(hex(line)) ? "1" : "0");
  }
});
