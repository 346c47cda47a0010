import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countMedia,
  givenDraftEvent,
  MANAGE,
  makeImage,
  multipartBody,
} from '../../../test/event-factories.ts';
import { givenLoggedInUser } from '../../../test/factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';

const MEDIA = `${API}/media`;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await givenLoggedInUser(t)).token;
});
afterAll(async () => {
  await t?.close();
});

function upload(
  file: Buffer,
  options: Parameters<typeof multipartBody>[1] = {},
  url = MEDIA,
  as = token,
) {
  const { payload, headers } = multipartBody(file, options);
  return t.request('POST', url, { payload, headers, token: as });
}

describe('uploading images', () => {
  it('stores a JPEG re-encoded and serves it with year-long caching and an ETag', async () => {
    const jpeg = await makeImage('jpeg', { width: 120, height: 80 });
    const res = await upload(jpeg);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ contentType: 'image/jpeg', width: 120, height: 80 });
    expect(res.body.data.url).toBe(`${MEDIA}/${res.body.data.id}`);

    const got = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = got.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 120, 80]);

    const again = await t.app.inject({
      method: 'GET',
      url: res.body.data.url,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const weak = await t.app.inject({
      method: 'GET',
      url: res.body.data.url,
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const stale = await t.app.inject({
      method: 'GET',
      url: res.body.data.url,
      headers: { 'if-none-match': '"other"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('keeps real transparency as WebP, flattens an unused alpha channel to JPEG, reads WebP, and shrinks large images to 2000 px', async () => {
    const png = await upload(await makeImage('png', { alpha: true }), {
      filename: 'logo.png',
      contentType: 'image/png',
    });
    expect(png.status, png.text).toBe(201);
    expect(png.body.data.contentType).toBe('image/webp');

    const opaquePng = await sharp(await makeImage('png'))
      .ensureAlpha(1)
      .png()
      .toBuffer();
    expect((await sharp(opaquePng).metadata()).hasAlpha).toBe(true);
    const opaque = await upload(opaquePng, { filename: 'o.png', contentType: 'image/png' });
    expect(opaque.status, opaque.text).toBe(201);
    expect(opaque.body.data.contentType).toBe('image/jpeg');

    const webp = await upload(await makeImage('webp'), {
      filename: 'x.webp',
      contentType: 'image/webp',
    });
    expect(webp.status, webp.text).toBe(201);
    expect(webp.body.data.contentType).toBe('image/jpeg');

    const wide = await upload(await makeImage('png', { width: 3000, height: 1000 }), {
      filename: 'wide.png',
      contentType: 'image/png',
    });
    expect(wide.status, wide.text).toBe(201);
    expect([wide.body.data.width, wide.body.data.height]).toEqual([2000, 667]);
  });

  it('drops metadata such as camera GPS when re-encoding', async () => {
    const withExif = await sharp(await makeImage('jpeg'))
      .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'PhoneCam' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(withExif);
    expect(res.status).toBe(201);
    const got = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
    expect(got.rawPayload.includes('secret-owner')).toBe(false);
  });
});

describe('refused uploads store nothing', () => {
  it('refuses a file whose content is not an image, whatever its name and declared type', async () => {
    const before = await countMedia(t);
    const text = await upload(Buffer.from('<html><script>alert(1)</script></html>'), {
      filename: 'cover.jpg',
      contentType: 'image/jpeg',
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: 'Please upload a JPEG, PNG or WebP image.',
    });

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload(gif, { filename: 'cover.png', contentType: 'image/png' })).status).toBe(
      415,
    );

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await upload(svg, { filename: 'cover.webp', contentType: 'image/webp' })).status).toBe(
      415,
    );

    expect(await countMedia(t)).toBe(before);
  });

  it('refuses a corrupt image with a 400', async () => {
    const before = await countMedia(t);
    const jpeg = await makeImage('jpeg', { width: 400, height: 300 });
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const res = await upload(truncated);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_IMAGE');
    expect(res.body.error).toBe(
      'This image could not be read. Please upload a different JPEG, PNG or WebP file.',
    );

    const garbage = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000, 7),
    ]);
    const png = await upload(garbage, { filename: 'x.png', contentType: 'image/png' });
    expect(png.status).toBe(400);
    expect(await countMedia(t)).toBe(before);
  });

  it('refuses a file over 5 MB with a 413', async () => {
    const before = await countMedia(t);
    const big = Buffer.concat([await makeImage('jpeg'), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: 'The image is larger than 5 MB. Please upload a smaller one.',
    });
    expect(await countMedia(t)).toBe(before);
  });

  it('refuses a body that is not multipart, an empty form and an anonymous upload', async () => {
    const before = await countMedia(t);
    const raw = await t.request('POST', MEDIA, {
      payload: await makeImage('jpeg'),
      headers: { 'content-type': 'image/jpeg' },
      token,
    });
    expect(raw.status).toBe(415);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const { payload, headers } = multipartBody(await makeImage('jpeg'));
    const anonymous = await t.request('POST', MEDIA, { payload, headers });
    expect(anonymous.status).toBe(401);
    expect(await countMedia(t)).toBe(before);
  });

  it('answers 404 for unknown or malformed image ids', async () => {
    expect((await t.request('GET', `${MEDIA}/00000000-0000-4000-8000-000000000000`)).status).toBe(
      404,
    );
    expect((await t.request('GET', `${MEDIA}/nope`)).status).toBe(404);
  });
});

describe('event covers', () => {
  it('sets the cover from an upload and refuses another organiser before storing anything', async () => {
    const owner = await givenLoggedInUser(t);
    const stranger = await givenLoggedInUser(t);
    const event = await givenDraftEvent(t, owner.token);
    const jpeg = await makeImage('jpeg');

    const before = await countMedia(t);
    const denied = await upload(jpeg, {}, `${MANAGE}/${event.id}/cover`, stranger.token);
    expect(denied.status).toBe(404);
    expect(await countMedia(t)).toBe(before);

    const res = await upload(jpeg, {}, `${MANAGE}/${event.id}/cover`, owner.token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.coverUrl).toBe(`${MEDIA}/${res.body.data.coverImageId}`);
    expect((await t.request('GET', res.body.data.coverUrl)).status).toBe(200);

    const bad = await upload(
      Buffer.from('not an image'),
      {},
      `${MANAGE}/${event.id}/cover`,
      owner.token,
    );
    expect(bad.status).toBe(415);
    const still = await t.request('GET', `${MANAGE}/${event.id}`, { token: owner.token });
    expect(still.body.data.coverImageId).toBe(res.body.data.coverImageId);
  });

  it('accepts an uploaded image id on the event only from its uploader', async () => {
    const owner = await givenLoggedInUser(t);
    const stranger = await givenLoggedInUser(t);
    const image = await upload(await makeImage('jpeg'), {}, MEDIA, stranger.token);
    const event = await givenDraftEvent(t, owner.token);
    const res = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: owner.token,
      body: { coverImageId: image.body.data.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Cover image is not recognised. Please upload it again.');
    const mine = await upload(await makeImage('jpeg'), {}, MEDIA, owner.token);
    const ok = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: owner.token,
      body: { coverImageId: mine.body.data.id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.coverUrl).toBe(mine.body.data.url);
  });
});
