/** Text and number questions: loaded with the first step that asks one (item-inputs.tsx). */
import { useState } from 'react';
import type { NumberItem, TextItem } from '@encuestas/core/survey-engine/types';
import { LightTextField } from '../../components/forms/light-text-field';
import { useStaticClass } from '../../components/static-style';
import type { ItemInputProps } from './item-inputs';

/** The question's text is the field's label (question-block.tsx): these fields float none of their own. */
export function TextInput({ item, value, onChange, inputId, describedBy, invalid, required }: ItemInputProps<TextItem>) {
  const text = typeof value === 'string' ? value : '';
  return (
    <LightTextField
      id={inputId}
      value={text}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      multiline={item.multiline}
      minRows={item.multiline ? 3 : undefined}
      maxRows={item.multiline ? 10 : undefined}
      error={invalid}
      helperText={`${text.length}/${item.maxLength}`}
      counter
      describedBy={describedBy}
      required={required}
      htmlInput={{ maxLength: item.maxLength }}
    />
  );
}

const NUMBER_SX = { maxWidth: 200 } as const;

export function NumberInput({ item, value, onChange, inputId, describedBy, invalid, required }: ItemInputProps<NumberItem>) {
  // What is typed stays as typed ('1.' on the way to '1.5'); the answer is the number it reads as.
  const [raw, setRaw] = useState(value === undefined ? '' : String(value));
  return (
    <div className={useStaticClass(NUMBER_SX)}>
      <LightTextField
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
        describedBy={describedBy}
        required={required}
        htmlInput={{
          inputMode: item.integer ? 'numeric' : 'decimal',
          ...(item.min !== undefined ? { 'aria-valuemin': item.min } : {}),
          ...(item.max !== undefined ? { 'aria-valuemax': item.max } : {}),
        }}
      />
    </div>
  );
}
