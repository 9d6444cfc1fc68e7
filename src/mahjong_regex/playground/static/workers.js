// The page's two workers: the compiler (worker.js: Pyodide and the api
// module, one request at a time) and RegExp (match-worker.js, stopped and
// replaced when a pattern runs too long).

export const REGEXP_TIMEOUT_MS = 5000;

export class Compiler {
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

export class Matcher {
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
