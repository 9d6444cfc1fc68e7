// The compiler's worker: loads Pyodide and the site's wheels, then answers
// the page's requests through mahjong_regex.playground.api.handle, one at a
// time.  Messages in: {id, request}; out: {id, answer} or {id, failed}, and
// {ready: timings} once, or {broken: message} when loading fails.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

async function hex(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetched(path) {
  const response = await fetch(here(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

async function start() {
  const t0 = performance.now();
  const site = await (await fetched("site.json")).json();
  // The wheels download while Pyodide starts.
  const wheels = Promise.all(
    site.wheels.map(async (wheel) => {
      const response = await fetched(`wheels/${wheel.file}?${wheel.sha256.slice(0, 16)}`);
      return [wheel, await response.arrayBuffer()];
    }),
  );
  wheels.catch(() => {}); // a failed download is reported below, once Pyodide is up
  const py = await loadPyodide({ indexURL: here("pyodide/"), stdout: console.log, stderr: console.warn });
  const t1 = performance.now();
  for (const [wheel, bytes] of await wheels) {
    if ((await hex(bytes)) !== wheel.sha256) throw new Error(`wheels/${wheel.file} does not match site.json`);
    py.unpackArchive(bytes, "wheel");
  }
  const t2 = performance.now();
  const api = py.pyimport("mahjong_regex.playground.api");
  const t3 = performance.now();
  postMessage({ ready: { pyodide: t1 - t0, wheels: t2 - t1, imports: t3 - t2, site } });
  return api;
}

const api = start().catch((error) => {
  postMessage({ broken: String(error && error.message ? error.message : error) });
  return null;
});

onmessage = async (event) => {
  const { id, request } = event.data;
  const handle = await api;
  if (handle === null) {
    postMessage({ id, failed: "the compiler did not load" });
    return;
  }
  try {
    postMessage({ id, answer: JSON.parse(handle.handle(JSON.stringify(request))) });
  } catch (error) {
    postMessage({ id, failed: String(error) });
  }
};
