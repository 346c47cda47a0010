import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full);
    return [full];
  });
}

/**
 * Writes `file.br` and `file.gz` next to every text file of the build, compressed once at
 * the highest levels, so the server (@fastify/static `preCompressed`) sends them without
 * compressing per request. A version that saves nothing is not written; the server then
 * sends the file as it is. Runs after the service worker's precache list is written
 * (`sequential`, `order: 'post'`), so sw.js is compressed too and the list holds no
 * compressed copies. Source maps are left alone: only developer tools fetch them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gatepass-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const raw = await fs.promises.readFile(file);
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < raw.length) await fs.promises.writeFile(`${file}.br`, br);
            if (gz.length < raw.length) await fs.promises.writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}
