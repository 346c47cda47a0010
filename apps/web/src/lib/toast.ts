import type * as ToastLibrary from 'react-toastify';
import type { ToastOptions } from 'react-toastify';

/**
 * Toasts (spec §9) through react-toastify, loaded at the first toast rather than with every
 * page (decision 020): most visits never show one. A toast asked for before the library
 * and its container are there waits in react-toastify's own queue and shows when the
 * container mounts, a moment later.
 */

type Kind = 'success' | 'error' | 'warning';
type ToastModule = typeof ToastLibrary;

let library: Promise<ToastModule> | undefined;
const listeners = new Set<() => void>();

/** Starts loading react-toastify (once) and tells the container to mount. */
function load(): Promise<ToastModule> {
  if (!library) {
    library = import('react-toastify');
    // A load that failed (offline, before the service worker kept the file) is tried
    // again at the next toast rather than remembered as failed for the page's life.
    library.catch(() => {
      library = undefined;
    });
    listeners.forEach((listener) => listener());
  }
  return library;
}

/**
 * Loads the library now, ahead of the first toast, for a screen that must be able to toast
 * offline: the door, whose steward may lose the network right after opening it, before the
 * service worker has cached the app and controls the page (decision 090). Once loaded, the
 * module stays in the page's module map, so later toasts need no network.
 */
export function preloadToasts(): void {
  load().catch(() => undefined);
}

function show(kind: Kind, message: string, options?: ToastOptions): void {
  load().then(
    ({ toast: show }) => show[kind](message, options),
    () => undefined, // offline before the library was kept: this toast is lost, not the next
  );
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};

/** For the container: whether a toast was asked for yet, and a way to hear when one is. */
export const toastDemand = {
  wanted: () => library !== undefined,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
