import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

/** A client error (4xx) will not change by asking again; a network or server failure may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The running app's one cache: the providers hand it to the pages, and the routes' loaders start queries in it (respondent-routes.tsx). */
export const appQueryClient = createQueryClient();
