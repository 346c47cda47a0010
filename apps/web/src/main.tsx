import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter, preloadCurrentPage } from './app/router.tsx';
import './index.css';
import { embedded } from './config/embed.ts';
import { registerServiceWorker } from './lib/register-service-worker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** How long the first render waits for the page's code before showing the spinner instead. */
const FIRST_PAGE_WAIT_MS = 300;

/** Resolves in a new task, so the browser can paint and answer input in between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Start-up in short tasks (decision 020): the modules (stores), then the router (it matches
 * the address), then the first render, each in a task of its own, so a phone is never
 * blocked for their sum. The first render shows the page itself (decision 021): its code
 * was fetched beside the entry (modulepreload) and its data came in the HTML, so waiting
 * the moment it takes to start the page's module saves a spinner swapped for the page and
 * a second render and layout just after the first paint.
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const router = createAppRouter();
  await Promise.race([
    preloadCurrentPage(router).catch(() => undefined), // a failed chunk is the route's to report
    new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
  ]);
  await nextTask();
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void start(root);
// Not in the widget: a frame on another site has no business installing the app's worker.
if (!embedded) registerServiceWorker();
