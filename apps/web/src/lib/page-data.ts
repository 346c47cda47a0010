import { PAGE_DATA_ID, pageDataKey, type Envelope, type PageData } from '@gatepass/shared';

/**
 * The API answers the server put into this page's HTML (decision 021), read once from the
 * element, which is then removed. Each answer is taken once: it stands for the first
 * request of its kind on this page load, and any later one goes to the server.
 */
let carried: PageData | undefined;

function pageData(): PageData {
  if (carried) return carried;
  carried = {};
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID);
  if (element?.textContent) {
    try {
      const parsed = JSON.parse(element.textContent) as unknown;
      if (parsed && typeof parsed === 'object') carried = parsed as PageData;
    } catch {
      // A page without usable data asks the server, as any later page does.
    }
  }
  element?.remove();
  return carried;
}

/** The body of GET /api/v1{path}?{params} if this page carries it (once), else undefined. */
function takePageData<T>(path: string, params?: Record<string, unknown>): T | undefined {
  const data = pageData();
  const key = pageDataKey(path, params);
  if (!(key in data)) return undefined;
  const body = data[key] as T;
  delete data[key];
  return body;
}

/**
 * Query options that start a query from the answer of GET /api/v1{path}?{params} this page
 * carries, if it does (taken once). Carried data was fetched with the page, so its freshness
 * counts from the page load.
 */
export function fromPageData<T>(path: string, params?: Record<string, unknown>) {
  return {
    initialData: () => takePageData<Envelope<T>>(path, params)?.data,
    initialDataUpdatedAt: () => Math.round(performance.timeOrigin),
  };
}
