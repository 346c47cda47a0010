/**
 * Requests a second this process is serving, all its servers together: a flash sale's
 * thousands or a quiet day's few. Background work that competes for the same cores (the
 * outbox's dispatch) holds back while it is high (decision 103). Counted by a listener on
 * each server's 'request' event; read at most every 250 ms, over the time since.
 */
let served = 0;
let last = { at: performance.now(), served: 0, perSecond: 0 };

export function countRequest(): void {
  served++;
}

export function requestsPerSecond(): number {
  const now = performance.now();
  if (now - last.at >= 250) {
    last = { at: now, served, perSecond: ((served - last.served) * 1000) / (now - last.at) };
  }
  return last.perSecond;
}
