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
      // With a controller, an installed worker is an update (the first install needs no reload).
      const offerWhenInstalled = (worker: ServiceWorker | null) => {
        if (!worker || !navigator.serviceWorker.controller) return;
        if (worker.state === 'installed') return void offerReload(worker);
        worker.addEventListener('statechange', () => {
          if (worker.state === 'installed') void offerReload(worker);
        });
      };
      // The load itself finds a new deploy's worker: it may be waiting already, or still installing (its
      // 'updatefound' came before this listener).
      offerWhenInstalled(registration.waiting ?? registration.installing);
      registration.addEventListener('updatefound', () => offerWhenInstalled(registration.installing));
      // A tab left open looks for a new deploy whenever it comes back into view.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void registration.update().catch(() => {});
      });
    })
    .catch((error) => console.error('The service worker could not be installed', error));
}
