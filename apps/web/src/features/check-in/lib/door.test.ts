import { describe, expect, it } from 'vitest';
import {
  admitsText,
  bannerText,
  importMessage,
  ticketTypesText,
  checkedInTickets,
  codeFromQr,
  createDuplicateFilter,
  DUPLICATE_QR_MS,
  indexOrders,
  isManualCode,
  judge,
  MAX_SCANS_PER_SECOND,
  parseBackup,
  backupJson,
  pendingCodes,
  searchOrders,
  withAttended,
  withMarked,
  type DoorOrder,
} from './door.ts';

const ada: DoorOrder = {
  _id: 'o1',
  orderCode: '12345678',
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'Ada.Obi@Example.com',
  totalPrice: 5000,
  quantity: 2,
  attendedAt: null,
};
const tunde: DoorOrder = {
  _id: 'o2',
  orderCode: '87654321',
  firstName: 'Tunde',
  lastName: 'Bakare',
  email: 'tunde@example.com',
  totalPrice: 0,
  quantity: 1,
  attendedAt: '2026-11-21T18:00:00.000Z',
};
const index = indexOrders([ada, tunde]);

describe('judging a code (spec §4)', () => {
  it('answers invalid for an unknown code, valid for a known new one, used for a validated one', () => {
    expect(judge(index, new Set(), '00000000')).toEqual({ kind: 'invalid', code: '00000000' });
    expect(judge(index, new Set(), ada.orderCode).kind).toBe('valid');
    expect(judge(index, new Set([ada.orderCode]), ada.orderCode).kind).toBe('used');
  });

  it('counts a code the server says was let in elsewhere as used', () => {
    expect(judge(index, new Set(), tunde.orderCode).kind).toBe('used');
  });
});

describe('banner words (spec §2)', () => {
  it('shows name, naira total and quantity for a valid ticket', () => {
    expect(bannerText({ kind: 'valid', code: ada.orderCode, order: ada })).toEqual({
      title: 'Valid: Ada Obi, ₦5,000.00',
      detail: 'Qty: 2',
    });
  });

  it("leaves out 'Qty' when the order has no quantity", () => {
    const noQty = { ...ada, quantity: undefined };
    expect(bannerText({ kind: 'valid', code: ada.orderCode, order: noQty })).toEqual({
      title: 'Valid: Ada Obi, ₦5,000.00',
    });
  });

  it("says 'Already used' with the quantity, and 'Invalid'", () => {
    expect(bannerText({ kind: 'used', code: ada.orderCode, order: ada })).toEqual({
      title: 'Already used',
      detail: 'Qty: 2',
    });
    expect(bannerText({ kind: 'invalid', code: 'x' })).toEqual({ title: 'Invalid' });
  });

  it("says 'Admits 10' for a table beside the spec's words, and nothing for ordinary orders", () => {
    const table = { ...ada, quantity: 1, admits: 10 };
    expect(bannerText({ kind: 'valid', code: ada.orderCode, order: table })).toEqual({
      title: 'Valid: Ada Obi, ₦5,000.00',
      detail: 'Qty: 1',
    });
    expect(admitsText(table)).toBe('Admits 10');
    expect(admitsText({ ...ada, admits: 0 })).toBe('Admits no one');
    expect(admitsText(ada)).toBeUndefined();
  });
});

describe('beside the banner words (issue 12)', () => {
  it("names the order's ticket types with how many of each, when the list has them", () => {
    expect(
      ticketTypesText({
        ...ada,
        ticketTypes: [
          { name: 'Regular', quantity: 1 },
          { name: 'VIP', quantity: 1 },
        ],
      }),
    ).toBe('Regular × 1, VIP × 1');
    expect(ticketTypesText({ ...ada, ticketTypes: [{ name: 'VIP', quantity: 2 }] })).toBe('VIP');
    expect(ticketTypesText({ ...ada, ticketTypes: [] })).toBeUndefined();
    expect(ticketTypesText(ada)).toBeUndefined();
  });

  it('says what an import added', () => {
    expect(importMessage({ orders: 5, checkIns: 2 })).toBe(
      'Import added 2 check-ins and 5 orders.',
    );
    expect(importMessage({ orders: 1, checkIns: 1 })).toBe('Import added 1 check-in and 1 order.');
    expect(importMessage({ orders: 0, checkIns: 0 })).toBe(
      'Import added nothing new: this device already had every order and check-in.',
    );
  });
});

describe('manual code (spec §5)', () => {
  it('fires only at exactly 8 digits', () => {
    expect(isManualCode('12345678')).toBe(true);
    for (const value of ['1234567', '123456789', '1234567a', ' 12345678', '1234 5678', '']) {
      expect(isManualCode(value), value).toBe(false);
    }
  });
});

describe('QR text', () => {
  it('reads the order code, also from a link around exactly one code', () => {
    expect(codeFromQr(' 12345678\n')).toBe('12345678');
    expect(codeFromQr('https://gatepass.example/t/12345678')).toBe('12345678');
    expect(codeFromQr('12345678 and 87654321')).toBe('12345678 and 87654321');
    expect(codeFromQr('123456789')).toBe('123456789');
  });

  it('scans at most twice a second (500 ms scan delay, spec §9)', () => {
    expect(MAX_SCANS_PER_SECOND).toBe(2);
  });
});

