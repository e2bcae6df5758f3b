/** What other parts of the server use of the NOM-035 evidence file: its routes, and the results published to staff (7.8). */
export { nom035FileRoutes } from './routes';
export { nom035StaffRoutes } from './staff-routes';
