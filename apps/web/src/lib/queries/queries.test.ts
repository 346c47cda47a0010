import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  endSession,
  invalidateEvents,
  invalidateSales,
  invalidateSession,
  invalidateWorkspaces,
  resetForWorkspace,
  startSession,
} from './invalidate.ts';
import { isUnder, queryKeys } from './keys.ts';
import { manageEventsQueryOptions } from './manage-events.ts';
import { meQueryOptions } from './session.ts';
import { isWorkspacesKey, workspacesQueryOptions } from './workspaces.ts';

const SRC = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A client holding one answer under each of these keys. */
function clientWith(keys: readonly (readonly unknown[])[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of keys) client.setQueryData(key, { at: key.join('/') });
  return client;
}

const stale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? null;

const ordersList = [...queryKeys.orders.all, 'list', {}];
const financesReport = [...queryKeys.finances.all, 'report', {}];
const publicList = [...queryKeys.publicEvents.all, 'list', {}];
const teamMembers = [...queryKeys.team.all, 'members'];
const promoCodes = [...queryKeys.marketing.all, 'promo-codes', 'all'];

describe('the query-key factory (decision 066)', () => {
  it('gives the shared data one key each, whoever asks', () => {
    expect(manageEventsQueryOptions().queryKey).toEqual(queryKeys.manageEvents.list());
    expect(manageEventsQueryOptions({ quiet: true }).queryKey).toEqual(
      queryKeys.manageEvents.list(),
    );
    expect(meQueryOptions().queryKey).toEqual(queryKeys.session.me());
    expect(workspacesQueryOptions().queryKey).toEqual(queryKeys.workspaces.all);
  });

  it('keeps the roots apart (no area is under another by accident)', () => {
    const roots = [
      queryKeys.session.all,
      queryKeys.workspaces.all,
      queryKeys.orders.all,
      queryKeys.finances.all,
      queryKeys.marketing.all,
      queryKeys.team.all,
      queryKeys.checkIn.all,
      queryKeys.checkout.all,
      queryKeys.settings.all,
      queryKeys.events.all,
    ];
    for (const a of roots) {
      for (const b of roots) if (a !== b) expect(isUnder(a, b), `${a} under ${b}`).toBe(false);
    }
    expect(isUnder(queryKeys.manageEvents.list(), queryKeys.events.all)).toBe(true);
    expect(isUnder(queryKeys.publicEvents.all, queryKeys.manageEvents.all)).toBe(false);
    expect(isWorkspacesKey(queryKeys.workspaces.all)).toBe(true);
    expect(isWorkspacesKey(teamMembers)).toBe(false);
  });

  it('is the only way to GET /events/manage: no feature fetches the list itself', () => {
    const own = path.resolve(import.meta.dirname);
    const fetchers = sourceFiles(SRC).filter(
      (file) =>
        !file.startsWith(own) &&
        /\bapi\.get(?:<[^>]*>)?\(\s*['"`]\/events\/manage['"`?]/.test(
          fs.readFileSync(file, 'utf8'),
        ),
    );
    expect(fetchers.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});

describe('invalidation through the factory', () => {
  it('after a change to an event: the one list every feature reads, and the public pages', () => {
    const client = clientWith([
      queryKeys.manageEvents.list(),
      publicList,
      ordersList,
      queryKeys.workspaces.all,
      queryKeys.session.me(),
    ]);
    invalidateEvents(client);
    expect(stale(client, queryKeys.manageEvents.list())).toBe(true);
    expect(stale(client, publicList)).toBe(true);
    expect(stale(client, ordersList)).toBe(false);
    expect(stale(client, queryKeys.workspaces.all)).toBe(false);
    expect(stale(client, queryKeys.session.me())).toBe(false);
  });

  it('after an order changed: sold figures, money and promo usage', () => {
    const client = clientWith([
      queryKeys.manageEvents.list(),
      financesReport,
      promoCodes,
      teamMembers,
    ]);
    invalidateSales(client);
    expect(stale(client, queryKeys.manageEvents.list())).toBe(true);
    expect(stale(client, financesReport)).toBe(true);
    expect(stale(client, promoCodes)).toBe(true);
    expect(stale(client, teamMembers)).toBe(false);
  });

  it('after the organiser is renamed: the workspaces (their menus show the name)', () => {
    const client = clientWith([queryKeys.workspaces.all, queryKeys.session.me()]);
    invalidateWorkspaces(client);
    expect(stale(client, queryKeys.workspaces.all)).toBe(true);
    expect(stale(client, queryKeys.session.me())).toBe(false);
  });

  it('after a change to the account: the session only', () => {
    const client = clientWith([queryKeys.session.me(), queryKeys.manageEvents.list()]);
    invalidateSession(client);
    expect(stale(client, queryKeys.session.me())).toBe(true);
    expect(stale(client, queryKeys.manageEvents.list())).toBe(false);
  });

  it('switching workspace resets every answer but the list of workspaces', async () => {
    const client = clientWith([
      queryKeys.workspaces.all,
      queryKeys.manageEvents.list(),
      ordersList,
      teamMembers,
    ]);
    await resetForWorkspace(client);
    expect(client.getQueryData(queryKeys.workspaces.all)).toBeDefined();
    expect(client.getQueryData(queryKeys.manageEvents.list())).toBeUndefined();
    expect(client.getQueryData(ordersList)).toBeUndefined();
    expect(client.getQueryData(teamMembers)).toBeUndefined();
  });

  it('login answers the session and drops an earlier session’s organiser data; logout clears all', () => {
    const client = clientWith([
      queryKeys.workspaces.all,
      queryKeys.manageEvents.list(),
      publicList,
    ]);
    const user = { id: 'u1' } as Parameters<typeof startSession>[1];
    startSession(client, user);
    expect(client.getQueryData(queryKeys.session.me())).toBe(user);
    expect(client.getQueryData(queryKeys.workspaces.all)).toBeUndefined();
    expect(client.getQueryData(queryKeys.manageEvents.list())).toBeUndefined();
    expect(client.getQueryData(publicList)).toBeDefined();
    endSession(client);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
