import { useContext } from 'react';
import { NotificationContext, type Notify } from './notification-context';

/** Shows a snackbar message: `notify('Correo enviado correctamente', 'success')`. */
export function useNotify(): Notify {
  const notify = useContext(NotificationContext);
  if (!notify) throw new Error('useNotify must be used inside <NotificationProvider>');
  return notify;
}
