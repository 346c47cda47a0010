import { toast } from './toast.ts';
import { env } from '../config/env.ts';
import { describeApiError } from './api-error.ts';
import { tokenStorage } from './storage.ts';

/**
 * Downloads a file the API only gives to the signed-in organiser (CSV exports, posters).
 * A plain link cannot carry the bearer token, so the file is fetched with it and handed
 * to the browser as a blob. Failures show the same §8 toasts as every other call.
 *
 * `path` is relative to the API base (/api/v1), with its query string; a path the API
 * itself handed out ("/api/v1/…") is used as it is.
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  const token = tokenStorage.get();
  let response: Response;
  try {
    response = await fetch(apiUrlFor(path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    const { message, autoClose } = describeApiError(undefined);
    toast.error(message, { toastId: message, autoClose });
    throw error;
  }
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const { type, message } = describeApiError(response.status, body);
    toast[type](message, { toastId: message });
    throw new Error(message);
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName);
}

/** The URL of an API path: relative to the API base, or already absolute on the host. */
export function apiUrlFor(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  if (path.startsWith('/api/')) {
    // The API's own paths sit on the API's host, which is this page's host unless a dev
    // build points VITE_API_URL elsewhere.
    return /^https?:\/\//.test(env.apiUrl) ? new URL(path, env.apiUrl).toString() : path;
  }
  return `${env.apiUrl}${path}`;
}

/** The file name a Content-Disposition header gives (RFC 6266, filename* first). */
export function fileNameFrom(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : undefined;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
