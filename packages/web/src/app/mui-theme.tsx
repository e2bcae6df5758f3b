import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { Outlet } from 'react-router';
import { theme } from './theme';

/**
 * MUI's theme (theme.ts, Spanish texts) around MUI's components. Not around
 * the whole app: a respondent's pages draw light components
 * (app/light-theme.ts) and load neither MUI's theme nor emotion first. Only
 * where MUI draws: the start page, the back office and its sign-in pages (the
 * router's MuiThemeLayout), and a respondent's rare MUI parts, each in its own
 * (a catalog's autocomplete, the snackbar). An MUI
 * component outside one would take MUI's default blue theme (the end-to-end
 * tests look for its colours on every page they check, e2e/harness).
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** The router's layout of the pages drawn with MUI. */
export function MuiThemeLayout() {
  return (
    <MuiTheme>
      <Outlet />
    </MuiTheme>
  );
}
