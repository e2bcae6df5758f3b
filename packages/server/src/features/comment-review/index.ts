export { commentReviewRoutes } from './routes';
