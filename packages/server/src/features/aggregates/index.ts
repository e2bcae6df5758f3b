/**
 * What other features use of the aggregates: folding published responses
 * (responses' mover), the queries reports and missing lists read, and the
 * small-group rule every report applies before showing a figure.
 */
export { foldResponses, GROUP_SEPARATOR } from './fold';
export {
  campusSummaries,
  countTexts,
  dailyCounts,
  itemAverages,
  itemDistribution,
  itemDistributionInDays,
  missingCounts,
  missingPeoplePage,
  missingRespondentIds,
  nom035Distribution,
  notListedCount,
  publishedByCycle,
  responsesByVersion,
  segmentScoresByCampus,
  segmentSummaries,
  teacherGroupScores,
  teacherRanking,
  textCountsByTeacher,
  textListSize,
  textsPage,
  type DistributionCell,
  type MissingPersonRow,
  type MissingRespondentsParams,
  type Nom035LevelCell,
  type ReportScope,
  type TeacherResult,
} from './queries';
export { isReportable, suppressWithComplement } from './small-groups';
