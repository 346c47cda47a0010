import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberSource, SOURCE_KEY, sourceInSearch } from './source.ts';

/** A tab's sessionStorage, as the browser gives it. */
function fakeSession(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

const g = globalThis as { window?: { sessionStorage: Storage } };
beforeEach(() => {
  g.window = { sessionStorage: fakeSession() };
});
afterEach(() => {
  delete g.window;
});

describe('where a visit came from', () => {
  it('reads ?ref= and ?via=widget, and ignores what is not a source', () => {
    expect(sourceInSearch('?ref=instagram-bio')).toEqual({ ref: 'instagram-bio' });
    expect(sourceInSearch('?via=widget&ref=flyer')).toEqual({ ref: 'flyer', via: 'widget' });
    expect(sourceInSearch('?via=page&ref=bad%20ref!')).toEqual({});
    expect(sourceInSearch(`?ref=${'x'.repeat(33)}`)).toEqual({});
  });

  it('keeps the source for the tab, per event, so checkout can send it without the URL', () => {
    expect(rememberSource('event-1', '?ref=flyer')).toEqual({ ref: 'flyer' });
    expect(rememberSource('event-1', '?items=a:1')).toEqual({ ref: 'flyer' });
    expect(rememberSource('event-2', '')).toEqual({});
    // A new link replaces the kept one.
    expect(rememberSource('event-1', '?ref=whatsapp&via=widget')).toEqual({
      ref: 'whatsapp',
      via: 'widget',
    });
    expect(JSON.parse(g.window!.sessionStorage.getItem(SOURCE_KEY)!)['event-1']).toEqual({
      ref: 'whatsapp',
      via: 'widget',
    });
  });

  it('without storage (blocked), still answers the URL’s source', () => {
    delete g.window;
    expect(rememberSource('event-1', '?ref=flyer')).toEqual({ ref: 'flyer' });
    expect(rememberSource('event-1', '')).toEqual({});
  });
});
