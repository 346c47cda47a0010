// Load generation with autocannon, keeping per-status latencies the summary does not give.
import autocannon from 'autocannon';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/**
 * Kendall's τ of two orderings (O(n²); 10,000 items take about a second). With
 * `ignoreTies`, pairs tied in either ordering are left out of the denominator too.
 */
export function kendallTau(a, b, { ignoreTies = false } = {}) {
  let c = 0;
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    const bi = b[i];
    for (let j = i + 1; j < a.length; j++) {
      const s = Math.sign(ai - a[j]) * Math.sign(bi - b[j]);
      if (s > 0) c++;
      else if (s < 0) d++;
    }
  }
  return (c - d) / (ignoreTies ? c + d : (a.length * (a.length - 1)) / 2);
}

/**
 * Runs autocannon and answers its result plus, per status code, the response times (ms)
 * and the moment (ms since start) of the last response of that status.
 */
export function load(opts) {
  return new Promise((resolve, reject) => {
    const byStatus = new Map();
    let started = 0;
    let errors = 0;
    const instance = autocannon({ timeout: 60, ...opts }, (err, result) => {
      if (err) return reject(err);
      const statuses = {};
      for (const [status, s] of byStatus) {
        s.times.sort((a, b) => a - b);
        statuses[status] = {
          count: s.times.length,
          p50: percentile(s.times, 50),
          p99: percentile(s.times, 99),
          lastAtMs: s.lastAt - started,
          firstAtMs: s.firstAt - started,
        };
      }
      resolve({ result, statuses, errors });
    });
    instance.on('start', () => (started = performance.now()));
    instance.on('reqError', () => (errors += 1));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      const now = performance.now();
      let s = byStatus.get(statusCode);
      if (!s) byStatus.set(statusCode, (s = { times: [], firstAt: now, lastAt: now }));
      s.times.push(responseTime);
      s.lastAt = now;
    });
  });
}
