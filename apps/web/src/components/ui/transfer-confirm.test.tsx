import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NewHolderSummary } from './transfer-confirm.tsx';

/**
 * Issue 21 §1 (decision 050): before a transfer is sent, the buyer's page and the
 * organiser's drawer show whom the tickets go to — their name, email and phone — and that it
 * cannot be undone. The dialog around it is the app's ConfirmDialog; this is what it says.
 */
const text = (html: string) =>
  html
    .replace(/<\/(dd|dt|p|div)>/g, '$& ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe('the transfer confirmation', () => {
  it("names the new holder, their email and phone, the code that stops working, and that it can't be undone", () => {
    const html = renderToStaticMarkup(
      <NewHolderSummary
        holder={{
          firstName: 'Amaka',
          lastName: 'Eze',
          email: 'amaka.eze@example.com',
          phone: '0803 123 4567',
        }}
        tickets="2 tickets"
        oldCode="12345678"
      />,
    );
    expect(text(html)).toBe(
      'The 2 tickets will belong to: Name Amaka Eze Email amaka.eze@example.com Phone 0803 123 4567 ' +
        'This cannot be undone. They get a new ticket with a new order code by email and SMS, and code 12345678 stops working at once. Check the email address: only it receives the tickets.',
    );
  });

  it('leaves the phone out when none was given, and says "by email" only', () => {
    const html = renderToStaticMarkup(
      <NewHolderSummary
        holder={{ firstName: 'Kunle', lastName: 'Ade', email: 'kunle@example.com', phone: ' ' }}
        tickets="ticket"
      />,
    );
    const said = text(html);
    expect(said).toContain('The ticket will belong to: Name Kunle Ade Email kunle@example.com');
    expect(said).not.toContain('Phone');
    expect(said).toContain('by email, and the current code stops working at once');
  });

  it('shows what was typed as text, never as markup', () => {
    const html = renderToStaticMarkup(
      <NewHolderSummary
        holder={{ firstName: '<b>Ada</b>', lastName: 'Obi', email: 'ada@example.com' }}
        tickets="ticket"
      />,
    );
    expect(html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(html).not.toContain('<b>Ada</b>');
  });
});
