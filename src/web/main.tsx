import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { queryClient } from './lib/query-client.ts';
import { router } from './router.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* react-hot-toast's own defaults are the spec's: 4 s blank/error/custom, 2 s success, 20 at most. */}
      <Toaster position="bottom-center" />
    </QueryClientProvider>
  </StrictMode>,
);
