/** What other features use of a teacher's reflections: the routes, and the earlier reflection a student reads before evaluating. */
export { teacherReflectionRoutes } from './routes';
export { earlierReflections } from './service';
