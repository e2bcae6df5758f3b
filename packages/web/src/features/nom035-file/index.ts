/** What other features use of the NOM-035 file: the start page's warning before 7.9 is due. */
export { NextEvaluationNotice } from './components/next-evaluation-notice';
