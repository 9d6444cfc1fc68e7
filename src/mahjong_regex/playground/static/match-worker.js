// Runs the js pattern in this browser's own RegExp, away from the page, so a
// slow pattern never freezes it.  In: {id, pattern, flags, hands}; out:
// {id, wins: [bool], ms} or {id, error} when RegExp rejects the pattern.
onmessage = (event) => {
  const { id, pattern, flags, hands } = event.data;
  let re;
  try {
    re = new RegExp(pattern, flags);
  } catch (error) {
    postMessage({ id, error: String(error) });
    return;
  }
  const t0 = performance.now();
  const wins = hands.map((hand) => re.test(hand));
  postMessage({ id, wins, ms: performance.now() - t0 });
};
