import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where a build lists its own hashed files, so the next build knows what to carry over. */
export const OWN_ASSETS = path.join('.vite', 'own-assets.json');

function assetsOf(outDir: string): string[] {
  const dir = path.join(outDir, 'assets');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `assets/${entry.name}`)
    .sort();
}

/**
 * Keeps the previous build's hashed files (issue 24 §4). A build empties dist/, so a server
 * still running on the previous build — or a browser holding its index.html — asked for
 * CSS and JavaScript that no longer existed, and the first page after `npm start` came
 * without its styles. The previous build's own files (listed in dist/.vite/own-assets.json,
 * with their .br/.gz copies) are set aside before the build and put back after it, so both
 * index.html files find everything they name. One generation only: what is carried over
 * is never listed as this build's own, so dist/ does not grow from build to build.
 *
 * Runs last (`order: 'post'`, after the service worker's list and the compressed copies
 * are written): the carried files are in neither.
 */
export function keepPreviousBuild(): Plugin {
  let outDir = 'dist';
  let kept: { dir: string; files: string[] } | undefined;
  return {
    name: 'gatepass-keep-previous-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      kept = undefined;
      const listPath = path.join(outDir, OWN_ASSETS);
      if (!fs.existsSync(listPath)) return;
      const own = JSON.parse(fs.readFileSync(listPath, 'utf8')) as string[];
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-previous-build-'));
      const files = own.filter((file) => fs.existsSync(path.join(outDir, file)));
      for (const file of files) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.copyFileSync(path.join(outDir, file), path.join(dir, file));
      }
      kept = { dir, files };
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const own = assetsOf(outDir);
        fs.mkdirSync(path.join(outDir, '.vite'), { recursive: true });
        fs.writeFileSync(path.join(outDir, OWN_ASSETS), JSON.stringify(own));
        if (!kept) return;
        for (const file of kept.files) {
          const target = path.join(outDir, file);
          if (fs.existsSync(target)) continue;
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.copyFileSync(path.join(kept.dir, file), target);
        }
        fs.rmSync(kept.dir, { recursive: true, force: true });
        kept = undefined;
      },
    },
  };
}
