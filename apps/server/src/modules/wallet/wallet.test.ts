import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE } from '../../../test/event-factories.ts';
import { API, startTestApp, testEngine, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  MANAGE_ORDERS,
  ORDERS,
} from '../../../test/organiser-factories.ts';
import {
  startApnsStandIn,
  startGoogleStandIn,
  walletKeys,
  type WalletKeys,
} from '../../../test/wallet-stand-ins.ts';
import { loadConfig } from '../../config.ts';
import { claimDue } from './wallet.repository.ts';

const PASS_TYPE = 'pass.test.gatepass.tickets';
const WS = `${API}/wallet/apple/v1`;

let t: TestApp;
let keys: WalletKeys;
let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let organiser: Awaited<ReturnType<typeof givenOrganiser>>;

beforeAll(async () => {
  keys = walletKeys(PASS_TYPE);
  apns = await startApnsStandIn(keys);
  google = await startGoogleStandIn(keys);
  const wallet = loadConfig({
    APPLE_PASS_TYPE_ID: PASS_TYPE,
    APPLE_TEAM_ID: 'ABCDE12345',
    APPLE_PASS_CERT_FILE: keys.files.cert,
    APPLE_PASS_KEY_FILE: keys.files.key,
    APPLE_WWDR_CERT_FILE: keys.files.wwdr,
    APPLE_APNS_URL: apns.url,
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: keys.google.file,
    GOOGLE_WALLET_API_URL: google.apiUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
  });
  t = await startTestApp({
    appleWallet: { ...wallet.appleWallet!, apnsCa: keys.root.certPem },
    googleWallet: wallet.googleWallet,
    // The tests sweep themselves.
    walletSweepIntervalMs: 3_600_000,
  });
  organiser = await givenOrganiser(t);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await apns?.close();
  await google?.close();
  keys?.remove();
});

async function completedOrder(overrides: Record<string, unknown> = {}) {
  const { event, types } = await givenEventWithTypes(
    t,
    organiser.token,
    [{ price: 5000, capacity: 10 }],
    { venueName: 'Eko Hotel', ...overrides },
  );
  const who = buyer({ firstName: 'Ọlá', lastName: 'Adéyẹmí' });
  const bought = await buy(t, event.id, types[0]!.id, { buyer: who, pay: 'test', quantity: 2 });
  const headers = { 'x-order-token': bought.accessToken };
  const res = await t.request('GET', `${ORDERS}/${bought.order.id}`, { headers });
  expect(res.status, res.text).toBe(200);
  const ticketUrl = res.body.data.ticketUrl as string;
  return {
    event,
    order: bought.order,
    headers,
    dto: res.body.data,
    path: new URL(ticketUrl).pathname,
    email: who.email.toLowerCase(),
    startAt: res.body.data.event.startAt as string,
  };
}

async function download(pathname: string) {
  const res = await t.app.inject({ method: 'GET', url: `${pathname}/pass.pkpass` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
  return res.rawPayload;
}

function unpack(zip: Buffer) {
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(zip))).map(([n, b]) => [n, Buffer.from(b)]),
  );
  return { files, pass: JSON.parse(files['pass.json']!.toString()) };
}

