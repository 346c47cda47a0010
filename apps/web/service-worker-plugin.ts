import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const MARKER = /^const BUILD = .*\/\/ gatepass:precache$/m;

function filesUnder(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full, base);
    return [`/${path.relative(base, full).split(path.sep).join('/')}`];
  });
}

/**
 * Writes this build's precache list and version into dist/sw.js (copied from public/),
 * so the service worker caches exactly the files of the build it belongs to, and a new
 * build — a new version — replaces the old cache. Source maps, pre-compressed copies
 * (compress-plugin.ts) and the worker itself are left out.
 */
export function serviceWorkerPrecache(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gatepass-service-worker-precache',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const swPath = path.join(outDir, 'sw.js');
      if (!fs.existsSync(swPath)) return;
      const files = filesUnder(outDir)
        .filter((file) => file !== '/sw.js' && !/\.(?:map|br|gz)$/.test(file))
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(fs.readFileSync(path.join(outDir, file)));
      const build = { version: hash.digest('hex').slice(0, 16), files };
      const source = fs.readFileSync(swPath, 'utf8');
      if (!MARKER.test(source)) throw new Error('sw.js lost its "gatepass:precache" line.');
      fs.writeFileSync(
        swPath,
        source.replace(MARKER, `const BUILD = ${JSON.stringify(build)}; // gatepass:precache`),
      );
    },
  };
}
