/** Text and number questions: loaded with the first step that asks one (item-inputs.tsx). */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { NumberItem, TextItem } from '@encuestas/core/survey-engine/types';
import type { ItemInputProps } from './item-inputs';

export function TextInput({ item, value, onChange, inputId, describedBy, invalid, required }: ItemInputProps<TextItem>) {
  const text = typeof value === 'string' ? value : '';
  const counterId = `${inputId}-counter`;
  return (
    <TextField
      id={inputId}
      value={text}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      multiline={item.multiline}
      minRows={item.multiline ? 3 : undefined}
      maxRows={item.multiline ? 10 : undefined}
      error={invalid}
      helperText={`${text.length}/${item.maxLength}`}
      slotProps={{
        htmlInput: {
          maxLength: item.maxLength,
          'aria-describedby': [describedBy, counterId].filter(Boolean).join(' '),
          'aria-required': required || undefined,
        },
        formHelperText: { id: counterId, sx: { textAlign: 'right', mx: 0 } },
      }}
    />
  );
}

export function NumberInput({ item, value, onChange, inputId, describedBy, invalid, required }: ItemInputProps<NumberItem>) {
  // What is typed stays as typed ('1.' on the way to '1.5'); the answer is the number it reads as.
  const [raw, setRaw] = useState(value === undefined ? '' : String(value));
  return (
    <TextField
      id={inputId}
      value={raw}
      onChange={(event) => {
        const next = event.target.value;
        setRaw(next);
        const trimmed = next.trim().replace(',', '.');
        if (trimmed === '') onChange(undefined);
        else onChange(/^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : next);
      }}
      error={invalid}
      sx={{ maxWidth: 200 }}
      slotProps={{
        htmlInput: {
          inputMode: item.integer ? 'numeric' : 'decimal',
          'aria-describedby': describedBy || undefined,
          'aria-required': required || undefined,
          ...(item.min !== undefined ? { 'aria-valuemin': item.min } : {}),
          ...(item.max !== undefined ? { 'aria-valuemax': item.max } : {}),
        },
      }}
    />
  );
}

