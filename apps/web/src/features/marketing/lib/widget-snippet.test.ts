import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET, embedUrl, iframeSnippet, scriptSnippet } from './widget-snippet.ts';

const ORIGIN = 'https://tickets.example';

describe('the widget snippet', () => {
  it('is one script tag and one element carrying the options', () => {
    const snippet = scriptSnippet(ORIGIN, 'lagos-jazz', {
      layout: 'button',
      theme: 'dark',
      accent: '#E11D48',
      ref: 'insta',
    });
    expect(snippet).toBe(
      '<script async src="https://tickets.example/widget.js"></script>\n' +
        '<div data-gatepass-event="lagos-jazz" data-layout="button" data-theme="dark" data-accent="#e11d48" data-ref="insta"></div>',
    );
  });

  it('leaves out an empty or invalid tracking code and falls back from a bad accent', () => {
    const snippet = scriptSnippet(ORIGIN, 'x', {
      ...DEFAULT_WIDGET,
      accent: 'red;background:url(x)',
      ref: 'no spaces"><script>',
    });
    expect(snippet).toContain('data-accent="#4f46e5"');
    expect(snippet).not.toContain('data-ref');
    expect(snippet).not.toContain('<script>');
  });

  it('points the iframe fallback at the embed page, escaped for HTML', () => {
    const url = embedUrl(ORIGIN, 'a b', { ...DEFAULT_WIDGET, ref: 'wa' });
    expect(url).toBe(
      'https://tickets.example/embed/events/a%20b?layout=list&theme=light&accent=%234f46e5&ref=wa&via=widget',
    );
    const html = iframeSnippet(ORIGIN, 'a b', 'Jazz & "Friends"', DEFAULT_WIDGET);
    expect(html).toContain(
      'src="https://tickets.example/embed/events/a%20b?layout=list&amp;theme=light',
    );
    expect(html).toContain('title="Tickets for Jazz &amp; &quot;Friends&quot;"');
  });
});
