/**
 * Slugs are readable ("lagos-jazz-night"), ASCII, at most 60 characters. Words the web
 * uses under /events/ are reserved so an event can never shadow a page.
 */
const MAX_LENGTH = 60;
const RESERVED = new Set([
  'manage',
  'create',
  'new',
  'edit',
  'search',
  'categories',
  'calendar',
  'all',
]);

export const isReservedSlug = (slug: string): boolean => RESERVED.has(slug);

export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/-+$/g, '');
  return base || 'event';
}

/** Whether `slug` is `base` or `base-N` (a slug made from the same title). */
export function slugBelongsTo(slug: string, base: string): boolean {
  return slug === base || new RegExp(`^${base}-\\d+$`).test(slug);
}

/**
 * The first free slug for `base` given the slugs already taken from it: `base`, then
 * `base-2`, `base-3`… (one past the highest suffix in use, so a deleted one is not reused
 * while a later one exists).
 */
export function nextFreeSlug(base: string, taken: string[]): string {
  const takenSet = new Set(taken);
  if (!takenSet.has(base) && !RESERVED.has(base)) return base;
  let highest = 1;
  for (const slug of taken) {
    const suffix = slug.slice(base.length + 1);
    if (slug.startsWith(`${base}-`) && /^\d+$/.test(suffix))
      highest = Math.max(highest, Number(suffix));
  }
  return `${base}-${highest + 1}`;
}
