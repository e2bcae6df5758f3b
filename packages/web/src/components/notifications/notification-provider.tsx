import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { NotificationContext, type Notification, type Notify } from './notification-context';

// Snackbar, its transition and click-away listener load with the first message, off the entry (with MUI's theme where
// the page has not loaded it: the back office has, a respondent's page has not and rarely shows one).
const NotificationSnackbar = lazy(async () => ({ default: (await import('./notification-snackbar')).NotificationSnackbar }));

interface Shown extends Notification {
  key: number;
}

/**
 * One snackbar for the whole app. It lives above the router so a message
 * survives the navigation that usually follows it ("Correo enviado correctamente").
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((msg, severity = 'info') => {
    setShown({ msg, severity, key: Date.now() });
    setOpen(true);
  }, []);

  const handleClose = (_event: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <NotificationContext.Provider value={notify}>
      {children}
      {shown ? (
        <Suspense fallback={null}>
          <NotificationSnackbar key={shown.key} notification={shown} open={open} onClose={handleClose} />
        </Suspense>
      ) : null}
    </NotificationContext.Provider>
  );
}
