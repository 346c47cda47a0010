/**
 * The browser the tests drive: Debian's Chromium (`npx playwright install` cannot download
 * here), with the flags every run uses. Shared by playwright.config.ts and the tests that
 * launch a browser of their own (the door's fake camera).
 */
export const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
