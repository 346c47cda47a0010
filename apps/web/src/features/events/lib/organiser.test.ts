import type { ManageEventListItem } from '@gatepass/shared';
import { describe, expect, it } from 'vitest';
import { coverFileProblem } from '../components/wizard/media-step.tsx';
import { greeting, organiserTotals } from '../pages/organiser-home-page.tsx';

const item = (over: Partial<ManageEventListItem>): ManageEventListItem => ({
  id: 'e',
  slug: 'e',
  title: 'E',
  summary: null,
  category: 'Music',
  coverImageId: null,
  coverUrl: null,
  venueName: null,
  city: null,
  startAt: '2030-01-01T18:00:00Z',
  endAt: '2030-01-01T22:00:00Z',
  timeZone: 'Africa/Lagos',
  status: 'published',
  ended: false,
  visibility: 'public',
  url: '/events/e',
  online: false,
  publishedAt: '2029-01-01T00:00:00Z',
  createdAt: '2029-01-01T00:00:00Z',
  updatedAt: '2029-01-01T00:00:00Z',
  ticketTypeCount: 1,
  sold: 0,
  held: 0,
  capacity: 100,
  gross: 0,
  ...over,
});

describe('organiser totals', () => {
  it('counts live events and drafts, adds sales, and lists upcoming events soonest first', () => {
    const totals = organiserTotals([
      item({ id: 'late', startAt: '2030-03-01T18:00:00Z', sold: 5, gross: 25_000 }),
      item({ id: 'soon', startAt: '2030-02-01T18:00:00Z', sold: 2, gross: 4_000 }),
      item({ id: 'draft', status: 'draft', publishedAt: null }),
      item({ id: 'past', ended: true, sold: 10, gross: 10_000 }),
      item({ id: 'off', status: 'cancelled', sold: 3, gross: 0 }),
    ]);
    expect(totals.live).toBe(2);
    expect(totals.drafts).toBe(1);
    expect(totals.sold).toBe(17);
    expect(totals.gross).toBe(39_000);
    expect(totals.upcoming.map((e) => e.id)).toEqual(['soon', 'late']);
  });
});

describe('cover file check', () => {
  it('takes JPEG, PNG and WebP up to 5 MB', () => {
    expect(coverFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(coverFileProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types, larger files and empty ones', () => {
    expect(coverFileProblem({ type: 'image/gif', size: 1000 })).toMatch(/JPEG, PNG or WebP/);
    expect(coverFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toMatch(/5 MB/);
    expect(coverFileProblem({ type: 'image/jpeg', size: 0 })).toMatch(/empty/);
  });
});

describe('organiser home greeting', () => {
  it('welcomes a new organiser, and welcomes back one who has events', () => {
    expect(greeting('Ada', true)).toBe('Welcome, Ada');
    expect(greeting('Ada', false)).toBe('Welcome back, Ada');
    expect(greeting(undefined, false)).toBe('Organiser home');
  });
});
