import { baselineOverrides, lightTheme } from '../app/light-theme';
import { insertGlobalStyle, type StyleObject } from './light-sheet';

/** MUI's CssBaseline's rules (its `styles`, without a colour scheme), then the theme's overrides (theme.ts). */
function baselineStyles(): StyleObject[] {
  const { palette, typography } = lightTheme;
  return [
    {
      html: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale', boxSizing: 'border-box', WebkitTextSizeAdjust: '100%' },
      '*, *::before, *::after': { boxSizing: 'inherit' },
      'strong, b': { fontWeight: typography.fontWeightBold },
      body: {
        margin: 0,
        color: palette.text.primary,
        ...(typography.body1 as StyleObject),
        backgroundColor: palette.background.default,
        '@media print': { backgroundColor: palette.common.white },
        '&::backdrop': { backgroundColor: palette.background.default },
      },
    },
    baselineOverrides as StyleObject,
  ];
}

let inserted = false;

/**
 * MUI's CssBaseline written once in the light components' sheet (light-sheet.ts):
 * CssBaseline renders its rules through emotion's Global, serialized and
 * parsed by stylis on every page's first render.
 */
export function LightBaseline() {
  if (!inserted) {
    inserted = true;
    insertGlobalStyle(baselineStyles());
  }
  return null;
}
