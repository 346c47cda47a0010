const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path's id can name a row at all: a service answers 404 for anything else before
 * asking the database (PostgreSQL would refuse to compare it with a uuid column).
 */
export const isUuid = (value: string): boolean => UUID.test(value);
