import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import SvgIcon from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import type { DayPickerFieldProps } from './day-picker-field';
import { formatIsoDay } from './day-format';

type PickerModule = typeof import('./day-picker-field');
let picker: PickerModule | undefined;
let loading: Promise<PickerModule> | undefined;

function loadPicker(): Promise<PickerModule> {
  loading ??= import('./day-picker-field').then((module) => (picker = module));
  return loading;
}

/** MUI X's calendar icon (its path), drawn by the stand-in so the field looks the same before and after. */
const CALENDAR_PATH = 'M17 12h-5v5h5v-5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1h-2zm3 18H5V8h14v11z';

/**
 * A DayPickerField whose code (MUI X's pickers and dayjs, about 51 kB gz)
 * loads only when the user reaches for the field: a filter bar's optional
 * dates should not weigh on every report's first paint (issue 20). Until then
 * a read-only field with the same label, day (DD/MM/YYYY) and error stands in;
 * hovering it starts the download, and focusing it (mouse, touch or Tab)
 * swaps in the real picker with the focus, so the keyboard and a screen
 * reader meet the same date field as everywhere else.
 */
export function LazyDayPickerField(props: DayPickerFieldProps) {
  const [focusOnLoad, setFocusOnLoad] = useState(false);
  const [, setLoaded] = useState(false);
  if (picker) return <picker.DayPickerField {...props} autoFocus={focusOnLoad} />;
  const load = (focus: boolean) => {
    if (focus) setFocusOnLoad(true);
    void loadPicker().then(() => setLoaded(true));
  };
  return (
    <TextField
      label={props.label}
      name={props.name}
      value={formatIsoDay(props.value)}
      disabled={props.disabled}
      required={props.required}
      error={props.error}
      helperText={props.helperText}
      fullWidth
      onFocus={() => load(true)}
      onPointerEnter={() => load(false)}
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SvgIcon aria-hidden="true" sx={{ color: 'action.active', mr: -0.5 }}>
                <path d={CALENDAR_PATH} />
              </SvgIcon>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
