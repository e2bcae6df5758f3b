/**
 * Reference data the product needs to work at all, demo or not: the
 * permission catalogue, one cycle per survey kind, suggestion-box
 * categories and resolutions, and the catalogues survey questions use.
 * Idempotent: safe on every start.
 */
import { SURVEY_KINDS } from '@encuestas/core/survey-kinds';
import type { Database } from '../client';
import { catalogItems, commentCategories, cycles, suggestionCategories, suggestionResolutions } from '../schema';
import { ensurePermissionCatalogue } from '../../features/users/service';

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

/** Catalogue types of spec §3 with the entries a Mexican university would start with. */
export const CATALOGS: Record<string, readonly string[]> = {
  TripCost: ['Menos de $2,000', '$2,000 a $5,000', '$5,001 a $10,000', 'Más de $10,000'],
  ExchangeCost: ['Menos de $20,000', '$20,000 a $50,000', '$50,001 a $100,000', 'Más de $100,000'],
  KnowMarketingChannel: [
    'Redes sociales',
    'Página web',
    'Recomendación de familiares o amigos',
    'Visita a mi escuela',
    'Feria universitaria',
    'Anuncio en radio o televisión',
    'Espectacular o publicidad exterior',
  ],
  EffectiveMarketingChannel: [
    'Redes sociales',
    'Página web',
    'Recomendación de familiares o amigos',
    'Visita a mi escuela',
    'Feria universitaria',
    'Atención del asesor de admisiones',
  ],
  CommunicationChannel: ['Correo institucional', 'WhatsApp', 'Redes sociales', 'Plataforma escolar', 'Avisos impresos'],
  TransportationMode: ['Transporte público', 'Automóvil propio', 'Bicicleta', 'Caminando', 'Transporte por aplicación', 'Motocicleta'],
  ExtracurricularActivitie: ['Deportes', 'Música', 'Danza', 'Teatro', 'Voluntariado', 'Idiomas', 'Ninguna'],
  InstitudeOption: [
    'Preparatoria pública',
    'Preparatoria privada',
    'Bachillerato tecnológico (CBTIS, CETIS, CONALEP)',
    'Colegio de Bachilleres',
    'Preparatoria abierta',
  ],
  PlanType: ['Licenciatura escolarizada', 'Licenciatura ejecutiva', 'Posgrado', 'Bachillerato'],
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
  await db
    .insert(catalogItems)
    .values(
      Object.entries(CATALOGS).flatMap(([catalog, names]) =>
        names.map((name, position) => ({ catalog, name, position })),
      ),
    )
    .onConflictDoNothing();
}