describe('duplicate QR suppression (spec §4, §9: 5000 ms)', () => {
  it('ignores the same text for 5 s after an accepted scan, without extending the window', () => {
    const isNew = createDuplicateFilter();
    expect(isNew('A', 0)).toBe(true);
    expect(isNew('A', 1000)).toBe(false);
    expect(isNew('A', DUPLICATE_QR_MS - 1)).toBe(false);
    expect(isNew('A', DUPLICATE_QR_MS)).toBe(true);
    expect(isNew('A', DUPLICATE_QR_MS + 10)).toBe(false);
  });

  it('lets another text through at once and remembers each text on its own', () => {
    const isNew = createDuplicateFilter();
    expect(isNew('A', 0)).toBe(true);
    expect(isNew('B', 100)).toBe(true);
    expect(isNew('A', 200)).toBe(false);
    expect(isNew('B', 5099)).toBe(false);
    expect(isNew('B', 5100)).toBe(true);
  });
});

describe('search (spec §5)', () => {
  it("matches case-insensitively on 'first last' or email, not on the code", () => {
    expect(searchOrders(index, 'ada obi').matches).toEqual([ada]);
    expect(searchOrders(index, 'A OB').matches).toEqual([ada]);
    expect(searchOrders(index, 'EXAMPLE.COM').total).toBe(2);
    expect(searchOrders(index, 'tunde@').matches).toEqual([tunde]);
    expect(searchOrders(index, 'obi ada').total).toBe(0);
    expect(searchOrders(index, '   ').total).toBe(0);
  });

  it('finds a group order by a name given to one of its tickets (decision 080), never across two names', () => {
    const group: DoorOrder = {
      orderCode: '55554444',
      firstName: 'Bola',
      lastName: 'Group',
      email: 'bola@example.com',
      totalPrice: 20000,
      quantity: 3,
      holders: ['Kemi Adeyemi', 'Segun Ola'],
    };
    const index = indexOrders([ada, group]);
    expect(searchOrders(index, 'kemi ade').matches).toEqual([group]);
    expect(searchOrders(index, 'SEGUN').matches).toEqual([group]);
    expect(searchOrders(index, 'group kemi').total).toBe(0);
    expect(searchOrders(index, 'adeyemi segun').total).toBe(0);
  });

  it('answers 10,000 orders within a frame per keystroke and caps what it lists', () => {
    const many: DoorOrder[] = Array.from({ length: 10_000 }, (_, i) => ({
      orderCode: String(10_000_000 + i),
      firstName: `Guest${i}`,
      lastName: i % 2 ? 'Adeyemi' : 'Okafor',
      email: `guest${i}@example.com`,
      totalPrice: 5000,
      quantity: 1,
    }));
    const big = indexOrders(many);
    const started = performance.now();
    const queries = ['a', 'ad', 'ade', 'adey', 'guest99', 'guest9999', 'nobody'];
    for (const q of queries) searchOrders(big, q);
    const perKeystroke = (performance.now() - started) / queries.length;
    expect(perKeystroke).toBeLessThan(16);
    const { matches, total } = searchOrders(big, 'adeyemi');
    expect(total).toBe(5000);
    expect(matches).toHaveLength(50);
    expect(big.totalTickets).toBe(10_000);
  });
});

describe('counts and pending codes', () => {
  it('counts checked-in tickets by quantity and sends only what the server lacks', () => {
    const validated = withAttended(index.orders, new Set([ada.orderCode, '99999999']));
    expect([...validated].sort()).toEqual(['12345678', '87654321', '99999999']);
    expect(checkedInTickets(index, validated)).toBe(3);
    expect(pendingCodes(index, validated)).toEqual([ada.orderCode]);
  });

  it('records the check-in times a mark-attended answer gives', () => {
    const orders = withMarked(index.orders, [ada.orderCode], [], '2026-11-21T19:00:00.000Z');
    expect(orders.find((o) => o.orderCode === ada.orderCode)?.attendedAt).toBe(
      '2026-11-21T19:00:00.000Z',
    );
    // The first check-in keeps its time.
    expect(
      withMarked(
        orders,
        [],
        [{ orderCode: ada.orderCode, attendedAt: '2026-11-21T20:00:00.000Z' }],
        'x',
      ),
    ).toBe(orders);
  });
});

describe('data.json (spec §2 Export / Import)', () => {
  it('round-trips the tickets and the validated codes', () => {
    const text = backupJson('ev1', [ada, tunde], new Set([ada.orderCode]), '2026-11-21T19:00:00Z');
    expect(parseBackup(text, 'ev1')).toEqual({
      tickets: [ada, tunde],
      validated: [ada.orderCode],
    });
  });

  it('ignores malformed files and files of another event', () => {
    for (const text of [
      '',
      'not json',
      '[]',
      '{"tickets": "x", "validated": []}',
      '{"tickets": [{"orderCode": 1}], "validated": []}',
      '{"tickets": [], "validated": [1]}',
      '{"tickets": []}',
      'null',
    ]) {
      expect(parseBackup(text, 'ev1'), text).toBeUndefined();
    }
    expect(parseBackup(backupJson('ev2', [ada], new Set(), 'now'), 'ev1')).toBeUndefined();
    // A file without an event id (an older export) is accepted.
    expect(parseBackup(JSON.stringify({ tickets: [ada], validated: [] }), 'ev1')).toBeDefined();
  });
});
