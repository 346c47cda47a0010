import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './index.css';
import { registerServiceWorker } from './lib/register-service-worker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The first render runs in a task of its own, after the modules (store, router) have
// started: a phone can paint and answer input between the two instead of being blocked for
// their sum (decision 020).
setTimeout(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}, 0);

registerServiceWorker();
