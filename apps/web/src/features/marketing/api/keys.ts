/** Query keys of marketing: promo codes and share kits. */
export const marketingKeys = {
  all: ['marketing'] as const,
  promoLists: () => ['marketing', 'promo-codes'] as const,
  promoList: (eventId: string | undefined) =>
    ['marketing', 'promo-codes', eventId ?? 'all'] as const,
  shareKit: (eventId: string) => ['marketing', 'share-kit', eventId] as const,
  events: () => ['marketing', 'events'] as const,
};

export const PROMO_CODES_PATH = '/events/manage/promo-codes';
export const SHARE_KIT_PATH = '/events/manage/share-kit';
