/** What other features use of the reports: links to a report and who may see one, a table's downloads and the download button. */
export { DownloadButton, TableDownloads } from './components/download-button';
export { canSeeAnyReport, reportLinkFor } from './logic/report-paths';
