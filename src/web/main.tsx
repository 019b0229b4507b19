import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { registerServiceWorker } from './lib/service-worker.tsx';
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

registerServiceWorker();
