// The share link: the page's state in the URL fragment.  The rule text and
// the hands are deflated (CompressionStream "deflate-raw") and written in
// base64url; the flavor, input form, notation and view are plain words.
//   #v=1&name=harbin&flavor=js&input=arranged&tiles=mpsz&show=pattern&lang=&score=0&rules=…&hands=…

const PLAIN = { name: "name", flavor: "flavor", form: "input", notation: "tiles", fmt: "show", lang: "lang" };

function base64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

async function pipe(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function squeeze(text) {
  return base64url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
}

export async function unsqueeze(text) {
  const bytes = await pipe(unbase64url(text), new DecompressionStream("deflate-raw"));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

// The fragment ("#…") for a state: {source, hands, name, flavor, form, notation, fmt, lang, score}.
export async function toFragment(state) {
  const params = new URLSearchParams({ v: "1" });
  for (const [key, word] of Object.entries(PLAIN)) params.set(word, state[key] || "");
  params.set("score", state.score ? "1" : "0");
  params.set("rules", await squeeze(state.source));
  params.set("hands", await squeeze(state.hands));
  return "#" + params.toString();
}

// The state a fragment holds, or null when it holds none; throws an Error
// with a readable message for a damaged link.
export async function fromFragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (!params.has("rules")) return null;
  if (params.get("v") !== "1") throw new Error(`this link is of version ${params.get("v")}; this page reads version 1`);
  const state = {};
  for (const [key, word] of Object.entries(PLAIN)) state[key] = params.get(word) || "";
  state.score = params.get("score") === "1";
  try {
    state.source = await unsqueeze(params.get("rules"));
    state.hands = params.has("hands") ? await unsqueeze(params.get("hands")) : "";
  } catch (error) {
    throw new Error("the link is damaged: its rule text or hands do not decompress");
  }
  return state;
}
