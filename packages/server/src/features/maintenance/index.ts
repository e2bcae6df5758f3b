/** What other features use of maintenance: recording a background run. */
export { recordRun } from './background-runs';
