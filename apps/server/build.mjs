// Bundles the server into dist/ with esbuild: the shared workspace package is inlined,
// npm dependencies stay external (PGlite loads its WASM files from its own package).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// date-fns is pure JavaScript and tree-shakes: bundled, only the functions used are loaded.
// External, its index imports some 250 files at start-up (~2 s of a restart: bench/cold-start.mjs).
const bundled = ['date-fns', '@date-fns/tz'];
const external = Object.keys(pkg.dependencies).filter(
  (name) => !name.startsWith('@gatepass/') && !bundled.includes(name),
);

const result = await build({
  // The ticket renderer's worker (decision 093) is its own entry, beside main.js, where
  // tickets.pool.ts looks for it when run from the bundle.
  entryPoints: [
    { in: 'src/main.ts', out: 'main' },
    { in: 'src/seed.ts', out: 'seed' },
    { in: 'src/modules/tickets/tickets.worker.ts', out: 'tickets.worker' },
  ].filter((p) => {
    try {
      readFileSync(new URL(p.in, import.meta.url));
      return true;
    } catch {
      return false;
    }
  }),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
// Warnings were printed above (logLevel): like the web build, the server's does not pass with them.
if (result.warnings.length) {
  console.error(`The server build printed ${result.warnings.length} warning(s): fix them.`);
  process.exit(1);
}
