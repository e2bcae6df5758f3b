export { commentAlertRoutes } from './routes';
