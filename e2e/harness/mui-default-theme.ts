/**
 * MUI's components draw with the app's theme only inside its ThemeProvider
 * (packages/web/src/app/mui-theme.tsx), which is not around the whole app: one
 * drawn outside would take MUI's default theme, blue and purple where the
 * brand is black and yellow, with MUI's default font list. This finds such
 * components on the page.
 */
import type { Page } from 'playwright-core';

/**
 * MUI's default palette colours that the app's theme replaces, as the browser writes them: primary, secondary,
 * info and warning with their light and dark tones (but info's dark, #01579B, the app's own info colour).
 */
const DEFAULT_THEME_RGB = ['25, 118, 210', '21, 101, 192', '66, 165, 245', '156, 39, 176', '123, 31, 162', '186, 104, 200', '2, 136, 209', '3, 169, 244', '237, 108, 2', '230, 81, 0', '255, 152, 0'];
/** MUI's default font list (the app's theme begins with Roboto, system-ui), as Chromium computes it: without quotes. */
const DEFAULT_FONT = 'Roboto, Helvetica, Arial, sans-serif';

/** 'MUI default theme: element (property value)' for each of MUI's elements drawn in MUI's default theme, up to five. */
export async function muiDefaultThemeElements(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ rgbs, font }) => {
      const found: string[] = [];
      const properties = ['color', 'background-color', 'border-top-color', 'border-bottom-color', 'outline-color', 'fill'] as const;
      for (const element of document.querySelectorAll('[class*="Mui"]')) {
        const style = getComputedStyle(element);
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].filter((c) => c.startsWith('Mui')).join('.')}`;
        const coloured = properties.find((property) => rgbs.some((rgb) => style.getPropertyValue(property).includes(rgb)));
        if (coloured) found.push(`MUI default theme: ${name} (${coloured} ${style.getPropertyValue(coloured)})`);
        else if (style.fontFamily.replaceAll('"', '') === font) found.push(`MUI default theme: ${name} (font-family ${style.fontFamily})`);
        if (found.length >= 5) break;
      }
      return found.slice(0, 5);
    },
    { rgbs: DEFAULT_THEME_RGB, font: DEFAULT_FONT },
  );
}
