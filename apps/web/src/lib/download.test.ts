import { describe, expect, it } from 'vitest';
import { apiUrlFor, fileNameFrom } from './download.ts';

describe('authenticated downloads', () => {
  it('reads the file name the server gives, RFC 6266 forms included', () => {
    expect(fileNameFrom('attachment; filename="orders-2026-12-05.csv"')).toBe(
      'orders-2026-12-05.csv',
    );
    expect(fileNameFrom('attachment; filename=poster.pdf')).toBe('poster.pdf');
    expect(fileNameFrom(`attachment; filename="a.csv"; filename*=UTF-8''%C3%A0%20b.csv`)).toBe(
      'à b.csv',
    );
    expect(fileNameFrom(null)).toBeUndefined();
    expect(fileNameFrom('inline')).toBeUndefined();
  });

  it('puts API-relative paths under /api/v1 and keeps paths the API handed out', () => {
    expect(apiUrlFor('/events/manage/orders/export.csv?q=a')).toBe(
      '/api/v1/events/manage/orders/export.csv?q=a',
    );
    expect(apiUrlFor('/api/v1/events/manage/share-kit/e1/poster.png')).toBe(
      '/api/v1/events/manage/share-kit/e1/poster.png',
    );
  });
});