/** OpenSSL checks the detached CMS signature over manifest.json against the test CA. */
function opensslVerifies(signature: Buffer, manifest: Buffer): boolean {
  const dir = fs.mkdtempSync(path.join(keys.dir, 'verify-'));
  fs.writeFileSync(path.join(dir, 'signature'), signature);
  fs.writeFileSync(path.join(dir, 'manifest.json'), manifest);
  try {
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        path.join(dir, 'signature'),
        '-content',
        path.join(dir, 'manifest.json'),
        '-CAfile',
        keys.files.root,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

const manifestMatches = (files: Record<string, Buffer>) => {
  const manifest = JSON.parse(files['manifest.json']!.toString()) as Record<string, string>;
  const listed = Object.keys(manifest).sort();
  const present = Object.keys(files)
    .filter((n) => n !== 'manifest.json' && n !== 'signature')
    .sort();
  return (
    JSON.stringify(listed) === JSON.stringify(present) &&
    listed.every((n) => createHash('sha1').update(files[n]!).digest('hex') === manifest[n])
  );
};

const authOf = (pass: { authenticationToken: string }) => ({
  authorization: `ApplePass ${pass.authenticationToken}`,
});

async function sweepAll() {
  // Everything due now (leases and backoff aside); a pass that never settles fails here.
  for (let i = 0; i < 10; i++) if ((await t.app.services.wallet.sweep()) === 0) return;
  throw new Error('the wallet sweeper keeps finding the same passes due');
}

describe('Apple Wallet passes', () => {
  it('signs an event ticket pass: the manifest hashes every file, the CMS signature verifies with the chain', async () => {
    const { dto, path: link, order, event, startAt, email } = await completedOrder();
    expect(dto).toMatchObject({ walletApple: true, walletGoogle: true });
    // The confirmation mail links both, below the same ticket link.
    const mail = await t.latestMailTo(email, 'order-confirmation');
    expect(mail.html_body).toContain(`href="http://gatepass.test${link}/pass.pkpass"`);
    expect(mail.html_body).toContain(`href="http://gatepass.test${link}/google"`);
    expect(mail.text_body).toContain(
      `Add to Apple Wallet: http://gatepass.test${link}/pass.pkpass`,
    );
    const { files, pass } = unpack(await download(link));
    expect(Object.keys(files).sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'logo.png',
        'logo@2x.png',
        'manifest.json',
        'pass.json',
        'signature',
      ].sort(),
    );
    expect(manifestMatches(files)).toBe(true);
    expect(opensslVerifies(files.signature!, files['manifest.json']!)).toBe(true);
    // Signed with the pass certificate, carrying it and the intermediate, with a signing time.
    const forge = (await import('node-forge')).default;
    const p7 = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(files.signature!.toString('binary')),
    ) as unknown as {
      certificates: { subject: { getField(n: string): { value: string } } }[];
      rawCapture: { authenticatedAttributes: unknown[] };
    };
    expect(p7.certificates.map((c) => c.subject.getField('CN').value).sort()).toEqual(
      [`Pass Type ID: ${PASS_TYPE}`, 'Test WWDR Intermediate'].sort(),
    );
    expect(files.signature!.includes(Buffer.from('06092a864886f70d010905', 'hex'))).toBe(true); // signingTime OID

    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: 'ABCDE12345',
      serialNumber: t.app.services.wallet.serialFor(order.id, order.orderCode),
      organizationName: 'Gatepass',
      webServiceURL: 'http://gatepass.test/api/v1/wallet/apple',
      barcodes: [
        { format: 'PKBarcodeFormatQR', message: order.orderCode, messageEncoding: 'iso-8859-1' },
      ],
      relevantDate: new Date(startAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      eventTicket: {
        primaryFields: [{ key: 'event', value: event.title }],
        auxiliaryFields: [
          { key: 'holder', value: 'Ọlá Adéyẹmí' },
          { key: 'admits', value: '2 people' },
        ],
      },
    });
    expect(pass.serialNumber).not.toContain(order.orderCode);
    expect(pass.voided).toBeUndefined();
    expect(pass.locations).toBeUndefined();
    expect(pass.eventTicket.secondaryFields[1].value).toContain('Eko Hotel');
    // The token is not stored anywhere.
    const stored = await sql<{
      row: string;
    }>`select row_to_json(p)::text as row from wallet_passes p`.execute(t.db);
    expect(stored.rows.some((r) => r.row.includes(pass.authenticationToken))).toBe(false);
  });

  it('a tampered pass.json fails the manifest, a tampered manifest fails the signature', async () => {
    const { path: link } = await completedOrder();
    const { files } = unpack(await download(link));
    const tampered = {
      ...files,
      'pass.json': Buffer.from(
        files['pass.json']!.toString().replace(/"message": "\d+"/, '"message": "99999999"'),
      ),
    };
    expect(manifestMatches(tampered)).toBe(false);
    const manifest = Buffer.from(
      files['manifest.json']!.toString().replace(
        /"pass.json": "[0-9a-f]+"/,
        `"pass.json": "${'0'.repeat(40)}"`,
      ),
    );
    expect(opensslVerifies(files.signature!, manifest)).toBe(false);
    // (and the zip itself round-trips)
    expect(unzipSync(zipSync({ a: new Uint8Array([1]) }))).toBeTruthy();
  });

  it('the light ticket page links both wallets below the same ticket link', async () => {
    const { path: link } = await completedOrder();
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${link}/pass.pkpass`);
    expect(page.body).toContain('Add to Apple Wallet');
    expect(page.body).toContain(`${link}/google`);
    expect(page.body).toContain('Save to Google Wallet');
  });

  it('404s with a sentence for a wrong link', async () => {
    const res = await t.request('GET', '/t/12345678-AAAAAAAAAAAA/pass.pkpass');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/not found/);
  });

  it('runs the PassKit web service: register 201 then 200, 401 for a bad token, serials since a tag, 304, unregister', async () => {
    const { path: link, order } = await completedOrder();
    const { pass } = unpack(await download(link));
    const serial = pass.serialNumber as string;
    const reg = `${WS}/devices/device-1/registrations/${PASS_TYPE}/${serial}`;
    const first = await t.post(reg, { pushToken: 'token-1' }, { headers: authOf(pass) });
    expect(first.status, first.text).toBe(201);
    const again = await t.post(reg, { pushToken: 'token-1' }, { headers: authOf(pass) });
    expect(again.status).toBe(200);
    const bad = await t.post(
      reg,
      { pushToken: 'token-1' },
      { headers: { authorization: 'ApplePass nope' } },
    );
    expect(bad.status).toBe(401);
    const none = await t.post(reg, { pushToken: 'token-1' });
    expect(none.status).toBe(401);

    const list = await t.request('GET', `${WS}/devices/device-1/registrations/${PASS_TYPE}`);
    expect(list.status).toBe(200);
    expect(list.body.serialNumbers).toEqual([serial]);
    const tag = list.body.lastUpdated as string;
    const since = await t.request(
      'GET',
      `${WS}/devices/device-1/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`,
    );
    expect(since.status).toBe(204);

    const url = `${WS}/passes/${PASS_TYPE}/${serial}`;
    const fresh = await t.app.inject({ method: 'GET', url, headers: authOf(pass) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = fresh.headers['last-modified'] as string;
    expect(lastModified).toBeTruthy();
    const same = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...authOf(pass), 'if-modified-since': lastModified },
    });
    expect(same.statusCode).toBe(304);
    const unauthorised = await t.app.inject({ method: 'GET', url });
    expect(unauthorised.statusCode).toBe(401);

    const log = await t.post(`${WS}/log`, { logs: ['something went wrong'] });
    expect(log.status).toBe(200);

    const gone = await t.request('DELETE', reg, { headers: authOf(pass) });
    expect(gone.status).toBe(200);
    const after = await t.request('GET', `${WS}/devices/device-1/registrations/${PASS_TYPE}`);
    expect(after.status).toBe(204);
    expect(order.id).toBeTruthy();
  });

  it('a cancelled order: the sweeper pushes the registered device once, and the pass served after is voided', async () => {
    await sweepAll();
    const { path: link, order } = await completedOrder();
    const { pass } = unpack(await download(link));
    const serial = pass.serialNumber as string;
    await t.post(
      `${WS}/devices/device-2/registrations/${PASS_TYPE}/${serial}`,
      { pushToken: 'push-cancel' },
      { headers: authOf(pass) },
    );
    const before = await t.request('GET', `${WS}/devices/device-2/registrations/${PASS_TYPE}`);
    await sweepAll();
    expect(apns.pushes.filter((p) => p.token === 'push-cancel')).toHaveLength(0);

    const cancel = await t.post(
      `${MANAGE_ORDERS}/${order.id}/cancel`,
      { reason: 'Asked to' },
      { token: organiser.token },
    );
    expect(cancel.status, cancel.text).toBe(200);
    await sweepAll();
    await sweepAll();
    const pushes = apns.pushes.filter((p) => p.token === 'push-cancel');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      topic: PASS_TYPE,
      body: '{}',
      clientCn: `Pass Type ID: ${PASS_TYPE}`,
    });

    const changed = await t.request(
      'GET',
      `${WS}/devices/device-2/registrations/${PASS_TYPE}?passesUpdatedSince=${before.body.lastUpdated}`,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.serialNumbers).toEqual([serial]);
    const res = await t.app.inject({
      method: 'GET',
      url: `${WS}/passes/${PASS_TYPE}/${serial}`,
      headers: authOf(pass),
    });
    expect(res.statusCode).toBe(200);
    expect(unpack(res.rawPayload).pass.voided).toBe(true);
    // The cancelled order's link no longer hands out passes.
    expect((await t.request('GET', `${link}/pass.pkpass`)).status).toBe(404);
  });

  it('a refund and an event cancel void the pass too, saying why', async () => {
    await sweepAll();
    const refunded = await completedOrder();
    const { pass } = unpack(await download(refunded.path));
    const refund = await t.post(
      `${MANAGE_ORDERS}/${refunded.order.id}/refund`,
      { reason: 'Asked to' },
      { token: organiser.token },
    );
    expect(refund.status, refund.text).toBe(200);
    const other = await completedOrder();
    const { pass: otherPass } = unpack(await download(other.path));
    const cancelled = await t.post(
      `${MANAGE}/${other.event.id}/cancel`,
      { reason: 'Rain' },
      { token: organiser.token },
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    await sweepAll();
    for (const p of [pass, otherPass]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${WS}/passes/${PASS_TYPE}/${p.serialNumber}`,
        headers: authOf(p),
      });
      const now = unpack(res.rawPayload).pass;
      expect(now.voided).toBe(true);
    }
    const back = (p: { eventTicket: { backFields: { key: string; value: string }[] } }) =>
      p.eventTicket.backFields.find((f) => f.key === 'void')?.value;
    const after = await t.app.inject({
      method: 'GET',
      url: `${WS}/passes/${PASS_TYPE}/${otherPass.serialNumber}`,
      headers: authOf(otherPass),
    });
    expect(back(unpack(after.rawPayload).pass)).toBe('The event was cancelled.');
  });

  it('sweepers running at once (several app servers) push a change once', async () => {
    await sweepAll();
    const { path: link, order } = await completedOrder();
    const { pass } = unpack(await download(link));
    await t.post(
      `${WS}/devices/device-5/registrations/${PASS_TYPE}/${pass.serialNumber}`,
      { pushToken: 'push-race' },
      { headers: authOf(pass) },
    );
    const cancel = await t.post(
      `${MANAGE_ORDERS}/${order.id}/cancel`,
      { reason: 'Asked to' },
      { token: organiser.token },
    );
    expect(cancel.status, cancel.text).toBe(200);
    const wallet = t.app.services.wallet;
    const serial = pass.serialNumber as string;
    const race = () => apns.pushes.filter((p) => p.token === 'push-race');
    if (testEngine === 'postgres') {
      // Another server is mid-claim (its row lock held): this one skips the pass.
      await t.db.transaction().execute(async (trx) => {
        await sql`select 1 from wallet_passes where serial_number = ${serial} for update`.execute(
          trx,
        );
        await wallet.sweep();
      });
      expect(race()).toHaveLength(0);
    }
    // Another server holds the lease (it is pushing): this one leaves the pass alone …
    await claimDue(t.db, 100, 120);
    await sweepAll();
    expect(race()).toHaveLength(0);
    // … until the lease runs out (that server died): then it is pushed, once.
    await t.db
      .updateTable('wallet_passes')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('serial_number', '=', serial)
      .execute();
    await Promise.all([wallet.sweep(), wallet.sweep()]);
    await sweepAll();
    expect(race()).toHaveLength(1);
  });

  it('a device APNs says is gone (410) loses its registration, and the pass is settled', async () => {
    await sweepAll();
    const { path: link, order } = await completedOrder();
    const { pass } = unpack(await download(link));
    const reg = `${WS}/devices/device-6/registrations/${PASS_TYPE}/${pass.serialNumber}`;
    expect((await t.post(reg, { pushToken: 'push-gone' }, { headers: authOf(pass) })).status).toBe(
      201,
    );
    const cancel = await t.post(
      `${MANAGE_ORDERS}/${order.id}/cancel`,
      { reason: 'Asked to' },
      { token: organiser.token },
    );
    expect(cancel.status, cancel.text).toBe(200);
    apns.failNext(410);
    await sweepAll();
    const row = await t.db
      .selectFrom('wallet_passes')
      .selectAll()
      .where('serial_number', '=', pass.serialNumber)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pending: false, attempts: 0 });
    expect(
      (await t.request('GET', `${WS}/devices/device-6/registrations/${PASS_TYPE}`)).status,
    ).toBe(204);
  });

  it("an event's new date: pushed, and the pass has it; an APNs failure is retried", async () => {
    await sweepAll();
    const { path: link, event } = await completedOrder();
    const { pass } = unpack(await download(link));
    const serial = pass.serialNumber as string;
    await t.post(
      `${WS}/devices/device-3/registrations/${PASS_TYPE}/${serial}`,
      { pushToken: 'push-move' },
      { headers: authOf(pass) },
    );
    const startAt = new Date(Date.now() + 60 * 86_400_000);
    startAt.setUTCSeconds(0, 0);
    const moved = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: organiser.token,
      body: {
        startAt: startAt.toISOString(),
        endAt: new Date(startAt.getTime() + 3_600_000).toISOString(),
      },
    });
    expect(moved.status, moved.text).toBe(200);
    apns.failNext(500);
    await t.app.services.wallet.sweep();
    expect(apns.pushes.filter((p) => p.token === 'push-move')).toHaveLength(0);
    const row = await t.db
      .selectFrom('wallet_passes')
      .selectAll()
      .where('serial_number', '=', serial)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pending: true, attempts: 1 });
    expect(row.last_error).toMatch(/500/);
    expect(row.next_attempt_at!.getTime()).toBeGreaterThan(Date.now());
    // Not again before the backoff ends …
    await t.app.services.wallet.sweep();
    expect(apns.pushes.filter((p) => p.token === 'push-move')).toHaveLength(0);
    // … then pushed once.
    await t.db
      .updateTable('wallet_passes')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('serial_number', '=', serial)
      .execute();
    await sweepAll();
    await sweepAll();
    expect(apns.pushes.filter((p) => p.token === 'push-move')).toHaveLength(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `${WS}/passes/${PASS_TYPE}/${serial}`,
      headers: authOf(pass),
    });
    expect(unpack(res.rawPayload).pass.relevantDate).toBe(
      startAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
  });

  it("a transfer: the old link 404s, the old holder's pass is voided, the new holder's link gives a new serial", async () => {
    await sweepAll();
    const { path: link, order, headers } = await completedOrder();
    const { pass } = unpack(await download(link));
    await t.post(
      `${WS}/devices/device-4/registrations/${PASS_TYPE}/${pass.serialNumber}`,
      { pushToken: 'push-transfer' },
      { headers: authOf(pass) },
    );
    const to = buyer({ firstName: 'Amaka', lastName: 'Eze' });
    const moved = await t.post(
      `${ORDERS}/${order.id}/transfer`,
      { firstName: to.firstName, lastName: to.lastName, email: to.email },
      { headers },
    );
    expect(moved.status, moved.text).toBe(200);
    expect((await t.request('GET', `${link}/pass.pkpass`)).status).toBe(404);
    await sweepAll();
    expect(apns.pushes.filter((p) => p.token === 'push-transfer')).toHaveLength(1);
    const old = await t.app.inject({
      method: 'GET',
      url: `${WS}/passes/${PASS_TYPE}/${pass.serialNumber}`,
      headers: authOf(pass),
    });
    const oldPass = unpack(old.rawPayload).pass;
    expect(oldPass).toMatchObject({ voided: true, barcodes: [{ message: order.orderCode }] });
    // The new holder's mail carries their own wallet links.
    const mail = await t.latestMailTo(to.email.toLowerCase());
    const newLink = /Add to Apple Wallet: (\S+)/.exec(mail.text_body)![1]!;
    expect(mail.text_body).toMatch(/Save to Google Wallet: \S+\/google/);
    const fresh = unpack(
      await download(new URL(newLink).pathname.replace(/\/pass\.pkpass$/, '')),
    ).pass;
    expect(fresh.serialNumber).not.toBe(pass.serialNumber);
    expect(fresh.voided).toBeUndefined();
    expect(fresh.eventTicket.auxiliaryFields[0].value).toBe('Amaka Eze');
  });
});

