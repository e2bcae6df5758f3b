/**
 * Mexican states (entidades federativas) and municipios, for the new-intake
 * questions "estado de origen" and "municipio". Source: INEGI, Catálogo Único
 * de Claves de Áreas Geoestadísticas (AGEEML), Catálogo de Municipios
 * Nacional, fecha de corte 2026/06, via /work/shared/data/mx (the full note
 * travels with ./data/mx-entidades-municipios.json).
 *
 * Values are INEGI claves as strings: a state is its 2-digit clave ('21'),
 * a municipio its 5-digit CVEGEO, state + municipio clave ('21114'), so it is
 * unique nationally; a municipio's catalogue parent is its state's clave.
 */
import type { Catalogs } from '../survey-engine/types';
import data from './data/mx-entidades-municipios.json';

interface GeoData {
  source: string;
  asOf: string;
  entidades: { clave: string; nombre: string; municipios: string[][] }[];
}

const geo = data as GeoData;

export const MX_GEO_SOURCE = geo.source;
export const MX_GEO_AS_OF = geo.asOf;

export interface MxState {
  /** INEGI clave, 2 digits. */
  clave: string;
  /** Official INEGI name ('Veracruz de Ignacio de la Llave'). */
  name: string;
  /** The name people use in a form ('Veracruz'). */
  label: string;
}

export interface MxMunicipio {
  /** INEGI clave within the state, 3 digits. */
  clave: string;
  /** State clave + municipio clave, 5 digits: unique nationally. */
  cvegeo: string;
  stateClave: string;
  name: string;
}

/** Common names where the official one would puzzle a student ('México' is the Estado de México). */
const COMMON_STATE_NAMES: Record<string, string> = {
  '05': 'Coahuila',
  '15': 'Estado de México',
  '16': 'Michoacán',
  '30': 'Veracruz',
};

/** The 32 entidades in INEGI order. */
export const MX_STATES: readonly MxState[] = geo.entidades.map((e) => ({
  clave: e.clave,
  name: e.nombre,
  label: COMMON_STATE_NAMES[e.clave] ?? e.nombre,
}));

const MUNICIPIOS_BY_STATE: ReadonlyMap<string, readonly MxMunicipio[]> = new Map(
  geo.entidades.map((e) => [
    e.clave,
    e.municipios.map(([clave = '', name = '']) => ({ clave, cvegeo: `${e.clave}${clave}`, stateClave: e.clave, name })),
  ]),
);

/** Municipios of a state in INEGI order; empty for an unknown clave. */
export function mxMunicipios(stateClave: string): readonly MxMunicipio[] {
  return MUNICIPIOS_BY_STATE.get(stateClave) ?? [];
}

const collator = new Intl.Collator('es-MX');
const byLabel = (a: { label: string }, b: { label: string }) => collator.compare(a.label, b.label);

/**
 * The catalogues the new-intake questionnaire names ('mxStates', and
 * 'mxMunicipios' filtered by the state answered), options in alphabetical
 * order as a student looks for them.
 */
export const MX_GEO_CATALOGS = {
  mxStates: MX_STATES.map((s) => ({ value: s.clave, label: s.label })).sort(byLabel),
  mxMunicipios: MX_STATES.flatMap((s) =>
    mxMunicipios(s.clave)
      .map((m) => ({ value: m.cvegeo, label: m.name, parent: s.clave }))
      .sort(byLabel),
  ),
} satisfies Catalogs;
