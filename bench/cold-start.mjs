// 5. Cold start: the bundle `npm start` runs (its build step excluded), on the embedded
// default (PGlite in a fresh DATA_DIR), until the first page is served; then a restart on
// the data it left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { figure, log, round, serverEntry, startProcess, webDist } from './lib/common.mjs';

export async function coldStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-cold-'));
  const env = { DATA_DIR: path.join(dataDir, 'data'), WEB_DIST_DIR: webDist, LOG_LEVEL: 'warn' };
  try {
    log('cold start: fresh data directory');
    const first = await startProcess('cold', serverEntry, env, { readyPath: '/' });
    await first.stop();
    log('cold start: again on the data it left');
    const second = await startProcess('warm', serverEntry, env, { readyPath: '/' });
    await second.stop();
    return {
      raw: { firstMs: first.startedMs, secondMs: second.startedMs },
      figures: [
        figure('Cold start: fresh DATA_DIR to the first page', round(first.startedMs), 'ms', {
          note: 'embedded PGlite: creates the cluster and migrates',
        }),
        figure('Restart: existing DATA_DIR to the first page', round(second.startedMs), 'ms', {}),
      ],
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
