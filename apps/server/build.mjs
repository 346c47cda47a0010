// Bundles the server into dist/ with esbuild: the shared workspace package is inlined,
// npm dependencies stay external (PGlite loads its WASM files from its own package).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@gatepass/'));

await build({
  entryPoints: ['src/main.ts', 'src/seed.ts'].filter((p) => {
    try {
      readFileSync(new URL(p, import.meta.url));
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
