import { describe, expect, it } from 'vitest';
import { cssRules } from './light-sheet';

describe('the light components’ sheet writes a style as stylis would', () => {
  it('hyphens and sticky positions also with -webkit- (Safari on older iPhones)', () => {
    expect(cssRules('.c', { hyphens: 'auto', position: 'sticky' })).toEqual(['.c{-webkit-hyphens:auto;hyphens:auto;position:-webkit-sticky;position:sticky}']);
    expect(cssRules('.c', { position: 'absolute' })).toEqual(['.c{position:absolute}']);
  });

  it('declarations first in one rule, px on lengths but not on unitless properties, -webkit- where a phone needs it', () => {
    expect(cssRules('.c', { display: 'flex', fontSize: 22, lineHeight: 1.5, fontWeight: 700, opacity: 0.9, zIndex: 1100, flexShrink: 0, margin: 0, userSelect: 'none', '--gap': 4 })).toEqual([
      '.c{display:flex;font-size:22px;line-height:1.5;font-weight:700;opacity:0.9;z-index:1100;flex-shrink:0;margin:0;-webkit-user-select:none;user-select:none;--gap:4}',
    ]);
  });

  it('nested selectors after the rule, in order: & is the parent, a key without it a descendant, lists cross', () => {
    expect(
      cssRules('.c', {
        '&:hover': { color: 'red' },
        color: 'black',
        '& > :not(style) ~ :not(style)': { marginTop: '16px' },
        p: { margin: 0 },
        '&:disabled, &:disabled:hover': { '& .icon, &::after': { opacity: 0.5 } },
        ':is(a, b) &': { color: 'blue' },
      }),
    ).toEqual([
      '.c{color:black}',
      '.c:hover{color:red}',
      '.c > :not(style) ~ :not(style){margin-top:16px}',
      '.c p{margin:0}',
      '.c:disabled .icon,.c:disabled:hover .icon,.c:disabled::after,.c:disabled:hover::after{opacity:0.5}',
      ':is(a, b) .c{color:blue}',
    ]);
  });

  it('at-rules wrap the rules of their block, nested ones too; empty and false values are left out', () => {
    expect(
      cssRules('.c', {
        '@media (min-width:600px)': { flexDirection: 'row', '& > span': { marginLeft: '8px' } },
        '@media (hover: hover)': { '&:hover': { backgroundColor: 'rgba(0, 0, 0, 0.04)' } },
        width: undefined,
        height: null,
        hidden: false,
      }),
    ).toEqual(['@media (min-width:600px){.c{flex-direction:row}.c > span{margin-left:8px}}', '@media (hover: hover){.c:hover{background-color:rgba(0, 0, 0, 0.04)}}']);
  });

  it('the parts of an array are one style: all their declarations first, later ones last, then their nested rules', () => {
    expect(cssRules('.c', [{ margin: '0px', fontSize: '2rem', '@media (min-width:600px)': { fontSize: '2.2rem' } }, { fontSize: '1.6rem', display: ['-webkit-box', 'flex'] }])).toEqual([
      '.c{margin:0px;font-size:2rem;font-size:1.6rem;display:-webkit-box;display:flex}',
      '@media (min-width:600px){.c{font-size:2.2rem}}',
    ]);
  });
});

describe('rules for the whole page', () => {
  it('a rule per selector, nested ones under it, at-rules around theirs, an array’s parts in order', async () => {
    const { globalRules } = await import('./light-sheet');
    expect(
      globalRules([
        { html: { boxSizing: 'border-box', WebkitTextSizeAdjust: '100%' }, body: { margin: 0, '&::backdrop': { backgroundColor: '#FAFAFA' }, '@media print': { backgroundColor: '#fff' } } },
        { ':focus-visible': { outline: '3px solid #000000', outlineOffset: 2 }, '@media (prefers-reduced-motion: reduce)': { '*, *::before, *::after': { animationDuration: '0.01ms !important' } } },
      ]),
    ).toEqual([
      'html{box-sizing:border-box;-webkit-text-size-adjust:100%}',
      'body{margin:0}',
      'body::backdrop{background-color:#FAFAFA}',
      '@media print{body{background-color:#fff}}',
      ':focus-visible{outline:3px solid #000000;outline-offset:2px}',
      '@media (prefers-reduced-motion: reduce){*, *::before, *::after{animation-duration:0.01ms !important}}',
    ]);
  });
});
