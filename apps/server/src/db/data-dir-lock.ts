import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per DATA_DIR (docs/decisions/027-data-dir-lock.md). PGlite is a single-user
 * PostgreSQL: two processes writing the same files corrupt them, and orders already
 * answered 201 are lost. The lock is a file created with O_EXCL (atomic on every local file
 * system) holding who took it; it is taken before any database file is touched and kept
 * until the process closes the database or exits.
 *
 * A lock whose holder is gone (kill -9, power cut) is taken over: on the same host, a
 * holder is gone when its pid no longer runs, or runs a process that started at another
 * moment (the pid was reused), or the machine has rebooted since (boot id). Two processes
 * taking over the same stale lock serialise through a second O_EXCL file, and each
 * re-reads the lock under it, so only one of them wins.
 */
export const LOCK_FILE = 'gatepass.lock';
const TAKEOVER_FILE = 'gatepass.lock.takeover';
/** A takeover file older than this was left by a process that died while taking over. */
const TAKEOVER_STALE_MS = 30_000;
/** A lock file still empty after this long was left by a process that died creating it. */
const EMPTY_LOCK_STALE_MS = 10_000;

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat). */
  processStart?: string | undefined;
  bootId?: string | undefined;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      holder
        ? `Refusing to start: the data directory ${dir} is in use by process ${holder.pid} on ${holder.host} (started ${holder.startedAt}). ` +
            'Only one Gatepass process (app or seed) may open it at a time; stop that one first, or use DATABASE_URL to run several.'
        : `Refusing to start: the data directory ${dir} is being locked by another process just now. ` +
            'Only one Gatepass process (app or seed) may open it at a time.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function readFileOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  return readFileOrUndefined('/proc/sys/kernel/random/boot_id')?.trim() || undefined;
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces). */
function processStart(pid: number): string | undefined {
  const stat = readFileOrUndefined(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function me(): LockHolder {
  return {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    processStart: processStart(process.pid),
    bootId: bootId(),
  };
}

function parse(text: string | undefined): LockHolder | undefined {
  if (!text) return undefined;
  try {
    const h = JSON.parse(text) as LockHolder;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? h : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the holder is certainly gone. A holder on another host is never presumed gone. */
export function holderIsGone(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return false;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return true;
  if (holder.pid === process.pid) return false;
  if (!pidRuns(holder.pid)) return true;
  const start = processStart(holder.pid);
  return Boolean(holder.processStart && start && holder.processStart !== start);
}

function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

function ageMs(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Takes the lock over from a gone holder; false when someone else holds it (or took it). */
function takeOver(dir: string, file: string, seen: string | undefined, mine: string): boolean {
  const takeover = path.join(dir, TAKEOVER_FILE);
  if (!createExclusive(takeover, String(process.pid))) {
    if (ageMs(takeover) < TAKEOVER_STALE_MS) return false;
    // Left by a process that died while taking over; remove it and try once more.
    fs.rmSync(takeover, { force: true });
    if (!createExclusive(takeover, String(process.pid))) return false;
  }
  try {
    // Under the takeover file nobody else removes the lock: re-read it, and remove it only
    // if it is still the one found gone.
    const now = readFileOrUndefined(file);
    if (now !== seen) return false;
    fs.rmSync(file, { force: true });
    return createExclusive(file, mine);
  } finally {
    fs.rmSync(takeover, { force: true });
  }
}

/**
 * Takes the lock on `dir` (created if missing) or throws DataDirLockedError naming the
 * holder. Touches nothing in `dir` but the lock files.
 */
export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const holder = me();
  const mine = JSON.stringify(holder);
  let taken = createExclusive(file, mine);
  if (!taken) {
    const seen = readFileOrUndefined(file);
    const current = parse(seen);
    const gone = current
      ? holderIsGone(current)
      : // Empty or unreadable: being written right now, or left half-written long ago.
        ageMs(file) > EMPTY_LOCK_STALE_MS;
    if (gone) taken = takeOver(dir, file, seen, mine);
    if (!taken) throw new DataDirLockedError(dir, parse(readFileOrUndefined(file)) ?? current);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Remove it only while it is still ours.
    if (readFileOrUndefined(file) === mine) fs.rmSync(file, { force: true });
  };
  // A clean exit that skipped close() (process.exit) still frees the directory.
  process.on('exit', release);
  return { file, release };
}
