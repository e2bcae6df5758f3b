import { useState } from 'react';
import { Alert } from '../../components/light-ui';

/** Says that answers came back from this device's draft, until the respondent closes it. */
export function RestoredNotice({ text }: { text: string }) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <Alert severity="info" onClose={() => setShown(false)} closeTitle="Cerrar aviso">
      {text}
    </Alert>
  );
}
