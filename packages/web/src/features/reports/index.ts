/** What other features use of the reports: links to a report and who may see one, and a table's downloads. */
export { TableDownloads } from './components/download-button';
export { canSeeAnyReport, reportLinkFor } from './logic/report-paths';
