import type { ReactNode } from 'react';
import 'dayjs/locale/es-mx';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';

const pickerTexts = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * Spanish (Mexico) date pickers: dayjs 'es-mx' for names and formats, the
 * x-date-pickers esES texts for the controls. Kept out of the entry chunk and
 * of the back office's layout: each date field wraps itself in it
 * (components/dates/day-picker-field.tsx).
 */
export function DateLocalizationProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es-mx" localeText={pickerTexts}>
      {children}
    </LocalizationProvider>
  );
}
