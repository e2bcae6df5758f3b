import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateLocalizationProvider } from '../../app/date-localization-provider';
import { DAY_DISPLAY_FORMAT } from './day-format';

const ISO_DAY = 'YYYY-MM-DD';

export interface DayPickerFieldProps {
  label: string;
  /** YYYY-MM-DD, or null when empty. */
  value: string | null;
  /** YYYY-MM-DD, or null while empty or not yet a valid day. */
  onChange: (day: string | null) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  /** Earliest selectable day (YYYY-MM-DD). */
  minDay?: string | null;
  /** Focus the field when it mounts (LazyDayPickerField hands the focus over to it). */
  autoFocus?: boolean;
}

/** Dayjs → YYYY-MM-DD; null for empty or partly typed values. */
export function dayFromPicker(value: Dayjs | null): string | null {
  return value && value.isValid() ? value.format(ISO_DAY) : null;
}

/** YYYY-MM-DD → Dayjs for the picker. */
export function pickerValueFromDay(day: string | null | undefined): Dayjs | null {
  if (!day) return null;
  const parsed = dayjs(day, ISO_DAY);
  return parsed.isValid() ? parsed : null;
}

/**
 * A day shown and typed as DD/MM/YYYY and handed back as YYYY-MM-DD, in
 * Spanish (its own DateLocalizationProvider: dayjs and the pickers load with
 * the screens that have a date field, not with every back-office page). The
 * field can be typed into (click the day section and type the digits) or
 * picked from the calendar button.
 */
export function DayPickerField({
  label,
  value,
  onChange,
  onBlur,
  name,
  disabled,
  required,
  error,
  helperText,
  minDay,
  autoFocus,
}: DayPickerFieldProps) {
  return (
    <DateLocalizationProvider>
      <DatePicker
        label={label}
        name={name}
        value={pickerValueFromDay(value)}
        onChange={(next) => onChange(dayFromPicker(next))}
        onClose={onBlur}
        format={DAY_DISPLAY_FORMAT}
        disabled={disabled}
        autoFocus={autoFocus}
        minDate={pickerValueFromDay(minDay) ?? undefined}
        slotProps={{
          textField: {
            required,
            error,
            helperText,
            fullWidth: true,
            onBlur,
          },
        }}
      />
    </DateLocalizationProvider>
  );
}
