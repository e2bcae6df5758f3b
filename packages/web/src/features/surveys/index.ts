/** What the rest of the app uses of the surveys: the respondent pages' queries and paths, and submitting an answer. */
export { submitSurveyResponse } from './api/surveys-api';
export {
  availabilityQuery,
  commentCategoriesQuery,
  serverCatalogsQuery,
  suggestionBoxAvailableQuery,
  suggestionCategoriesQuery,
} from './respondent-queries';
export { EVALUATED_LIST_PATH, PRIVACY_NOTICE_PATH, type AnswerableKind } from './survey-paths';
