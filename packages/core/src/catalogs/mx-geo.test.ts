import { describe, expect, it } from 'vitest';
import { MX_GEO_CATALOGS, MX_STATES, mxMunicipios } from './mx-geo';

describe('Mexican states and municipios (INEGI)', () => {
  it('has the 32 entidades with distinct 2-digit claves 01–32', () => {
    expect(MX_STATES).toHaveLength(32);
    expect(MX_STATES.map((s) => s.clave)).toEqual(Array.from({ length: 32 }, (_, i) => String(i + 1).padStart(2, '0')));
  });

  it.each([
    ['21', 'Puebla', 217],
    ['20', 'Oaxaca', 570],
    ['09', 'Ciudad de México', 16],
    ['14', 'Jalisco', 125],
    ['31', 'Yucatán', 106],
  ])('state %s (%s) has %i municipios', (clave, name, count) => {
    expect(MX_STATES.find((s) => s.clave === clave)?.name).toBe(name);
    expect(mxMunicipios(clave)).toHaveLength(count);
  });

  it('has 2,478 municipios in all, each with a nationally unique 5-digit CVEGEO', () => {
    const all = MX_STATES.flatMap((s) => mxMunicipios(s.clave));
    expect(all).toHaveLength(2478);
    expect(all.every((m) => /^\d{5}$/.test(m.cvegeo) && m.cvegeo === m.stateClave + m.clave && m.name.length > 0)).toBe(true);
    expect(new Set(all.map((m) => m.cvegeo)).size).toBe(all.length);
  });

  it('knows the municipio of each campus city', () => {
    const find = (state: string, name: string) => mxMunicipios(state).find((m) => m.name === name)?.cvegeo;
    expect(find('21', 'Puebla')).toBe('21114');
    expect(find('14', 'Guadalajara')).toBe('14039');
    expect(find('20', 'Oaxaca de Juárez')).toBe('20067');
    expect(find('31', 'Mérida')).toBe('31050');
    expect(find('30', 'Veracruz')).toBe('30193');
    expect(find('11', 'León')).toBe('11020');
  });

  it('returns no municipios for an unknown state', () => {
    expect(mxMunicipios('33')).toEqual([]);
  });

  it('gives a catalogue whose every municipio belongs to an existing state', () => {
    const states = new Set(MX_GEO_CATALOGS.mxStates.map((s) => s.value));
    expect(states.size).toBe(32);
    expect(MX_GEO_CATALOGS.mxMunicipios).toHaveLength(2478);
    expect(MX_GEO_CATALOGS.mxMunicipios.every((m) => states.has(m.parent))).toBe(true);
    expect(new Set(MX_GEO_CATALOGS.mxMunicipios.map((m) => m.value)).size).toBe(2478);
  });

  it('labels states by their common name and sorts options alphabetically', () => {
    const labels = MX_GEO_CATALOGS.mxStates.map((s) => s.label);
    expect(labels).toContain('Estado de México');
    expect(labels).toContain('Veracruz');
    expect(labels.slice(0, 3)).toEqual(['Aguascalientes', 'Baja California', 'Baja California Sur']);
    expect(labels.indexOf('Ciudad de México')).toBeLessThan(labels.indexOf('Coahuila'));
    const puebla = MX_GEO_CATALOGS.mxMunicipios.filter((m) => m.parent === '21').map((m) => m.label);
    expect(puebla[0]).toBe('Acajete');
  });
});
