import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../shared/lib/http.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will answer the same again; the session dialog handles 401 and network errors.
  if (error instanceof HttpError && (error.status === 0 || (error.status >= 400 && error.status < 500))) {
    return false;
  }
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
