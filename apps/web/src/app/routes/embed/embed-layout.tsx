import { WIDGET_MESSAGE } from '@gatepass/shared';
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { ScrollRestoration } from '../../scroll-restoration.tsx';
import { embedOptions } from '../../../config/embed.ts';
import { SignedInContext } from '../../../lib/signed-in.ts';
import { useSession } from '../../../features/auth/hooks/use-session.ts';

/**
 * The widget's frame (issue 26 §1): no navbar or footer, the organiser's theme and accent
 * (index.css maps the palette under html[data-embed]), and the content's height posted to
 * the loader script on the host page whenever it changes, so the iframe is as tall as
 * what it shows and never scrolls inside the page.
 */
export function EmbedLayout() {
  const { loggedIn } = useSession();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const html = document.documentElement;
    html.dataset.embed = embedOptions?.theme ?? 'light';
    if (embedOptions) html.style.setProperty('--embed-accent', embedOptions.accent);
  }, []);

  useEffect(() => {
    const element = root.current;
    if (!element || window.parent === window) return;
    let last = 0;
    let queued = false;
    const post = () => {
      queued = false;
      // Down to the bottom of the content, below the test-mode strip when there is one; a
      // dialog (the waiting list's form, portalled outside the content) needs its own
      // height, or the frame would cut it off.
      let height = Math.ceil(element.getBoundingClientRect().bottom + window.scrollY);
      for (const dialog of document.querySelectorAll('[role="dialog"]')) {
        height = Math.max(height, Math.ceil(dialog.scrollHeight) + 64);
      }
      if (height === last) return;
      last = height;
      // Only a height: nothing of the buyer's leaves the frame, so any host may read it.
      window.parent.postMessage({ type: WIDGET_MESSAGE.resize, height }, '*');
    };
    // Coalesced in a microtask (not an animation frame: a browser pauses those in a frame
    // off screen, and the height must be right before the buyer scrolls to it).
    const schedule = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(post);
    };
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    // Dialogs open and close outside the content.
    const dialogs = new MutationObserver(schedule);
    dialogs.observe(document.body, { childList: true, subtree: true });
    post();
    return () => {
      observer.disconnect();
      dialogs.disconnect();
    };
  }, []);

  return (
    <SignedInContext.Provider value={loggedIn}>
      <div ref={root} className="flow-root">
        <main id="main" tabIndex={-1} className="outline-none">
          <Outlet />
        </main>
        <p className="px-4 pb-3 pt-2 text-center text-xs text-slate-500">
          Tickets by{' '}
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className="font-semibold text-slate-600 hover:text-slate-800"
          >
            Gatepass
          </a>
        </p>
        <ScrollRestoration />
      </div>
    </SignedInContext.Provider>
  );
}
