/**
 * Build-time settings of the web app. The API lives on the same host under /api/v1
 * (spec §7); VITE_API_URL only exists to point a dev build elsewhere.
 */
export const env = {
  apiUrl: import.meta.env.VITE_API_URL ?? '/api/v1',
  appName: 'Gatepass',
} as const;
