import { useCallback, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { NotificationContext, type Notification, type Notify } from './notification-context';

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

  const urgent = shown?.severity === 'error' || shown?.severity === 'warning';

  return (
    <NotificationContext.Provider value={notify}>
      {children}
      {shown ? (
        <Snackbar
          key={shown.key}
          open={open}
          autoHideDuration={6000}
          onClose={handleClose}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert
            onClose={handleClose}
            severity={shown.severity}
            variant="filled"
            role={urgent ? 'alert' : 'status'}
            sx={{ width: '100%' }}
          >
            {shown.msg}
          </Alert>
        </Snackbar>
      ) : null}
    </NotificationContext.Provider>
  );
}
