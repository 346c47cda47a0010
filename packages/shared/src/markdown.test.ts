import { describe, expect, it } from 'vitest';
import { MARKDOWN_SAFE_URL, markdownToHtml } from './markdown.ts';

/** The one Markdown set-up the organiser's preview and the public page both use. */
describe('markdownToHtml', () => {
  it('starts headings at h3, below the page title (h1) and its sections (h2)', () => {
    expect(markdownToHtml('# A\n\n## B\n\n### C\n\n##### E\n\n###### F')).toBe(
      '<h3>A</h3>\n<h3>B</h3>\n<h4>C</h4>\n<h6>E</h6>\n<h6>F</h6>\n',
    );
  });

  it('shows raw HTML as text, inline and as a block', () => {
    expect(markdownToHtml('Hi <b onclick="x()">there</b>')).toBe(
      '<p>Hi &lt;b onclick=&quot;x()&quot;&gt;there&lt;/b&gt;</p>\n',
    );
    expect(markdownToHtml('<script>alert(1)</script>')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('keeps single line breaks and knows GitHub tables, strike-through and bare links', () => {
    expect(markdownToHtml('one\ntwo')).toBe('<p>one<br>two</p>\n');
    expect(markdownToHtml('~~gone~~ https://example.com')).toBe(
      '<p><del>gone</del> <a href="https://example.com">https://example.com</a></p>\n',
    );
    expect(markdownToHtml('| a | b |\n|:--|--:|\n| 1 | 2 |')).toContain(
      '<td align="left">1</td>\n<td align="right">2</td>',
    );
  });
});

describe('MARKDOWN_SAFE_URL', () => {
  it('lets http(s), mailto and relative URLs through, and nothing else', () => {
    for (const ok of [
      'https://a.b/c',
      'http://a.b',
      'mailto:x@y.z',
      '/events/x',
      '#top',
      'x?y=z:1',
    ])
      expect(MARKDOWN_SAFE_URL.test(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:x',
      'data:text/html,x',
      'vbscript:x',
      'tel:123',
    ])
      expect(MARKDOWN_SAFE_URL.test(bad), bad).toBe(false);
  });
});
