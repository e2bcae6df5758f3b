/**
 * Reference data the product needs to work at all, demo or not: the
 * permission catalogue, one cycle per survey kind, suggestion-box
 * categories and resolutions, and the catalogues survey questions use.
 * Idempotent: safe on every start.
 */
import { SURVEY_KINDS } from '@encuestas/core/survey-kinds';
import type { Database } from '../client';
import { catalogItems, commentCategories, cycles, suggestionCategories, suggestionResolutions } from '../schema';
import { ensurePermissionCatalogue } from '../admin-users';
import { INSTITUTES } from './institutes';

export const COMMENT_CATEGORIES = [
  { name: 'Sugerencia', color: 'info' },
  { name: 'Queja', color: 'warning' },
] as const;

export const SUGGESTION_RESOLUTIONS = [
  { name: 'Procedente', color: 'success' },
  { name: 'No procedente', color: 'error' },
  { name: 'Sin categorizar', color: 'default' },
] as const;

export const SUGGESTION_CATEGORIES = {
  general: [
    'Instalaciones',
    'Servicios escolares',
    'Biblioteca',
    'Cafetería',
    'Laboratorios y cómputo',
    'Seguridad',
    'Trámites y pagos',
    'Actividades culturales y deportivas',
    'Otro',
  ],
  person: ['Docente', 'Personal administrativo', 'Directivo', 'Personal de seguridad', 'Personal de limpieza', 'Otro'],
} as const;

export interface CatalogEntry {
  /** Stable: stored in answers. Lowercase ASCII slug with a letter (catalog_item_code_check). */
  code: string;
  /** Shown to respondents and in reports; may change. */
  name: string;
}

/**
 * Catalogue types of spec §3 with the entries a Mexican university would start with.
 * Each entry's code is what answers store: fixed here once and for all (a later rename
 * changes `name` only), and equal to the slug migration 0006 gave existing rows.
 */
export const CATALOGS: Record<string, readonly CatalogEntry[]> = {
  TripCost: [
    { code: 'menos-de-2000', name: 'Menos de $2,000' },
    { code: '2000-a-5000', name: '$2,000 a $5,000' },
    { code: '5001-a-10000', name: '$5,001 a $10,000' },
    { code: 'mas-de-10000', name: 'Más de $10,000' },
  ],
  ExchangeCost: [
    { code: 'menos-de-20000', name: 'Menos de $20,000' },
    { code: '20000-a-50000', name: '$20,000 a $50,000' },
    { code: '50001-a-100000', name: '$50,001 a $100,000' },
    { code: 'mas-de-100000', name: 'Más de $100,000' },
  ],
  KnowMarketingChannel: [
    { code: 'redes-sociales', name: 'Redes sociales' },
    { code: 'pagina-web', name: 'Página web' },
    { code: 'recomendacion-de-familiares-o-amigos', name: 'Recomendación de familiares o amigos' },
    { code: 'visita-a-mi-escuela', name: 'Visita a mi escuela' },
    { code: 'feria-universitaria', name: 'Feria universitaria' },
    { code: 'anuncio-en-radio-o-television', name: 'Anuncio en radio o televisión' },
    { code: 'espectacular-o-publicidad-exterior', name: 'Espectacular o publicidad exterior' },
  ],
  EffectiveMarketingChannel: [
    { code: 'redes-sociales', name: 'Redes sociales' },
    { code: 'pagina-web', name: 'Página web' },
    { code: 'recomendacion-de-familiares-o-amigos', name: 'Recomendación de familiares o amigos' },
    { code: 'visita-a-mi-escuela', name: 'Visita a mi escuela' },
    { code: 'feria-universitaria', name: 'Feria universitaria' },
    { code: 'atencion-del-asesor-de-admisiones', name: 'Atención del asesor de admisiones' },
  ],
  CommunicationChannel: [
    { code: 'correo-institucional', name: 'Correo institucional' },
    { code: 'whatsapp', name: 'WhatsApp' },
    { code: 'redes-sociales', name: 'Redes sociales' },
    { code: 'plataforma-escolar', name: 'Plataforma escolar' },
    { code: 'avisos-impresos', name: 'Avisos impresos' },
  ],
  TransportationMode: [
    { code: 'transporte-publico', name: 'Transporte público' },
    { code: 'automovil-propio', name: 'Automóvil propio' },
    { code: 'bicicleta', name: 'Bicicleta' },
    { code: 'caminando', name: 'Caminando' },
    { code: 'transporte-por-aplicacion', name: 'Transporte por aplicación' },
    { code: 'motocicleta', name: 'Motocicleta' },
  ],
  ExtracurricularActivitie: [
    { code: 'deportes', name: 'Deportes' },
    { code: 'musica', name: 'Música' },
    { code: 'danza', name: 'Danza' },
    { code: 'teatro', name: 'Teatro' },
    { code: 'voluntariado', name: 'Voluntariado' },
    { code: 'idiomas', name: 'Idiomas' },
    { code: 'ninguna', name: 'Ninguna' },
  ],
  InstitudeOption: INSTITUTES,
  PlanType: [
    { code: 'licenciatura-escolarizada', name: 'Licenciatura escolarizada' },
    { code: 'licenciatura-ejecutiva', name: 'Licenciatura ejecutiva' },
    { code: 'posgrado', name: 'Posgrado' },
    { code: 'bachillerato', name: 'Bachillerato' },
  ],
};

export async function seedReferenceData(db: Database): Promise<void> {
  await ensurePermissionCatalogue(db);
  await db
    .insert(cycles)
    .values(SURVEY_KINDS.map((kind) => ({ name: kind.cycleName, surveyKind: kind.id })))
    .onConflictDoNothing();
  await db.insert(commentCategories).values([...COMMENT_CATEGORIES]).onConflictDoNothing();
  await db.insert(suggestionResolutions).values([...SUGGESTION_RESOLUTIONS]).onConflictDoNothing();
  await db
    .insert(suggestionCategories)
    .values(
      Object.entries(SUGGESTION_CATEGORIES).flatMap(([scope, names]) => names.map((name) => ({ scope, name }))),
    )
    .onConflictDoNothing();
  // Missing entries only: an entry already there (by code or name) keeps its id, code and name.
  await db
    .insert(catalogItems)
    .values(
      Object.entries(CATALOGS).flatMap(([catalog, entries]) =>
        entries.map(({ code, name }, position) => ({ catalog, code, name, position })),
      ),
    )
    .onConflictDoNothing();
}
