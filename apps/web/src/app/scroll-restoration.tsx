import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the positions are kept for a reload (the key React Router's data router used). */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

let positions: Record<string, number> | undefined;
let currentKey = 'default';

function kept(): Record<string, number> {
  if (positions) return positions;
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    positions = parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    positions = {};
  }
  return positions;
}

function save(): void {
  try {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(kept()));
  } catch {
    // Storage blocked: positions are kept for this page's life only.
  }
}

/**
 * The scroll on moving between pages, as the data router's `<ScrollRestoration>` did it
 * (decision 090): a new address (a link, a search changed) starts at the top, or at the
 * element its #hash names; Back and Forward, and a reload, return to where that entry was
 * left. Positions are noted per history entry as the visitor scrolls, so a page that
 * replaces a longer one cannot overwrite the old entry's position, and kept in
 * sessionStorage when the page is left.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    const { history } = window;
    history.scrollRestoration = 'manual';
    const onScroll = () => {
      kept()[currentKey] = window.scrollY;
    };
    const onHide = () => {
      kept()[currentKey] = window.scrollY;
      save();
      history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
      history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    currentKey = location.key;
    const restore = type === 'POP' ? kept()[location.key] : undefined;
    if (restore !== undefined) {
      window.scrollTo(0, restore);
      return;
    }
    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, type]);

  return null;
}
