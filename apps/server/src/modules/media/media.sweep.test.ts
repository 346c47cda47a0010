import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  givenDraftEvent,
  MANAGE,
  makeImage,
  multipartBody,
} from '../../../test/event-factories.ts';
import { givenLoggedInUser } from '../../../test/factories.ts';
import { API, eventually, startTestApp, testEngine, type TestApp } from '../../../test/helper.ts';
import { SETTINGS } from '../../../test/organiser-factories.ts';
import { MEDIA_REFERENCES } from './media.repository.ts';

/**
 * The unused-image sweeper (docs/decisions/016-unused-media-sweeper.md): images no event or
 * organiser uses are deleted once older than MEDIA_UNUSED_GRACE_HOURS (24); used ones, and
 * unused ones still inside the grace, stay. The app here sweeps every 100 ms, as it would
 * every hour in production.
 */
const MEDIA = `${API}/media`;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ mediaSweepIntervalMs: 100 });
  token = (await givenLoggedInUser(t)).token;
});
afterAll(async () => {
  await t?.close();
});

let seed = 0;
async function uploadImage(): Promise<string> {
  // Each image different, so none could be mistaken for another.
  const { payload, headers } = multipartBody(
    await makeImage('png', { width: 40 + (seed++ % 50), height: 30 }),
    { contentType: 'image/png', filename: 'image.png' },
  );
  const res = await t.request('POST', MEDIA, { payload, headers, token });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** Pretends the image was uploaded `hours` ago. */
async function age(id: string, hours: number): Promise<void> {
  await t.db
    .updateTable('media')
    .set({ created_at: sql<Date>`now() - make_interval(hours => ${hours})` })
    .where('id', '=', id)
    .execute();
}

async function exists(id: string): Promise<boolean> {
  const res = await t.request('GET', `${MEDIA}/${id}`);
  expect([200, 404]).toContain(res.status);
  return res.status === 200;
}

describe('deleting unused images', () => {
  it('deletes old images nothing uses; keeps covers, logos and recent uploads', async () => {
    // Used: a draft's cover (set by id) and the organiser's logo.
    const cover = await uploadImage();
    const event = await givenDraftEvent(t, token, { coverImageId: cover });
    const logo = await uploadImage();
    const saved = await t.request('PATCH', `${SETTINGS}/organiser`, {
      token,
      body: { logoMediaId: logo },
    });
    expect(saved.status, saved.text).toBe(200);
    // Unused: never attached; a cover since replaced; the cover of a deleted draft.
    const neverAttached = await uploadImage();
    const replaced = await uploadImage();
    const other = await givenDraftEvent(t, token, { coverImageId: replaced });
    const { payload, headers } = multipartBody(await makeImage('jpeg'));
    const upload = await t.request('POST', `${MANAGE}/${other.id}/cover`, {
      payload,
      headers,
      token,
    });
    expect(upload.status, upload.text).toBe(200);
    const deletedDraftCover = await uploadImage();
    const gone = await givenDraftEvent(t, token, { coverImageId: deletedDraftCover });
    expect((await t.request('DELETE', `${MANAGE}/${gone.id}`, { token })).status).toBe(200);
    // Unused but inside the grace: an organiser may still be filling in the form.
    const recent = await uploadImage();

    for (const id of [cover, logo, neverAttached, replaced, deletedDraftCover]) await age(id, 25);
    await age(recent, 23);

    await eventually(async () => {
      const left = await Promise.all([neverAttached, replaced, deletedDraftCover].map(exists));
      return left.every((e) => !e) ? true : undefined;
    });
    // The sweep that took those saw these too, and left them.
    for (const id of [cover, logo, recent]) expect(await exists(id), id).toBe(true);
    const detail = await t.request('GET', `${MANAGE}/${event.id}`, { token });
    expect(detail.body.data.coverUrl).toBe(`${MEDIA}/${cover}`);
    const settings = await t.request('GET', SETTINGS, { token });
    expect(settings.body.data.organiser.logoUrl).toBe(`${MEDIA}/${logo}`);
    // The uploaded replacement cover is young and used: kept.
    const otherDetail = await t.request('GET', `${MANAGE}/${other.id}`, { token });
    expect(await exists(otherDetail.body.data.coverUrl.split('/').pop())).toBe(true);

    // Past the grace, the recent one goes too.
    await age(recent, 25);
    await eventually(async () => ((await exists(recent)) ? undefined : true));
  });

  it('knows every column that references an image (a new one must join the sweep)', async () => {
    const { rows } = await sql<{ table: string; column: string }>`
      select c.conrelid::regclass::text as table, a.attname as column
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
       where c.contype = 'f' and c.confrelid = 'media'::regclass`.execute(t.db);
    const key = (r: { table: string; column: string }) => `${r.table}.${r.column}`;
    expect(rows.map(key).sort()).toEqual(MEDIA_REFERENCES.map(key).sort());
  });

  // PGlite has one connection: a second transaction cannot run beside the first.
  it.runIf(testEngine === 'postgres')(
    'passes over an old image while another transaction attaches it, and keeps it after',
    async () => {
      const image = await uploadImage();
      const event = await givenDraftEvent(t, token);
      await t.db.transaction().execute(async (trx) => {
        // The foreign-key check locks the image until this transaction ends.
        await trx
          .updateTable('events')
          .set({ cover_image_id: image })
          .where('id', '=', event.id)
          .execute();
        // Old enough to sweep only now, so the periodic sweeper could not take it before.
        await age(image, 48);
        // A sweep now (on another connection) must neither wait for this nor take the image.
        const sweep = t.app.services.media.deleteUnused();
        const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 5_000));
        expect(await Promise.race([sweep, waited])).not.toBe('waited');
      });
      await new Promise((resolve) => setTimeout(resolve, 300)); // a few periodic sweeps
      expect(await exists(image)).toBe(true);
      const detail = await t.request('GET', `${MANAGE}/${event.id}`, { token });
      expect(detail.body.data.coverUrl).toBe(`${MEDIA}/${image}`);
    },
  );
});
