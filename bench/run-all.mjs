// `npm run bench`: builds the app, runs every benchmark, prints each figure next to its
// target and the limit it is held against, and keeps the run in bench/dist/results/latest.json.
// `node bench/run-all.mjs flash read door pages cold queue rush widget` runs some of them;
// `node bench/run-all.mjs scaleout` (HAProxy, Redis, kill -9) runs only when named.
// Not part of CI: the figures need a quiet machine, and take a few minutes.
import fs from 'node:fs';
import path from 'node:path';
import { coldStart } from './cold-start.mjs';
import { door } from './door.mjs';
import { flashSale } from './flash-sale.mjs';
import { buildAll, machine, root, settle, sweepDatabases } from './lib/common.mjs';
import { pages } from './pages.mjs';
import { paidRush } from './paid-rush.mjs';
import { readPath } from './read-path.mjs';
import { scaleOut } from './scale-out.mjs';
import { waitingRoom } from './waiting-room.mjs';
import { widget } from './widget.mjs';

const ALL = {
  flash: flashSale,
  read: readPath,
  door,
  pages,
  cold: coldStart,
  queue: waitingRoom,
  rush: paidRush,
  widget,
  scaleout: scaleOut,
};
/** Run only when named: they install HAProxy and need Redis (BENCH_REDIS_URL). */
const ONLY_WHEN_NAMED = new Set(['scaleout']);
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of chosen)
  if (!(name in ALL))
    throw new Error(`unknown benchmark ${name}; one of ${Object.keys(ALL).join(', ')}`);

const started = new Date();
console.log(`Gatepass benchmarks — ${started.toISOString()}`);
const host = machine();
console.log(
  `Machine: ${host.cpus} × ${host.model}, ${host.memoryGb} GB, Node ${host.node}, ${host.postgres}, load ${host.loadAverage.join(' ')}`,
);

await sweepDatabases();
console.log('Building the server bundle and the web app …');
await buildAll();

const results = {};
const figures = [];
for (const [name, run] of Object.entries(ALL)) {
  if (chosen.length ? !chosen.includes(name) : ONLY_WHEN_NAMED.has(name)) continue;
  console.log(`\n== ${name}`);
  // Each benchmark starts on a settled machine, not in the previous one's aftermath.
  await settle();
  const t0 = performance.now();
  try {
    const out = await run();
    results[name] = out.raw;
    figures.push(...out.figures);
    printTable(out.figures);
  } catch (err) {
    console.log(`   FAILED: ${err.stack ?? err}`);
    results[name] = { error: String(err.stack ?? err) };
    figures.push({
      name: `${name}: did not run`,
      value: 'error',
      unit: '',
      target: '',
      limit: '',
      ok: false,
      note: String(err.message ?? err).slice(0, 200),
    });
  }
  console.log(`   (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

console.log('\n== Summary');
printTable(figures);
const misses = figures.filter((f) => f.ok === false);
console.log(
  `\n${figures.length} figures, ${misses.length} miss${misses.length === 1 ? '' : 'es'} of a target.`,
);

const outDir = path.join(root, 'bench', 'dist', 'results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(
  path.join(outDir, 'latest.json'),
  JSON.stringify(
    {
      date: started.toISOString(),
      machine: host,
      loadAfter: machine().loadAverage,
      figures,
      results,
    },
    null,
    2,
  ),
);
console.log('Written to bench/dist/results/latest.json');
// Child processes are stopped; pg pools ended. Exit even if a socket lingers.
process.exit(0);

function printTable(rows) {
  const cells = rows.map((f) => [
    f.ok === null ? '  ' : f.ok ? 'ok' : 'MISS',
    f.name,
    `${f.value}${f.unit ? ` ${f.unit}` : ''}`,
    f.target ? `target ${f.target}` : '',
    f.limit ? `limit ${f.limit}` : '',
    f.note,
  ]);
  const widths = [4, 0, 0, 0, 0].map((min, i) => Math.max(min, ...cells.map((c) => c[i].length)));
  for (const c of cells)
    console.log(
      `   ${c
        .slice(0, 5)
        .map((v, i) => v.padEnd(widths[i]))
        .join('  ')}  ${c[5]}`.trimEnd(),
    );
}
