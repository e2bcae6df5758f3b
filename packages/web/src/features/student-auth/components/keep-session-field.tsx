import { useId } from 'react';
import { LightCheckbox } from '../../../components/forms/light-checkbox';
import { Text } from '../../../components/light-ui';

/**
 * 'Mantener la sesión en este dispositivo', off by default: chosen by whoever
 * types the code or opens the e-mailed link, on the device it is for (never
 * when asking for the code, which anyone can do for anyone). The hint is the
 * checkbox's description for screen readers.
 */
export function KeepSessionField({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const hintId = useId();
  return (
    <div>
      <LightCheckbox label="Mantener la sesión en este dispositivo" checked={checked} onChange={onChange} disabled={disabled} describedBy={hintId} />
      <Text id={hintId} variant="body2" color="textSecondary" sx={{ pl: 4 }}>
        Solo en tu teléfono o computadora personal: seguirás dentro hasta que termine el día.
      </Text>
    </div>
  );
}
