/**
 * What other features use of the aggregates: folding published responses
 * (responses' mover), the queries reports read, and the
 * small-group rule every report applies before showing a figure.
 */
export { foldResponses, foldWrites, GROUP_SEPARATOR } from './fold';
export {
  campusSummaries,
  countTexts,
  dailyCounts,
  itemAverages,
  itemDistribution,
  itemDistributionInDays,
  nom035Distribution,
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
  type Nom035LevelCell,
  type ReportScope,
  type TeacherResult,
} from './queries';
export { isReportable, suppressWithComplement } from './small-groups';
export { selectTextsWithCell } from './text-cells';
