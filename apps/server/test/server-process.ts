import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { eventually } from './helper.ts';

/** A real server process (src/main.ts through tsx), as production runs it, on its own port. */
export interface ServerProcess {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Bundles the server as build.mjs does, into a directory of its own under the root
 * node_modules/.cache (so the bundle's packages resolve, and dist/ is left alone). A bundle
 * starts in a fraction of tsx's time, which matters when a test starts several processes
 * on two busy cores. Answers the entry file and a function that removes the directory.
 */
export async function buildServer(): Promise<{ entry: string; remove: () => void }> {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter((n) => !n.startsWith('@gatepass/'));
  const outdir = path.resolve(
    serverDir,
    '../../node_modules/.cache',
    `gatepass-server-${randomBytes(4).toString('hex')}`,
  );
  await build({
    // The ticket renderer's worker beside main.js, as apps/server/build.mjs lays it out.
    entryPoints: [
      { in: path.join(serverDir, 'src/main.ts'), out: 'main' },
      { in: path.join(serverDir, 'src/modules/tickets/tickets.worker.ts'), out: 'tickets.worker' },
    ],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: [...external, ...external.map((n) => `${n}/*`)],
    logLevel: 'warning',
  });
  return {
    entry: path.join(outdir, 'main.js'),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  };
}

/**
 * Starts the server with exactly `env` (plus PATH, PORT and HOST) and waits for /health:
 * `entry` is a bundle from `buildServer`; without it, src/main.ts runs through tsx.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  entry?: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const args = entry ? [entry] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const res = await fetch(`${base}/api/v1/health`).catch(() => undefined);
    return res?.ok ? true : undefined;
    // Generous: on two cores shared with browsers and other suites a start can take a while.
  }, 120_000);
  return { name, base, child, output: () => output };
}

/** SIGTERM, as a deploy would; SIGKILL if it does not exit within 10 s. Answers the exit code. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<number | null> {
  if (!server || server.child.exitCode !== null) return server?.child.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) =>
    server.child.once('exit', (code) => resolve(code)),
  );
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
