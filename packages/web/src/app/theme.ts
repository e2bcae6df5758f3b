import { createTheme } from '@mui/material/styles';
import { muiLocaleEsMx } from './mui-locale';

/** Translucent overlays of the brand (spec §1): white at 90 %, black at 20 % and 50 %. */
export interface MaskPalette {
  white90: string;
  black20: string;
  black50: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    mask: MaskPalette;
  }
  interface PaletteOptions {
    mask?: MaskPalette;
  }
}

export const BRAND_COLORS = {
  black: '#000000',
  yellow: '#FFD100',
  cream: '#FFF6D5',
  red: '#D32F2F',
  lightOrange: '#FFB74D',
  green: '#2E7D32',
} as const;

/** A ring that stays visible on white surfaces (black) and on the black app bar (yellow). */
const FOCUS_RING = `3px solid ${BRAND_COLORS.black}`;

export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: BRAND_COLORS.black, contrastText: '#FFFFFF' },
      secondary: { main: BRAND_COLORS.yellow, light: BRAND_COLORS.cream, contrastText: BRAND_COLORS.black },
      error: { main: BRAND_COLORS.red },
      warning: { main: BRAND_COLORS.lightOrange, dark: BRAND_COLORS.black, contrastText: BRAND_COLORS.black },
      success: { main: BRAND_COLORS.green },
      // MUI's default info blue (#0288D1) gives white text 3.85:1; this darker blue of the same hue gives 7.4:1 ('Por Realizar', 'Sugerencia').
      info: { main: '#01579B' },
      mask: {
        white90: 'rgba(255, 255, 255, 0.9)',
        black20: 'rgba(0, 0, 0, 0.2)',
        black50: 'rgba(0, 0, 0, 0.5)',
      },
      background: { default: '#FAFAFA', paper: '#FFFFFF' },
    },
    typography: {
      fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 },
      h2: { fontSize: '1.6rem', fontWeight: 700, lineHeight: 1.25 },
      h3: { fontSize: '1.3rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': { outline: FOCUS_RING, outlineOffset: 2 },
          '.MuiAppBar-root :focus-visible': { outlineColor: BRAND_COLORS.yellow },
          // Respect the system setting for everything animated by CSS.
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: FOCUS_RING, outlineOffset: 2 },
          },
        },
      },
      // Large buttons are the respondents' main actions: at least a finger's 44 px (MUI's is 42).
      MuiButton: {
        styleOverrides: { sizeLarge: { minHeight: 48 } },
      },
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { fontWeight: 500 } },
      },
      MuiTextField: {
        defaultProps: { fullWidth: true },
      },
      // An unpressed toggle's text in MUI's action.active (black at 54 %) is about 4.6:1 on white, at the edge of
      // WCAG's 4.5:1 (axe measured it under once, anti-aliased); the secondary text's 60 % gives 5.7:1.
      MuiToggleButton: {
        styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) },
      },
    },
  },
  muiLocaleEsMx,
);
