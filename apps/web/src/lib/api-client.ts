import axios, { AxiosHeaders, type AxiosError } from 'axios';
import { toast } from 'react-toastify';
import { env } from '../config/env.ts';
import { describeApiError } from './api-error.ts';
import { tokenStorage } from './storage.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set by calls that handle their failure themselves and want no global toast. */
    skipErrorToast?: boolean;
  }
}

/**
 * The one API client (spec §7): base /api/v1, JSON, no timeout, and the bearer token read
 * from local storage on every request so a login in another tab is picked up.
 */
export const api = axios.create({
  baseURL: env.apiUrl,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  timeout: 0,
});

let onUnauthorized: (() => void) | undefined;

/**
 * Registers what happens when the server refuses a token we sent (expired or revoked
 * session): the app clears the session so the user is asked to log in again.
 */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

api.interceptors.request.use((config) => {
  const token = tokenStorage.get();
  const headers = AxiosHeaders.from(config.headers);
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  config.headers = headers;
  return config;
});

api.interceptors.response.use(
  (response) => response,
  (error: AxiosError) => {
    // A cancelled request is not a failure the user needs to hear about.
    if (axios.isCancel(error)) return Promise.reject(error);
    const config = error.config;
    const status = error.response?.status;
    if (!config?.skipErrorToast) {
      const { type, message, autoClose } = describeApiError(status, error.response?.data);
      // The message doubles as the toast id, so a burst of identical failures shows once.
      toast[type](message, { toastId: message, ...(autoClose ? { autoClose } : {}) });
    }
    const sentToken = AxiosHeaders.from(config?.headers).has('Authorization');
    if (status === 401 && sentToken) onUnauthorized?.();
    return Promise.reject(error);
  },
);
