// Summarises V8 CPU profiles (`BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR'` on a bench
// run): self time by package/file and by function, and — for each regular expression given
// after the directory — the share of busy samples with a matching frame on the stack.
//   node bench/profile-summary.mjs DIR ['ticketPdf|pdfkit' '^writev ' …]
// The profiler samples wall time: a syscall during which the process was preempted counts in full.
// PROFILE_WINDOW=from-to (seconds after each profile's start, e.g. 3-9) counts only the
// samples in that window: the sale, not the start-up and the set-up around it.
import fs from 'node:fs';
import path from 'node:path';

const [dir, ...patterns] = process.argv.slice(2);
if (!dir) throw new Error('usage: node bench/profile-summary.mjs DIR [regex …]');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => path.join(dir, f));
const byFile = new Map();
const byFunction = new Map();
const onStack = patterns.map(() => 0);
let busy = 0;
const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
const where = (url) =>
  url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? (url.replace(/^.*\//, '') || '(native)');

for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const [from, to] = (process.env.PROFILE_WINDOW ?? '0-1e9').split('-').map((x) => Number(x) * 1e6);
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from && at <= to) add(self, id, profile.timeDeltas[i] ?? 0);
  });
  for (const [id, us] of self) {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += us;
    add(byFile, where(frame.url), us);
    add(
      byFunction,
      `${frame.functionName || '(anonymous)'}  ${where(frame.url)}:${frame.lineNumber}`,
      us,
    );
    const stack = [];
    for (let p = id; p; p = parent.get(p)) {
      const f = nodes.get(p).callFrame;
      stack.push(`${f.functionName} ${f.url}`);
    }
    patterns.forEach((re, i) => {
      if (stack.some((s) => new RegExp(re).test(s))) onStack[i] += us;
    });
  }
}

const line = (v, k) =>
  `${(v / 1e6).toFixed(2).padStart(8)} s ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`;
const top = (m, n) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => line(v, k))
    .join('\n');
console.log(`${files.length} profiles, ${(busy / 1e6).toFixed(1)} s busy (non-idle) samples`);
console.log(`-- self time by package or file\n${top(byFile, 20)}`);
console.log(`-- self time by function\n${top(byFunction, 30)}`);
if (patterns.length)
  console.log(`-- on the stack\n${patterns.map((re, i) => line(onStack[i], re)).join('\n')}`);