describe('Google Wallet save links', () => {
  it('redirects to pay.google.com with a JWT signed by the service account: class and object', async () => {
    const { path: link, order, event, startAt } = await completedOrder();
    const res = await t.app.inject({ method: 'GET', url: `${link}/google` });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = location.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload, protectedHeader } = await jwtVerify(
      jwt,
      await importSPKI(keys.google.publicPem, 'RS256'),
      { audience: 'google', issuer: keys.google.clientEmail },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['http://gatepass.test'] });
    const body = payload.payload as {
      eventTicketClasses: Record<string, unknown>[];
      eventTicketObjects: Record<string, unknown>[];
    };
    const issuer = '3388000000012345678';
    expect(body.eventTicketClasses[0]).toMatchObject({
      id: `${issuer}.event-${event.id}`,
      issuerName: 'Gatepass',
      reviewStatus: 'UNDER_REVIEW',
      eventName: { defaultValue: { value: event.title } },
      venue: { name: { defaultValue: { value: 'Eko Hotel' } } },
      dateTime: { start: new Date(startAt).toISOString().replace(/\.\d{3}Z$/, 'Z') },
    });
    expect(body.eventTicketObjects[0]).toMatchObject({
      id: `${issuer}.ticket-${t.app.services.wallet.serialFor(order.id, order.orderCode)}`,
      classId: `${issuer}.event-${event.id}`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: order.orderCode, alternateText: order.orderCode },
      ticketHolderName: 'Ọlá Adéyẹmí',
    });
    expect(decodeJwt(jwt).iss).toBe(keys.google.clientEmail);
  });

  it('a cancel PATCHes the object to INACTIVE with a token from the token endpoint; a never-saved one (404) is fine', async () => {
    await sweepAll();
    const { path: link, order } = await completedOrder();
    const res = await t.app.inject({ method: 'GET', url: `${link}/google` });
    expect(res.statusCode).toBe(302);
    const objectId = `3388000000012345678.ticket-${t.app.services.wallet.serialFor(order.id, order.orderCode)}`;
    google.saved.add(objectId);
    const cancel = await t.post(
      `${MANAGE_ORDERS}/${order.id}/cancel`,
      { reason: 'Asked to' },
      { token: organiser.token },
    );
    expect(cancel.status, cancel.text).toBe(200);
    await sweepAll();
    const patches = google.patches.filter((p) => p.id === objectId);
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toMatchObject({ state: 'INACTIVE' });
    expect(google.tokens).toContain(patches[0]!.token);
    // The class was patched too (not saved: 404, fine), and the pass is settled.
    const row = await t.db
      .selectFrom('wallet_passes')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pending: false, attempts: 0 });
  });
});

