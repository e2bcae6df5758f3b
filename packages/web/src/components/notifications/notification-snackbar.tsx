import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { MuiTheme } from '../../app/mui-theme';
import type { Notification } from './notification-context';

/** The snackbar itself, loaded with the first message (respondent pages never show one). */
export function NotificationSnackbar({
  notification,
  open,
  onClose,
}: {
  notification: Notification;
  open: boolean;
  onClose: (event: unknown, reason?: string) => void;
}) {
  const urgent = notification.severity === 'error' || notification.severity === 'warning';
  // Its own theme: it lives above the router, outside the MUI pages' (app/mui-theme.tsx).
  return (
    <MuiTheme>
      <Snackbar open={open} autoHideDuration={6000} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert onClose={onClose} severity={notification.severity} variant="filled" role={urgent ? 'alert' : 'status'} sx={{ width: '100%' }}>
          {notification.msg}
        </Alert>
      </Snackbar>
    </MuiTheme>
  );
}
