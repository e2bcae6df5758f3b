export { commentReviewRoutes } from './routes';
export { teacherCommentReviews, type TeacherCommentReview } from './service';