describe('each wallet on its own (issue 21 §7)', () => {
  it("an APNs failure does not keep a transferred ticket's Google pass ACTIVE", async () => {
    await sweepAll();
    const { path: link, order, headers } = await completedOrder();
    const { pass } = unpack(await download(link));
    await t.post(
      `${WS}/devices/device-5/registrations/${PASS_TYPE}/${pass.serialNumber}`,
      { pushToken: 'push-both' },
      { headers: authOf(pass) },
    );
    expect((await t.app.inject({ method: 'GET', url: `${link}/google` })).statusCode).toBe(302);
    const objectId = `3388000000012345678.ticket-${pass.serialNumber}`;
    google.saved.add(objectId);
    const to = buyer({ firstName: 'Amaka', lastName: 'Eze' });
    const moved = await t.post(
      `${ORDERS}/${order.id}/transfer`,
      { firstName: to.firstName, lastName: to.lastName, email: to.email },
      { headers },
    );
    expect(moved.status, moved.text).toBe(200);

    apns.failNext(500);
    await t.app.services.wallet.sweep();
    expect(apns.pushes.filter((p) => p.token === 'push-both')).toHaveLength(0);
    const patches = google.patches.filter((p) => p.id === objectId);
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toMatchObject({ state: 'INACTIVE' });
    // The Apple side is tried again after its backoff.
    const row = await t.db
      .selectFrom('wallet_passes')
      .selectAll()
      .where('serial_number', '=', pass.serialNumber)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pending: true, attempts: 1 });
    expect(row.last_error).toMatch(/^apple: .*500/);
  });

  it('the Google save JWT expires an hour after it is signed', async () => {
    const { path: link } = await completedOrder();
    const res = await t.app.inject({ method: 'GET', url: `${link}/google` });
    const jwt = (res.headers.location as string).slice('https://pay.google.com/gp/v/save/'.length);
    const claims = decodeJwt(jwt);
    expect(claims.exp! - claims.iat!).toBe(3600);
  });
});

