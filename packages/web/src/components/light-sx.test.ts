import { describe, expect, it } from 'vitest';
import type { SxProps, Theme } from '@mui/material/styles';
import { theme } from '../app/theme';
import { resolveSx } from './light-sx';

/** Ours and MUI's, as JSON: the same declarations in the same order. */
function both(sx: SxProps<Theme>) {
  return { ours: JSON.stringify(resolveSx(sx as Parameters<typeof resolveSx>[0], theme)), mui: JSON.stringify(theme.unstable_sx(sx)) };
}

describe('light-sx resolves a style as MUI’s sx does', () => {
  it.each<[string, SxProps<Theme>]>([
    ['spacing: sides, axes, long names, strings, negatives, gaps', { m: 0, mt: 0.5, px: 2, py: '6px', marginX: 'auto', paddingTop: 1.5, ml: -0.5, gap: 1, rowGap: 2, columnGap: '3px', p: '6px 8px' }],
    ['palette paths, plain colours and grey', { color: 'text.secondary', bgcolor: 'secondary.light', borderColor: 'divider', backgroundColor: '#FFF', outlineColor: 'primary.dark', borderLeftColor: 'success.main' }],
    ['grey is MUI’s grey scale for colours and backgrounds only', { color: 'grey', bgcolor: 'grey', borderColor: 'grey.300' }],
    ['borders, corners, sizes, z-index and shadows', { border: 1, borderTop: '2px dashed', outline: 0, borderRadius: 3, width: 1, minWidth: 0, height: 0.5, maxHeight: 320, maxWidth: 'sm', minHeight: '100vh', zIndex: 'appBar', boxShadow: 2 }],
    ['a typography variant and type keys', { typography: 'body2', fontWeight: 700, fontSize: '1.6rem', lineHeight: 1.2, letterSpacing: '0.01em', fontFamily: 'monospace' }],
    ['values per breakpoint, config keys and raw, media first and ascending', { display: 'flex', fontSize: { xs: '1.6rem', sm: '2rem' }, px: { xs: 1, sm: 2 }, flexDirection: { sm: 'row', xs: 'column' }, gridTemplateColumns: { xs: '1fr', lg: '13rem 1fr' } }],
    ['nested selectors and at-rules, functions of the theme', { '&:hover': { bgcolor: 'action.hover' }, '& > .icon': { mr: 1, fontSize: 22 }, '@media (hover: hover)': { '&:hover': { color: 'primary.main' } }, transition: (t: Theme) => t.transitions.create('box-shadow') }],
    ['an array of parts, one a function', [{ m: 0, typography: 'h1' }, (t: Theme) => ({ color: t.palette.error.main, p: 1 }), { fontSize: '1.6rem' }]],
  ])('%s', (_name, sx) => {
    const { ours, mui } = both(sx);
    expect(ours).toBe(mui);
  });
});
