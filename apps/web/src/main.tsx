import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { handlePreloadErrors } from './app/preload-error.ts';
import { queryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { startSession } from './shared/session/keycloak-session.ts';
import './index.css';

handlePreloadErrors();
void startSession();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
