import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './server-process.ts';
import { testEngine } from './helper.ts';

/**
 * LISTEN_BACKLOG (decision 116): the queue of connections the kernel keeps for the server
 * to accept. Node's own default, 511, dropped most of a 5,000-buyer rush's first connections
 * and each waited seconds for TCP to try again. Read from the kernel: `ss` shows a listening
 * socket's backlog in its Send-Q column, as the kernel holds it (capped at somaxconn).
 */
const linux = os.platform() === 'linux' && fs.existsSync('/proc/sys/net/core/somaxconn');

function backlogOf(port: number): number {
  const out = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' });
  // State Recv-Q Send-Q Local Peer
  const fields = out.trim().split(/\s+/);
  return Number(fields[2]);
}

const somaxconn = linux
  ? Number(fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim())
  : 0;

// One engine is enough: the listen call is the same for both.
describe.runIf(linux && testEngine === 'pglite')('LISTEN_BACKLOG', () => {
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  let dataDir: string;
  beforeAll(async () => {
    bundle = await buildServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-backlog-'));
  });
  afterAll(() => {
    bundle?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function listening(name: string, env: Record<string, string>): Promise<number> {
    let server: ServerProcess | undefined;
    try {
      server = await startServerProcess(
        name,
        { DATA_DIR: path.join(dataDir, name), LOG_LEVEL: 'warn', ...env },
        bundle.entry,
      );
      return backlogOf(Number(new URL(server.base).port));
    } finally {
      await stopServerProcess(server);
    }
  }

  it(
    'listens with a queue of 4,096 by default (as much of it as the kernel allows)',
    { timeout: 180_000 },
    async () => {
      expect(await listening('default', {})).toBe(Math.min(4096, somaxconn));
    },
  );

  it('listens with the queue LISTEN_BACKLOG names', { timeout: 180_000 }, async () => {
    // Below both Node's default (511) and somaxconn, so only the setting gives this figure.
    expect(await listening('set', { LISTEN_BACKLOG: '300' })).toBe(300);
  });
});
