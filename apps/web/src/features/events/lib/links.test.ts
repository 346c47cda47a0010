import type { PublicTicketTypeDto } from '@gatepass/shared';
import { describe, expect, it } from 'vitest';
import { checkoutItems, mapSearchUrl, whatsappShareUrl, xShareUrl } from './links.ts';
import { quantityRange, stepDown, stepUp } from './quantity.ts';

describe('checkoutItems', () => {
  it('lists each chosen ticket type with its quantity', () => {
    expect(checkoutItems({ a: 2, b: 0, c: 1 })).toBe('a:2,c:1');
    expect(checkoutItems({ a: 0 })).toBe('');
  });
});

describe('share and map links', () => {
  it('searches Google Maps for the venue, address and city', () => {
    expect(mapSearchUrl(['Eko Hotel', ' Adetokunbo Ademola St ', null, 'Lagos'])).toBe(
      'https://www.google.com/maps/search/?api=1&query=Eko%20Hotel%2C%20Adetokunbo%20Ademola%20St%2C%20Lagos',
    );
    expect(mapSearchUrl([null, ''])).toBeNull();
  });

  it('puts the title and link into WhatsApp and X', () => {
    expect(whatsappShareUrl('Jazz & Wine', 'https://x.test/events/jazz')).toBe(
      'https://wa.me/?text=Jazz%20%26%20Wine%20https%3A%2F%2Fx.test%2Fevents%2Fjazz',
    );
    expect(xShareUrl('Jazz', 'https://x.test/e')).toBe(
      'https://x.com/intent/tweet?text=Jazz&url=https%3A%2F%2Fx.test%2Fe',
    );
  });
});

const type = (over: Partial<PublicTicketTypeDto> = {}): PublicTicketTypeDto => ({
  id: 't',
  name: 'Regular',
  description: null,
  price: 5000,
  remaining: 100,
  held: 0,
  minPerOrder: 1,
  maxPerOrder: 10,
  salesStartAt: null,
  salesEndAt: null,
  salesStartLocal: null,
  salesEndLocal: null,
  availability: 'on_sale',
  kind: 'regular',
  suggestedPrice: null,
  admits: 1,
  ...over,
});

describe('quantity selector', () => {
  it('goes from none to the minimum and back, and stops at the maximum', () => {
    const range = quantityRange(type({ minPerOrder: 2, maxPerOrder: 4 }));
    expect(range).toEqual({ min: 2, max: 4 });
    if (!range) return;
    expect(stepUp(0, range)).toBe(2);
    expect(stepUp(4, range)).toBe(4);
    expect(stepDown(2, range)).toBe(0);
    expect(stepDown(3, range)).toBe(2);
  });

  it('never offers more than what is left', () => {
    expect(quantityRange(type({ remaining: 3 }))).toEqual({ min: 1, max: 3 });
    expect(quantityRange(type({ remaining: 1, minPerOrder: 2 }))).toBeNull();
  });

  it('offers nothing when the type is not on sale', () => {
    expect(quantityRange(type({ availability: 'sold_out', remaining: 0 }))).toBeNull();
    expect(quantityRange(type({ availability: 'not_yet_on_sale' }))).toBeNull();
    expect(quantityRange(type({ availability: 'sales_ended' }))).toBeNull();
  });
});
