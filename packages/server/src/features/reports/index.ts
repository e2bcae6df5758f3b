/** What other features use of the reports: the scope check and the report builders the files (PDF, spreadsheets) reuse. */
export { buildBreakdown, buildBreakdownItems, buildOverview, buildTexts } from './generic';
export { instituteOpinionReport } from './kinds/new-intake';
export { NOM035, nom035Index, nom035Report, nom035Results } from './kinds/nom035';
export { allTeacherRows, TEACHER_EVALUATION, teacherInfos, teacherReport, teacherResults, type TeacherInfo, type TeacherReportSettings } from './kinds/teacher-evaluation';
export {
  assertReportPermission,
  CAMPUS_NOT_FOUND,
  expectedPeople,
  expectedPeopleOf,
  PERIOD_NOT_FOUND,
  reportKey,
  resolveGrantedScope,
  resolveReportScope,
  type ReportScopeFilter,
  type ResolvedReport,
} from './scope';
