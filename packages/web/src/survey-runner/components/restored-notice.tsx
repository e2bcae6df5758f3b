import { useState } from 'react';
import Alert from '@mui/material/Alert';

/** Says that answers came back from this device's draft, until the respondent closes it. */
export function RestoredNotice({ text }: { text: string }) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <Alert severity="info" onClose={() => setShown(false)} slotProps={{ closeButton: { title: 'Cerrar aviso', sx: { minWidth: 44, minHeight: 44 } } }}>
      {text}
    </Alert>
  );
}
