import { describe, expect, it } from 'vitest';
import { describeApiError, readApiFailure } from './api-error.ts';

describe('describeApiError (spec §8 catalogue)', () => {
  const cases: Array<[number, string, string]> = [
    [
      401,
      'Authentication Error: Invalid phone number or password.',
      'Authentication Error: Unauthorized',
    ],
    [403, 'Permission Denied: Please verify your email.', 'Permission Denied: Forbidden'],
    [400, 'An error occurred: Email is required', 'An error occurred: Invalid request data.'],
    [500, 'Server Error: Boom.', 'Server Error: Something went wrong on the server.'],
    [409, 'Error: That email is taken.', 'Error: An unexpected error occurred.'],
    [429, 'Error: Too many attempts.', 'Error: An unexpected error occurred.'],
    [502, 'Error: Bad gateway.', 'Error: An unexpected error occurred.'],
  ];
  const sentence = (message: string) => message.slice(message.indexOf(': ') + 2);

  it.each(cases)(
    'status %i uses the body error, then the default',
    (status, withError, fallback) => {
      expect(describeApiError(status, { error: sentence(withError) })).toEqual({
        type: 'error',
        message: withError,
      });
      expect(describeApiError(status, {})).toEqual({ type: 'error', message: fallback });
    },
  );

  it('shows 404 as a warning', () => {
    expect(describeApiError(404, { error: 'No such event.' })).toEqual({
      type: 'warning',
      message: 'Resource Not Found: No such event.',
    });
    expect(describeApiError(404, undefined)).toEqual({
      type: 'warning',
      message: 'Resource Not Found: The requested resource was not found.',
    });
  });

  it('reports no response as a network error closing after 5 seconds', () => {
    expect(describeApiError(undefined)).toEqual({
      type: 'error',
      message: 'Network Error: There was a problem connecting to the server.',
      autoClose: 5000,
    });
  });

  it('falls back when error is not a usable string', () => {
    expect(describeApiError(401, { error: '' }).message).toBe('Authentication Error: Unauthorized');
    expect(describeApiError(401, { error: 42 }).message).toBe('Authentication Error: Unauthorized');
    expect(describeApiError(500, '<html>oops</html>').message).toBe(
      'Server Error: Something went wrong on the server.',
    );
  });
});

describe('readApiFailure', () => {
  it('reads status, code, sentence and details from the response of a failed call', () => {
    const err = {
      response: {
        status: 403,
        data: { error: 'Verify first.', code: 'EMAIL_NOT_VERIFIED', details: { email: 'a@b.co' } },
      },
    };
    expect(readApiFailure(err)).toEqual({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
      error: 'Verify first.',
      details: { email: 'a@b.co' },
    });
  });
  it('gives empty fields for a network failure or a non-error', () => {
    const empty = { status: undefined, code: undefined, error: undefined, details: undefined };
    expect(readApiFailure(new Error('Network Error'))).toEqual(empty);
    expect(readApiFailure(undefined)).toEqual(empty);
  });
});
