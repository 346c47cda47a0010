// What a shared address of honest phones loses to the per-address limit (issue 21 §5,
// decision 054). Many buyers on Nigerian mobile networks reach us through one carrier-grade
// NAT address. The rule: at most L new places per address per clock minute; a phone over it
// sees "A short wait before you join" and its join screen tries again every 30 s by itself.
// A phone loses nothing if it is in the pre-queue by the on-sale time (places are drawn at
// random among everyone in it); one that is not joins the back of the line after it.
//
// `node bench/cgnat.mjs [phones=1000] [limit=15]` prints, for a few arrival patterns, how
// many phones were still outside at the on-sale time and their average wait to get in.
// Pure arithmetic over the rule (no server): fixed windows, as the stores count them.

const phones = Number(process.argv[2] ?? 1000);
const limit = Number(process.argv[3] ?? 15);
const RETRY_S = 30;

// A seeded generator, so the figures are the same on every run.
let seed = 2026;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

/** `arrival(i)`: seconds before the on-sale time phone i opens the link (> 0 = before). */
function simulate(name, arrival) {
  const arrivals = Array.from({ length: phones }, (_, i) => arrival(i)).sort((a, b) => b - a);
  // Times in seconds relative to the on-sale time, negative before it.
  const pending = arrivals.map((before) => ({ at: -before, first: -before, joined: null }));
  const used = new Map(); // minute → places given
  const start = Math.floor(Math.min(...pending.map((p) => p.at)) / 60) * 60;
  for (let t = start; pending.some((p) => p.joined === null); t += 1) {
    const minute = Math.floor(t / 60);
    for (const p of pending) {
      if (p.joined !== null || p.at > t) continue;
      const n = used.get(minute) ?? 0;
      if (n < limit) {
        used.set(minute, n + 1);
        p.joined = t;
      } else {
        p.at = t + RETRY_S;
      }
    }
  }
  const late = pending.filter((p) => p.joined >= 0).length;
  const waits = pending.map((p) => p.joined - p.first);
  const mean = waits.reduce((a, b) => a + b, 0) / waits.length;
  const max = Math.max(...waits);
  console.log(
    `${name.padEnd(58)} outside at on-sale: ${String(late).padStart(4)} of ${phones}` +
      `  mean wait ${(mean / 60).toFixed(1)} min, longest ${(max / 60).toFixed(1)} min`,
  );
  return { name, late, meanWaitS: mean, maxWaitS: max };
}

console.log(`${phones} honest phones behind one address, ${limit} new places a minute:`);
simulate('spread evenly over the 2 hours before the sale', () => random() * 7200);
simulate('spread evenly over the last hour', () => random() * 3600);
simulate('half in the 5 min after the link is posted, 2 h before', (i) =>
  i % 2 ? 7200 - random() * 300 : random() * 7200,
);
simulate('all in the last 30 minutes', () => random() * 1800);
simulate('all in the last 10 minutes', () => random() * 600);
simulate('all within 1 minute after the on-sale time', () => -random() * 60);
