/**
 * Page data (decision 021): the HTML of a public page carries the API answers its first
 * render asks for, so the page shows in one render after the scripts arrive instead of
 * waiting a round trip for its data. The server writes them into
 * `<script type="application/json" id="page-data">`, keyed by `pageDataKey`; the web app
 * takes each one once, as a query's initial data.
 */

/** The id of the element that carries a page's data. */
export const PAGE_DATA_ID = 'page-data';

/** API answers by `pageDataKey`, each the whole body GET /api/v1{key} answered. */
export type PageData = Record<string, unknown>;

/**
 * The key of an API GET: its path under /api/v1 and its query, names sorted and empty
 * values left out, so the server and the web app name the same request alike whatever
 * order they built its query in.
 */
export function pageDataKey(path: string, params: Record<string, unknown> = {}): string {
  const query = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value !== undefined && value !== null && value !== '') query.append(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
