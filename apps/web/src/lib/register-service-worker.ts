/**
 * Registers the service worker that keeps the app shell available offline (the door
 * screen must reopen without a network). Production builds only: the development server
 * serves sources that change on every save. A failure is logged; the app works without it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((error: unknown) => console.error('The service worker could not register:', error));
  };
  // After the page's own loading, so precaching does not compete with it.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
