import { useSyncExternalStore } from 'react';
import { isScrolledPast, SCROLL_THRESHOLD_PX } from '../lib/navigation.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/** Whether the window is scrolled more than the threshold; re-renders only when that flips. */
export function useScrolledPast(threshold = SCROLL_THRESHOLD_PX): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isScrolledPast(window.scrollY, threshold),
    () => false,
  );
}
