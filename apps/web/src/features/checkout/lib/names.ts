/**
 * Splits an account's full name into the order's first and last name: the first word,
 * then the rest ("Ada Lovelace Byron" → "Ada", "Lovelace Byron").
 */
export function splitFullName(fullName: string | null | undefined): {
  firstName: string;
  lastName: string;
} {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const [firstName = '', ...rest] = words;
  return { firstName, lastName: rest.join(' ') };
}
