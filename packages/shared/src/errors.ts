/**
 * Every stable error code the API can answer with. The `error` field of a response is the
 * human sentence the web shows; `code` is what programs switch on.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_JSON',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'INVALID_RESET_TOKEN',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CONFLICT',
  'SOLD_OUT',
  'PAYMENT_FAILED',
  'EVENT_NOT_READY',
  'EVENT_CANCELLED',
  'CAPACITY_BELOW_SOLD',
  'TICKET_TYPE_HAS_SALES',
  'INVALID_IMAGE',
  'PROMO_CODE_TAKEN',
  'INTERNAL',
  'WAITING_ROOM',
  'PAYOUT_ACCOUNT_REQUIRED',
  'ACCOUNT_NOT_RESOLVED',
  'AMOUNT_BELOW_MINIMUM',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
}
