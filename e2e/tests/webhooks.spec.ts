import AxeBuilder from '@axe-core/playwright';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { givenDoorEvent, givenOrder, givenOrganiser, guest } from '../support/door.ts';
import { expect, logInThroughUi, test } from '../support/fixtures.ts';

/**
 * Issue 26 §3: an owner adds a webhook endpoint in Settings (its secret shown once), a
 * completed order reaches a receiver on this machine signed, the receiver answers 500 twice
 * and then 200 — three attempts, one delivery id, one effect — the log shows it and
 * "Redeliver" sends it again; a private-network URL is refused. At 1280 and 375 px.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function receiver(script: number[]) {
  const received: Received[] = [];
  /** What the receiver did: one effect per delivery id, however often it arrives. */
  const effects = new Set<string>();
  const answers = [...script];
  let secret = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const r = { headers: req.headers, body };
      received.push(r);
      if (!verify(secret, r)) {
        res.writeHead(400).end('bad signature');
        return;
      }
      const status = answers.shift() ?? 200;
      if (status === 200) effects.add(String(req.headers['gatepass-delivery']));
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gatepass`,
    received,
    effects,
    setSecret: (s: string) => (secret = s),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The check docs/integrations.md shows a receiver. */
function verify(secret: string, r: Received): boolean {
  const timestamp = String(r.headers['gatepass-timestamp'] ?? '');
  const given = String(r.headers['gatepass-signature'] ?? '').replace(/^v1=/, '');
  if (!secret || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex');
  return (
    given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

for (const width of [1280, 375]) {
  test(`a signed delivery for a completed order: 500, 500, 200 — three attempts, one effect (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const r = await receiver([500, 500]);
    try {
      const organiser = await givenOrganiser();
      await logInThroughUi(page, organiser.user);
      await page.goto('/events/manage/settings/');
      const section = page.locator('section#webhooks');
      await expect(section.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

      // A private-network URL is refused, under its field.
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      const form = section.getByRole('form', { name: 'Add a webhook endpoint' });
      await form.getByLabel('Endpoint URL').fill('https://169.254.169.254/latest/meta-data');
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(form.getByText(/private or local network address/)).toBeVisible();

      // The local receiver (allowed by the e2e server's WEBHOOKS_ALLOW_LOOPBACK).
      await form.getByLabel('Endpoint URL').fill(r.url);
      await form.getByLabel('Description').fill('Our CRM');
      await form.getByRole('checkbox', { name: /Check-in/ }).check();
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await section.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_/);
      r.setSecret(secret);
      await section.getByRole('button', { name: 'I have saved it' }).click();
      await expect(section.getByTestId('webhook-secret')).toHaveCount(0);
      const endpoint = section.getByRole('article', { name: `Webhook endpoint ${r.url}` });
      await expect(endpoint.getByText('Active')).toBeVisible();
      await expect(endpoint.getByText('Order completed · Check-in')).toBeVisible();

      // A sale: the receiver answers 500, 500, then 200.
      const event = await givenDoorEvent(organiser, { price: 0 });
      const order = await givenOrder(event, guest('Ngozi', 'Hook'));
      await expect.poll(() => r.received.length, { timeout: 20_000 }).toBe(3);
      await page.waitForTimeout(2500);
      expect(r.received).toHaveLength(3);
      expect(r.received.every((x) => verify(secret, x))).toBe(true);
      const ids = new Set(r.received.map((x) => x.headers['gatepass-delivery']));
      expect(ids.size).toBe(1);
      expect(r.effects.size).toBe(1);
      const body = JSON.parse(r.received[2]!.body) as {
        type: string;
        data: { order: { code: string; status: string } };
      };
      expect(body.type).toBe('order.completed');
      expect(body.data.order).toMatchObject({ code: order.orderCode, status: 'completed' });

      // The log: delivered after three attempts, answered 200.
      await endpoint.getByRole('button', { name: 'Deliveries' }).click();
      const row = endpoint.getByTestId('webhook-delivery');
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Delivered')).toBeVisible();
      await expect(row.getByText('3 attempts')).toBeVisible();
      await expect(row.getByText('200', { exact: true })).toBeVisible();

      // Redeliver: the same delivery again; the receiver's effect stays one.
      await row.getByRole('button', { name: 'Redeliver' }).click();
      await expect(page.getByText('Delivery queued again.')).toBeVisible();
      await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(4);
      expect(r.received[3]!.headers['gatepass-delivery']).toBe([...ids][0]);
      expect(r.effects.size).toBe(1);
      await expect(row.getByText('4 attempts')).toBeVisible({ timeout: 10_000 });

      // The section, its form and its log: no serious or critical axe-core violation.
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      const axe = await new AxeBuilder({ page }).include('section#webhooks').analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);

      // Nothing of the section runs off a phone's screen.
      const box = await section.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width + 1);
    } finally {
      await r.close();
    }
  });
}
