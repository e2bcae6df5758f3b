/** What other features use of periods and cycles: the granted campuses and cycles, the periods and the actives. */
export { fetchActivesPage, fetchGrantedCampuses, fetchGrantedCycles, fetchPeriodos } from './api/periods-cycles-api';
export { periodsCyclesKeys } from './api/periods-cycles-keys';
