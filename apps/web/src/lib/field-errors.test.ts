import { describe, expect, it } from 'vitest';
import { apiFieldErrors } from './field-errors.ts';

describe('form field errors', () => {
  it("puts the server's issues under their fields and any other refusal under _form", () => {
    const validation = {
      response: {
        status: 400,
        data: {
          error: 'Code must be at least 3 characters.',
          code: 'VALIDATION_FAILED',
          details: { issues: [{ field: 'code', message: 'Code must be at least 3 characters.' }] },
        },
      },
    };
    expect(apiFieldErrors(validation)).toEqual({ code: 'Code must be at least 3 characters.' });
    const conflict = {
      response: {
        status: 409,
        data: { error: 'This event already has a promo code EARLY.', code: 'PROMO_CODE_TAKEN' },
      },
    };
    expect(apiFieldErrors(conflict)).toEqual({
      _form: 'This event already has a promo code EARLY.',
    });
    expect(apiFieldErrors(new Error('offline'))).toEqual({});
  });
});
