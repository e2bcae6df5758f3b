/**
 * The seven campuses of the product spec, offered as a one-click suggestion on
 * an empty platform. A module of its own, without zod: the back office's start
 * page reads it (its set-up guide) and loads no schema.
 */
export const SUGGESTED_CAMPUSES = ['Puebla', 'Guadalajara', 'CDMX', 'Oaxaca', 'Mérida', 'Veracruz', 'León'] as const;
