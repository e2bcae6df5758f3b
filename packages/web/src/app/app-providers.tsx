import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LightBaseline } from '../components/light-baseline';
import { NotificationProvider } from '../components/notifications/notification-provider';
import { appQueryClient } from './query-client';

/** The page's base styles, data cache and snackbar, around the whole app (MUI's theme only where MUI draws: mui-theme.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <LightBaseline />
      <QueryClientProvider client={appQueryClient}>
        <NotificationProvider>{children}</NotificationProvider>
      </QueryClientProvider>
    </>
  );
}
