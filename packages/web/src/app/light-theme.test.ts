import { describe, expect, it } from 'vitest';
import { lightTheme } from './light-theme';
import { theme } from './theme';

/** theme-snapshot.json: the values of theme.ts's theme that the light components read (functions left out by JSON). */
function snapshotOf(muiTheme: typeof theme) {
  return {
    palette: muiTheme.palette,
    typography: muiTheme.typography,
    shadows: muiTheme.shadows,
    zIndex: muiTheme.zIndex,
    shape: muiTheme.shape,
    spacingUnit: Number.parseFloat(muiTheme.spacing(1)),
    breakpoints: { keys: muiTheme.breakpoints.keys, values: muiTheme.breakpoints.values },
    transitions: { duration: muiTheme.transitions.duration, easing: muiTheme.transitions.easing },
    baselineOverrides: muiTheme.components?.MuiCssBaseline?.styleOverrides,
  };
}

describe('the light theme', () => {
  // After a change of theme.ts: `npx vitest run --config packages/web/vitest.config.ts packages/web/src/app/light-theme.test.ts --update`.
  it('holds the values of the MUI theme made by theme.ts', async () => {
    await expect(`${JSON.stringify(snapshotOf(theme), null, 2)}\n`).toMatchFileSnapshot('./theme-snapshot.json');
  });

  it('spaces, breaks and moves as MUI does', () => {
    for (const value of [0, 0.5, 1, 2.5, 4, -1]) expect(lightTheme.spacing(value)).toBe(theme.spacing(value));
    expect(lightTheme.spacing(1, 'auto')).toBe(theme.spacing(1, 'auto'));
    for (const key of theme.breakpoints.keys) expect(lightTheme.breakpoints.up(key)).toBe(theme.breakpoints.up(key));
    expect(lightTheme.breakpoints.up(700)).toBe(theme.breakpoints.up(700));
    const transitions: Parameters<typeof theme.transitions.create>[] = [
      [],
      ['box-shadow'],
      [['color', 'transform'], { duration: theme.transitions.duration.shorter, easing: theme.transitions.easing.easeOut }],
      ['max-width', { duration: 100, delay: 50 }],
      ['opacity', { duration: '1s', delay: '2s' }],
    ];
    for (const args of transitions) expect(lightTheme.transitions.create(...args)).toBe(theme.transitions.create(...args));
  });

  it('mixes colours as MUI does', () => {
    const colours = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.text.primary, theme.palette.error.main, 'rgb(10, 20, 30)', 'hsl(200, 50%, 40%)'];
    for (const colour of colours) {
      for (const coefficient of [0, 0.11, 0.5, 0.62, 1]) {
        expect(lightTheme.alpha(colour, coefficient)).toBe(theme.alpha(colour, coefficient));
        expect(lightTheme.lighten(colour, coefficient)).toBe(theme.lighten(colour, coefficient));
        expect(lightTheme.darken(colour, coefficient)).toBe(theme.darken(colour, coefficient));
      }
    }
  });
});
