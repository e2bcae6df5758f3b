import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { LightBaseline } from '../components/light-baseline';
import { NotificationProvider } from '../components/notifications/notification-provider';
import { appQueryClient } from './query-client';
import { theme } from './theme';

/** Theme (Spanish locale), data cache and snackbar, around the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <LightBaseline />
      <QueryClientProvider client={appQueryClient}>
        <NotificationProvider>{children}</NotificationProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
