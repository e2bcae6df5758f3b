export { teacherResultsRoutes, type TeacherResultsDeps } from './routes';
