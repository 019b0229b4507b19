// Installs the service worker (built to /sw.js) and, when a new deploy's worker is waiting, offers
// 'New version: reload' in a toast that stays until it is used.
let isReloading = false;

async function offerReload(worker: ServiceWorker) {
  const { default: toast } = await import('react-hot-toast');
  toast(
    (t) => (
      <button
        type="button"
        className="min-h-11 font-semibold"
        onClick={() => {
          toast.dismiss(t.id);
          isReloading = true;
          worker.postMessage({ type: 'SKIP_WAITING' });
        }}
      >
        New version: reload
      </button>
    ),
    { id: 'new-version', duration: Number.POSITIVE_INFINITY },
  );
}

/** Called once the page has loaded (main.tsx imports this module then, keeping it off the first paint). */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  // The waiting worker took over after 'reload' was picked: load the new version.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (isReloading) window.location.reload();
  });
  navigator.serviceWorker
    .register('/sw.js')
    .then((registration) => {
      if (registration.waiting && navigator.serviceWorker.controller) void offerReload(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          // With a controller, an installed worker is an update (the first install needs no reload).
          if (worker.state === 'installed' && navigator.serviceWorker.controller) void offerReload(worker);
        });
      });
      // A tab left open looks for a new deploy whenever it comes back into view.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void registration.update().catch(() => {});
      });
    })
    .catch((error) => console.error('The service worker could not be installed', error));
}
