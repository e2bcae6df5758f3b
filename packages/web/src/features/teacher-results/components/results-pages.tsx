/**
 * A teacher's screens in one lazy chunk: «Mis resultados» (the list of terms, or one term's results with
 * ?id=, one route) and «Mis grupos». Each route and each file name sits in the entry every page loads
 * first (bundle-budgets.json).
 */
import { useLocation } from 'react-router';
import { termIdOf } from '../paths';
import { MyResultsPage } from './my-results-page';
import { TermResultsPage } from './term-results-page';

export { TeacherProgress } from './teacher-progress';

export function ResultsPages() {
  const activeId = termIdOf(useLocation().search);
  return activeId === null ? <MyResultsPage /> : <TermResultsPage activeId={activeId} />;
}