describe('without the wallet variables', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp({}, { captureLogs: true });
  }, 240_000);
  afterAll(() => plain?.close());

  it('offers no buttons, and the routes 404 with a sentence', async () => {
    const org = await givenOrganiser(plain);
    const { event, types } = await givenEventWithTypes(plain, org.token, [
      { price: 0, capacity: 5 },
    ]);
    const bought = await buy(plain, event.id, types[0]!.id);
    const res = await plain.request('GET', `${ORDERS}/${bought.order.id}`, {
      headers: { 'x-order-token': bought.accessToken },
    });
    expect(res.body.data).toMatchObject({ walletApple: false, walletGoogle: false });
    const link = new URL(res.body.data.ticketUrl).pathname;
    const apple = await plain.request('GET', `${link}/pass.pkpass`);
    expect(apple.status).toBe(404);
    expect(apple.body.error).toMatch(/Apple Wallet passes are not offered here/);
    const g = await plain.request('GET', `${link}/google`);
    expect(g.status).toBe(404);
    expect(g.body.error).toMatch(/Google Wallet/);
    const mail = await plain.latestMailTo(bought.order.email);
    expect(mail.text_body).not.toMatch(/Wallet/);
  });

  it("Wallet's anonymous log call: body capped, rate-limited per address, a bounded summary logged", async () => {
    const LOG = `${API}/wallet/apple/v1/log`;
    const ip = '198.51.100.77';
    // ~200 KB, as in the issue: refused before it is read.
    const huge = await plain.post(LOG, { logs: Array(100).fill('x'.repeat(2000)) }, { ip });
    expect(huge.status).toBe(413);
    const before = plain.logs.length;
    const ok = await plain.post(LOG, { logs: Array(40).fill('y'.repeat(300)) }, { ip });
    expect(ok.status, ok.text).toBe(200);
    const written = plain.logs.slice(before).filter((l) => l.includes('Apple Wallet log'));
    expect(written).toHaveLength(1);
    expect(written[0]!.length).toBeLessThan(2000);
    expect(JSON.parse(written[0]!)).toMatchObject({ lines: 40 });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await plain.post(LOG, { logs: ['z'] }, { ip })).status);
    // 20 an hour per address: the 40-line call and 19 more, then 429.
    expect(statuses.slice(0, 19).every((s) => s === 200)).toBe(true);
    expect(statuses[19]).toBe(429);
    expect((await plain.post(LOG, { logs: ['z'] }, { ip: '198.51.100.78' })).status).toBe(200);
  });
});
