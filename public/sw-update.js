// Imported by the Workbox worker (scripts/pwa.mjs, importScripts), before Workbox's own routes.
// A new deploy's worker waits while a page of the old one is open. The shopper's next page load (a link, the address
// bar, a form) brings it in: the old worker answers that navigation with an immediate refresh and lets the new worker
// take over, so the page that then loads is the new build. Nothing is reloaded under a page the shopper is typing in.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  const waiting = self.registration.waiting;
  if (request.mode !== 'navigate' || request.method !== 'GET' || !waiting) return;
  waiting.postMessage({ type: 'SKIP_WAITING' });
  event.respondWith(new Response('', { headers: { Refresh: '0', 'Cache-Control': 'no-store' } }));
});
