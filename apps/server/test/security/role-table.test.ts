import {
  MANAGE_PAGE_ACCESS,
  ROLE_ACCESS,
  TEAM_ROLES,
  type AccessLevel,
  type ManagePage,
  type TeamRole,
} from '@gatepass/shared';
import type * as shared from '@gatepass/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { givenPublishedEvent } from '../event-factories.ts';
import { givenLoggedInUser } from '../factories.ts';
import { startTestApp, type TestApp } from '../helper.ts';

/**
 * Issue 22 §3 (decision 067): what each role may do is one table (packages/shared
 * roles.ts: ROLE_ACCESS, and MANAGE_PAGE_ACCESS for the organiser area's pages), read by
 * the server's access decision and by the web's navigation and guard. The server's half:
 * for every role and every page, the call that page makes is refused (403) exactly when
 * the table says the role may not open the page — with the real table, then with a changed
 * one, which the server must follow (its own copy of the rules would not). The web's half,
 * the same pages against the same table, is apps/web/src/features/layout/lib/role-table.test.ts;
 * the two together say the web shows a role what the server lets it do.
 */

/** A stand-in table for the second half; null: the real one. */
const changed = vi.hoisted(() => ({ table: null as null | Record<string, readonly string[]> }));
vi.mock('@gatepass/shared', async (importOriginal) => {
  const actual = await importOriginal<typeof shared>();
  return {
    ...actual,
    roleAllows: (role: TeamRole, level: AccessLevel) =>
      changed.table ? changed.table[role]!.includes(level) : actual.roleAllows(role, level),
  };
});

/**
 * The API call each manage page makes for its content. Settings are the signed-in user's
 * own account (the server lets every user read their own); the web leaves them out of a door
 * steward's area because that area is their doors — so they are not a role decision.
 */
const PAGE_CALL: Record<ManagePage, ((eventId: string) => string) | null> = {
  home: () => '/api/v1/events/manage',
  events: () => '/api/v1/events/manage',
  orders: () => '/api/v1/events/manage/orders',
  marketing: (eventId) => `/api/v1/events/manage/promo-codes?eventId=${eventId}`,
  financies: () => '/api/v1/events/manage/finances',
  team: () => '/api/v1/events/manage/team',
  door: (eventId) => `/api/v1/ticketPurchase/event/${eventId}`,
  settings: null,
};

const PAGES = Object.keys(MANAGE_PAGE_ACCESS) as ManagePage[];

let t: TestApp;
let ownerId: string;
let eventId: string;
const tokens = {} as Record<TeamRole, string>;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await givenLoggedInUser(t);
  tokens.owner = owner.token;
  eventId = (await givenPublishedEvent(t, owner.token)).id;
  const row = await sql<{ id: string }>`select id from users where email = ${owner.email}`.execute(
    t.db,
  );
  ownerId = row.rows[0]!.id;
  for (const role of ['manager', 'door'] as const) {
    const member = await givenLoggedInUser(t);
    await sql`insert into team_members (organiser_id, user_id, role, all_events)
      select ${ownerId}, id, ${role}, true from users where email = ${member.email}`.execute(t.db);
    tokens[role] = member.token;
  }
});

afterAll(async () => {
  await t?.close();
});

/** Whether the server lets `role` make the call behind `page` (anything but a 403). */
async function serverAllows(role: TeamRole, page: ManagePage): Promise<boolean> {
  const call = PAGE_CALL[page];
  if (!call) throw new Error(`${page} makes no role-gated call`);
  const res = await t.request('GET', call(eventId), {
    token: tokens[role],
    headers: { 'x-gatepass-organiser': ownerId },
  });
  expect(res.status, `${role} ${page}: ${res.text}`).not.toBe(401);
  expect(res.status, `${role} ${page}: ${res.text}`).toBeLessThan(500);
  return res.status !== 403;
}

async function expectServerFollows(table: Readonly<Record<TeamRole, readonly AccessLevel[]>>) {
  for (const role of TEAM_ROLES) {
    for (const page of PAGES.filter((p) => PAGE_CALL[p])) {
      const expected = table[role].includes(MANAGE_PAGE_ACCESS[page]);
      expect(await serverAllows(role, page), `${role} on ${page}`).toBe(expected);
    }
  }
}

describe('the role table (packages/shared roles.ts)', () => {
  it('is what the server decides, page by page', async () => {
    changed.table = null;
    await expectServerFollows(ROLE_ACCESS);
  });

  it('is read by the server: changed, its decisions follow', async () => {
    // Managers may also act as the owner; door stewards may also manage.
    const table = {
      owner: ['owner', 'manage', 'door'],
      manager: ['owner', 'manage', 'door'],
      door: ['manage', 'door'],
    } as const;
    changed.table = table;
    try {
      await expectServerFollows(table);
    } finally {
      changed.table = null;
    }
  });
});
