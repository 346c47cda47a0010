import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepPreviousBuild, OWN_ASSETS } from './keep-previous-build-plugin.ts';

type Hook = (...args: unknown[]) => void;
const call = (hook: unknown, ...args: unknown[]) =>
  (typeof hook === 'function' ? hook : (hook as { handler: Hook }).handler)(...args);

/** One build as Vite runs it: buildStart, the output written into an emptied dist, closeBundle. */
function build(root: string, files: string[]) {
  const plugin = keepPreviousBuild();
  call(plugin.configResolved, { root, build: { outDir: 'dist' } });
  call(plugin.buildStart);
  const dist = path.join(root, 'dist');
  fs.rmSync(dist, { recursive: true, force: true }); // emptyOutDir
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), file);
  }
  call(plugin.closeBundle);
}

const assets = (root: string) => fs.readdirSync(path.join(root, 'dist', 'assets')).sort();

describe('keeping the previous build', () => {
  it('carries the previous build’s hashed files over, one generation only', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-build-'));
    try {
      build(root, [
        'index.html',
        'assets/index-a.js',
        'assets/index-a.css',
        'assets/index-a.css.br',
      ]);
      build(root, ['index.html', 'assets/index-b.js', 'assets/index-b.css']);
      // A server or page still on build a finds its files; build b lists only its own.
      expect(assets(root)).toEqual([
        'index-a.css',
        'index-a.css.br',
        'index-a.js',
        'index-b.css',
        'index-b.js',
      ]);
      expect(JSON.parse(fs.readFileSync(path.join(root, 'dist', OWN_ASSETS), 'utf8'))).toEqual([
        'assets/index-b.css',
        'assets/index-b.js',
      ]);
      build(root, ['index.html', 'assets/index-c.js']);
      expect(assets(root)).toEqual(['index-b.css', 'index-b.js', 'index-c.js']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
