import { queryKeys } from '../../../lib/queries/keys.ts';

/** Query keys of marketing: promo codes and share kits. */
export const marketingKeys = {
  all: queryKeys.marketing.all,
  promoLists: () => [...queryKeys.marketing.all, 'promo-codes'] as const,
  promoList: (eventId: string | undefined) =>
    [...queryKeys.marketing.all, 'promo-codes', eventId ?? 'all'] as const,
  shareKit: (eventId: string) => [...queryKeys.marketing.all, 'share-kit', eventId] as const,
};

export const PROMO_CODES_PATH = '/events/manage/promo-codes';
export const SHARE_KIT_PATH = '/events/manage/share-kit';
