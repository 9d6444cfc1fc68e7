// Batch regex runner for Node.js (JavaScript RegExp).
//
// stdin:  line 1 = pattern (hex UTF-8), line 2 = flags, then one hex UTF-8 line per string.
// stdout: one line of '1'/'0' (does new RegExp(pattern, flags).test(s)?), or
//         "ERROR: <message>" and exit status 3 if the pattern does not compile.
"use strict";

const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  const lines = Buffer.concat(chunks).toString("latin1").split("\n");
  lines.pop(); // the input ends with a newline
  const decode = (hex) => Buffer.from(hex.trim(), "hex").toString("utf8");
  let re;
  try {
    re = new RegExp(decode(lines[0]), lines[1].trim());
  } catch (e) {
    process.stdout.write("ERROR: " + e.message + "\n");
    process.exitCode = 3;
    return;
  }
  let out = "";
  for (let i = 2; i < lines.length; i++) {
    re.lastIndex = 0; // only matters with the g or y flag
    out += re.test(decode(lines[i])) ? "1" : "0";
  }
  process.stdout.write(out + "\n");
});
