import { describe, expect, it } from 'vitest';
import { muiLocaleEsMx } from './mui-locale';

const defaults = muiLocaleEsMx.components;

describe('MUI texts in es-MX', () => {
  it('counts table rows the Mexican way (12,345), not the Spanish one (12.345)', () => {
    const label = defaults.MuiTablePagination!.defaultProps!.labelDisplayedRows!;
    expect(label({ from: 1, to: 10, count: 12345, page: 0 })).toBe('1–10 de 12,345');
    expect(label({ from: 11, to: 20, count: -1, page: 1 })).toBe('11–20 de más de 20');
  });

  it('names the page buttons in Spanish', () => {
    const label = defaults.MuiPagination!.defaultProps!.getItemAriaLabel!;
    expect(label('page', 3, false)).toBe('Ir a la página 3');
    expect(label('page', 3, true)).toBe('página 3');
    expect(label('next', null, false)).toBe('Ir a la página siguiente');
    expect(label('previous', null, false)).toBe('Ir a la página anterior');
  });

  it("says 'Abrir' on the button that opens a list (MUI's es-ES says 'Abierto')", () => {
    expect(defaults.MuiAutocomplete!.defaultProps!.openText).toBe('Abrir');
    expect(defaults.MuiAlert!.defaultProps!.closeText).toBe('Cerrar');
  });
});
