/** What other parts of the server use of the NOM-035 evidence file: its routes. */
export { nom035FileRoutes } from './routes';
