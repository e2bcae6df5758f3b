import { createContext } from 'react';
import type { AlertColor } from '@mui/material/Alert';

/** A snackbar message (spec §3: msg and severity, default info). */
export interface Notification {
  msg: string;
  severity: AlertColor;
}

export type Notify = (msg: string, severity?: AlertColor) => void;

export const NotificationContext = createContext<Notify | null>(null);
