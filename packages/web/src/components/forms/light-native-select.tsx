import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react';
import { FIELD_SX, FieldFrame, helperTextIdOf, type FieldFrameProps } from './light-text-field';

interface LightNativeSelectProps extends FieldFrameProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  inputRef?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** LightTextField's frame around a native <select> (the phone's own picker), its label always up, as MUI's outlined NativeSelect draws it. */
const SELECT_SX = {
  ...FIELD_SX,
  '& .field-box > select': {
    font: 'inherit',
    letterSpacing: 'inherit',
    color: 'currentColor',
    border: 0,
    borderRadius: 'inherit',
    background: 'none',
    boxSizing: 'content-box',
    m: 0,
    minWidth: 16,
    width: '100%',
    height: '1.4375em',
    padding: '16.5px 32px 16.5px 14px',
    appearance: 'none',
    cursor: 'pointer',
    outline: 0,
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
  },
  // MUI's ArrowDropDown icon, where NativeSelect puts it.
  '& .field-box > svg': {
    position: 'absolute',
    right: 7,
    top: 'calc(50% - 0.5em)',
    width: '1em',
    height: '1em',
    fontSize: '1.5rem',
    fill: 'currentColor',
    color: 'action.active',
    pointerEvents: 'none',
  },
} as const;

/** TextField `select` with `native: true` (the phone's own picker), as plain elements: see LightTextField. */
export function LightNativeSelect({ label, id: idOverride, error, helperText, inputRef, children, value, onChange }: LightNativeSelectProps) {
  const id = useId();
  const controlId = idOverride ?? id;
  const helperTextId = helperTextIdOf(controlId, helperText);
  return (
    <FieldFrame label={label} controlId={controlId} filled error={error} helperText={helperText} sx={SELECT_SX}>
      <select id={controlId} ref={inputRef} value={value} onChange={onChange} aria-invalid={error || undefined} aria-describedby={helperTextId}>
        {children}
      </select>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M7 10l5 5 5-5z" />
      </svg>
    </FieldFrame>
  );
}
