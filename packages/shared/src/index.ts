export * from './errors.ts';
export * from './limits.ts';
export * from './money.ts';
export * from './fee.ts';
export * from './date.ts';
export * from './contracts/envelope.ts';
export * from './contracts/auth.ts';
export * from './contracts/events.ts';
