/** A button or link to a wallet: what the pages, the mail and the light ticket page show. */
export interface WalletLink {
  label: string;
  href: string;
}

export interface WalletEnabled {
  apple: boolean;
  google: boolean;
}

/** Apple's and Google's own button wording. */
export const APPLE_WALLET_LABEL = 'Add to Apple Wallet';
export const GOOGLE_WALLET_LABEL = 'Save to Google Wallet';

/**
 * The wallet links of an order's ticket link (`{PUBLIC_URL}/t/{code}-{mac}`), for each
 * wallet the server signs passes for; none when neither is configured.
 */
export function walletLinks(ticketUrl: string, enabled: WalletEnabled): WalletLink[] {
  return [
    ...(enabled.apple ? [{ label: APPLE_WALLET_LABEL, href: `${ticketUrl}/pass.pkpass` }] : []),
    ...(enabled.google ? [{ label: GOOGLE_WALLET_LABEL, href: `${ticketUrl}/google` }] : []),
  ];
}
