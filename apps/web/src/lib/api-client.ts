import { embedCarry } from './embed-carry.ts';
import { env } from '../config/env.ts';
import { describeApiError } from './api-error.ts';
import { ORGANISER_HEADER_NAME, tokenStorage, workspaceStorage } from './storage.ts';
import { toast } from './toast.ts';

/**
 * The one API client (spec §7): base /api/v1, JSON, no timeout, and the bearer token read
 * from local storage on every request so a login in another tab is picked up. A failed
 * call shows the spec's §8 toast unless the caller handles it (`skipErrorToast`).
 *
 * It is the browser's fetch with that behaviour around it (decision 020): axios weighed
 * 13 KB gzipped on every page for what these few lines do. Only an upload with a progress
 * bar goes through XMLHttpRequest, the one browser API that reports upload progress.
 */

export interface ApiRequestConfig {
  /** Query string values; undefined and null are left out, arrays repeat the key. */
  params?: Record<string, unknown>;
  /** Extra headers; a value of undefined removes a default one. */
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** Set by calls that handle their failure themselves and want no global toast. */
  skipErrorToast?: boolean;
  /** Upload progress, from 0 to 1 (multipart uploads). */
  onUploadProgress?: (progress: { loaded: number; total: number }) => void;
}

export interface ApiResponse<T = unknown> {
  status: number;
  /** The parsed JSON body (undefined for an empty answer). */
  data: T;
  headers: Headers;
}

/**
 * A call that failed. `response` is there when the server answered (the shape screens and
 * `readApiFailure` read); a network failure has none.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly response?: { status: number; data: unknown; headers: Headers },
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

let onUnauthorized: (() => void) | undefined;

/**
 * Registers what happens when the server refuses a token we sent (expired or revoked
 * session): the app clears the session so the user is asked to log in again.
 */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

let onForbidden: (() => void) | undefined;

/**
 * Registers what happens when a call made for a chosen organiser is refused (403): the app
 * asks again which teams the user is on (issue 21 §6: a removed member's device forgets
 * that organiser's lists at the first refusal, whatever page made it).
 */
export function setForbiddenHandler(handler: (() => void) | undefined): void {
  onForbidden = handler;
}

function urlFor(path: string, params: Record<string, unknown> | undefined): string {
  let url = /^https?:\/\//.test(path) ? path : `${env.apiUrl.replace(/\/$/, '')}${path}`;
  if (params) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null) query.append(key, String(item));
      }
    }
    const text = query.toString();
    if (text) url += `${url.includes('?') ? '&' : '?'}${text}`;
  }
  return url;
}

function headersFor(body: unknown, extra: ApiRequestConfig['headers']): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  // FormData sets its own multipart type with the boundary.
  if (body !== undefined && !(body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  for (const [name, value] of Object.entries(extra ?? {})) {
    if (value === undefined) headers.delete(name);
    else headers.set(name, value);
  }
  // The widget's waiting-room visitor and pass, carried without cookies (decision 074).
  for (const [name, value] of Object.entries(embedCarry.headers())) {
    if (!headers.has(name)) headers.set(name, value);
  }
  const token = tokenStorage.get();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  // Teams: the organiser this user works for (absent: the server's default, their own).
  const workspace = workspaceStorage.get();
  if (token && workspace && !headers.has(ORGANISER_HEADER_NAME)) {
    headers.set(ORGANISER_HEADER_NAME, workspace);
  }
  return headers;
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

interface Sent {
  status: number;
  text: string;
  headers: Headers;
}

function sendWithProgress(
  method: string,
  url: string,
  headers: Headers,
  body: XMLHttpRequestBodyInit,
  config: ApiRequestConfig,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) config.onUploadProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      const answerHeaders = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) answerHeaders.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve({ status: xhr.status, text: xhr.responseText, headers: answerHeaders });
    };
    xhr.onerror = () => reject(new TypeError('Network Error'));
    xhr.onabort = () => reject(new DOMException('The request was aborted.', 'AbortError'));
    config.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  config: ApiRequestConfig = {},
): Promise<ApiResponse<T>> {
  const url = urlFor(path, config.params);
  const headers = headersFor(body, config.headers);
  const sentToken = headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
  const payload =
    body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);
  let sent: Sent;
  try {
    if (config.onUploadProgress && payload !== undefined) {
      sent = await sendWithProgress(method, url, headers, payload, config);
    } else {
      const response = await fetch(url, {
        method,
        headers,
        body: payload ?? null,
        signal: config.signal ?? null,
      });
      sent = { status: response.status, text: await response.text(), headers: response.headers };
    }
  } catch (cause) {
    // A cancelled request is not a failure the user needs to hear about.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError('Network Error', undefined, { cause });
    if (!config.skipErrorToast) showFailure(undefined, undefined);
    throw error;
  }
  embedCarry.take(sent.headers);
  const data = parseBody(sent.text, sent.headers.get('content-type'));
  if (sent.status >= 200 && sent.status < 300) {
    return { status: sent.status, data: data as T, headers: sent.headers };
  }
  // A 401 for a session that ended while the request was out (a logout, a login as someone
  // else) concerns nobody any more: no toast, and the current session stays.
  const staleSession =
    sent.status === 401 && sentToken !== null && sentToken !== tokenStorage.get();
  if (!config.skipErrorToast && !staleSession) showFailure(sent.status, data);
  if (sent.status === 401 && headers.has('Authorization') && !staleSession) onUnauthorized?.();
  if (sent.status === 403 && headers.has(ORGANISER_HEADER_NAME)) onForbidden?.();
  throw new ApiError(`Request failed with status code ${sent.status}`, {
    status: sent.status,
    data,
    headers: sent.headers,
  });
}

function showFailure(status: number | undefined, body: unknown): void {
  const { type, message, autoClose } = describeApiError(status, body);
  // The message doubles as the toast id, so a burst of identical failures shows once.
  toast[type](message, { toastId: message, ...(autoClose ? { autoClose } : {}) });
}

export const api = {
  get: <T = unknown>(path: string, config?: ApiRequestConfig) =>
    request<T>('GET', path, undefined, config),
  delete: <T = unknown>(path: string, config?: ApiRequestConfig) =>
    request<T>('DELETE', path, undefined, config),
  post: <T = unknown>(path: string, body?: unknown, config?: ApiRequestConfig) =>
    request<T>('POST', path, body, config),
  put: <T = unknown>(path: string, body?: unknown, config?: ApiRequestConfig) =>
    request<T>('PUT', path, body, config),
  patch: <T = unknown>(path: string, body?: unknown, config?: ApiRequestConfig) =>
    request<T>('PATCH', path, body, config),
};
