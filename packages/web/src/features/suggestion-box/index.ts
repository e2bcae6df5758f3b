/** What other features use of the suggestion box: its requests, which the respondent routes start early. */
export { fetchCommentCategories, fetchSuggestionBoxAvailable, fetchSuggestionCategories } from './api/suggestion-box-api';
