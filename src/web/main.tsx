import './lib/zod-jitless.ts';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './router.tsx';
import './styles.css';

// Loaded after the first paint: the first page needs no toast (toasts raised before it arrives still show).
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    {/* react-hot-toast's own defaults are the spec's: 4 s blank/error/custom, 2 s success, 20 at most. */}
    <Suspense fallback={null}>
      <Toaster position="bottom-center" />
    </Suspense>
  </StrictMode>,
);

// The service worker (production builds only), installed after the first load.
if (import.meta.env.PROD) {
  window.addEventListener('load', () =>
    import('./lib/service-worker.tsx').then((m) => m.registerServiceWorker()),
  );
}
