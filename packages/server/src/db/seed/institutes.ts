/**
 * The InstitudeOption catalogue: preparatorias and bachilleratos of the
 * campuses' cities, which the new-intake survey offers as the school of origin
 * (type-ahead; a school not listed is answered 'Otro' and written). Data only:
 * an institution adds its own schools here or in the catalogue table.
 *
 * The name carries the city, so a student finds a school by either. Codes are
 * stored in answers and are the `institute` segment of the aggregates: the
 * slug of the name as first given (migration 0006's rule, as every seeded
 * entry), fixed from then on (a rename changes `name` only).
 */
import type { CatalogEntry } from './reference';

export const INSTITUTES: readonly CatalogEntry[] = [
  // Puebla
  { code: 'preparatoria-benito-juarez-garcia-buap-puebla', name: 'Preparatoria Benito Juárez García, BUAP (Puebla)' },
  { code: 'preparatoria-emiliano-zapata-buap-puebla', name: 'Preparatoria Emiliano Zapata, BUAP (Puebla)' },
  { code: 'preparatoria-alfonso-calderon-moreno-buap-puebla', name: 'Preparatoria Alfonso Calderón Moreno, BUAP (Puebla)' },
  { code: 'preparatoria-2-de-octubre-de-1968-buap-puebla', name: 'Preparatoria 2 de Octubre de 1968, BUAP (Puebla)' },
  { code: 'instituto-oriente-puebla', name: 'Instituto Oriente (Puebla)' },
  { code: 'colegio-americano-de-puebla-puebla', name: 'Colegio Americano de Puebla (Puebla)' },
  { code: 'colegio-de-bachilleres-del-estado-de-puebla-plantel-1-puebla', name: 'Colegio de Bachilleres del Estado de Puebla, Plantel 1 (Puebla)' },
  // Guadalajara
  { code: 'escuela-preparatoria-no-1-udeg-guadalajara', name: 'Escuela Preparatoria No. 1, UdeG (Guadalajara)' },
  { code: 'preparatoria-de-jalisco-udeg-guadalajara', name: 'Preparatoria de Jalisco, UdeG (Guadalajara)' },
  { code: 'escuela-preparatoria-no-5-udeg-guadalajara', name: 'Escuela Preparatoria No. 5, UdeG (Guadalajara)' },
  { code: 'ceti-plantel-colomos-guadalajara', name: 'CETI Plantel Colomos (Guadalajara)' },
  { code: 'instituto-de-ciencias-guadalajara', name: 'Instituto de Ciencias (Guadalajara)' },
  { code: 'prepatec-campus-guadalajara-zapopan', name: 'PrepaTec Campus Guadalajara (Zapopan)' },
  // Ciudad de México
  { code: 'escuela-nacional-preparatoria-6-antonio-caso-unam-ciudad-de-mexico', name: 'Escuela Nacional Preparatoria 6 Antonio Caso, UNAM (Ciudad de México)' },
  { code: 'escuela-nacional-preparatoria-9-pedro-de-alba-unam-ciudad-de-mexico', name: 'Escuela Nacional Preparatoria 9 Pedro de Alba, UNAM (Ciudad de México)' },
  { code: 'cch-sur-unam-ciudad-de-mexico', name: 'CCH Sur, UNAM (Ciudad de México)' },
  { code: 'cch-oriente-unam-ciudad-de-mexico', name: 'CCH Oriente, UNAM (Ciudad de México)' },
  { code: 'cecyt-9-juan-de-dios-batiz-ipn-ciudad-de-mexico', name: 'CECyT 9 Juan de Dios Bátiz, IPN (Ciudad de México)' },
  { code: 'colegio-de-bachilleres-plantel-1-el-rosario-ciudad-de-mexico', name: 'Colegio de Bachilleres, Plantel 1 El Rosario (Ciudad de México)' },
  // Oaxaca
  { code: 'escuela-preparatoria-no-1-uabjo-oaxaca-de-juarez', name: 'Escuela Preparatoria No. 1, UABJO (Oaxaca de Juárez)' },
  { code: 'escuela-preparatoria-no-3-uabjo-oaxaca-de-juarez', name: 'Escuela Preparatoria No. 3, UABJO (Oaxaca de Juárez)' },
  { code: 'cobao-plantel-01-pueblo-nuevo-oaxaca-de-juarez', name: 'COBAO Plantel 01 Pueblo Nuevo (Oaxaca de Juárez)' },
  { code: 'cbtis-no-26-oaxaca-de-juarez', name: 'CBTis No. 26 (Oaxaca de Juárez)' },
  { code: 'instituto-blaise-pascal-oaxaca-de-juarez', name: 'Instituto Blaise Pascal (Oaxaca de Juárez)' },
  // Mérida
  { code: 'escuela-preparatoria-uno-uady-merida', name: 'Escuela Preparatoria Uno, UADY (Mérida)' },
  { code: 'escuela-preparatoria-dos-uady-merida', name: 'Escuela Preparatoria Dos, UADY (Mérida)' },
  { code: 'cobay-plantel-santa-rosa-merida', name: 'COBAY Plantel Santa Rosa (Mérida)' },
  { code: 'colegio-montejo-merida', name: 'Colegio Montejo (Mérida)' },
  { code: 'cbtis-no-95-merida', name: 'CBTis No. 95 (Mérida)' },
  // Veracruz
  { code: 'escuela-preparatoria-ilustre-instituto-veracruzano-veracruz', name: 'Escuela Preparatoria Ilustre Instituto Veracruzano (Veracruz)' },
  { code: 'cetmar-no-7-veracruz', name: 'CETMar No. 7 (Veracruz)' },
  { code: 'cobaev-plantel-veracruz-veracruz', name: 'COBAEV Plantel Veracruz (Veracruz)' },
  { code: 'conalep-veracruz-i-veracruz', name: 'CONALEP Veracruz I (Veracruz)' },
  { code: 'colegio-motolinia-veracruz', name: 'Colegio Motolinía (Veracruz)' },
  // León
  { code: 'escuela-de-nivel-medio-superior-de-leon-ug-leon', name: 'Escuela de Nivel Medio Superior de León, UG (León)' },
  { code: 'instituto-lux-leon', name: 'Instituto Lux (León)' },
  { code: 'prepatec-campus-leon-leon', name: 'PrepaTec Campus León (León)' },
  { code: 'conalep-leon-i-leon', name: 'CONALEP León I (León)' },
  { code: 'cecyte-guanajuato-plantel-leon-leon', name: 'CECyTE Guanajuato, Plantel León (León)' },
  // Open and online schooling, any city
  { code: 'prepa-en-linea-sep-en-linea', name: 'Prepa en Línea SEP (en línea)' },
  { code: 'preparatoria-abierta-sep-sistema-abierto', name: 'Preparatoria Abierta SEP (sistema abierto)' },
];
