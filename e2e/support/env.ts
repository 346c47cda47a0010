/**
 * Names of the variables the global setup hands to the test workers. Workers are started
 * after the global setup, so they inherit what it puts into process.env.
 */
export const ENV = {
  baseUrl: 'E2E_BASE_URL',
  mailDir: 'E2E_MAIL_DIR',
} as const;

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the end-to-end tests through playwright.config.ts so its global setup starts the server (npm run test:e2e).`,
    );
  }
  return value;
}
