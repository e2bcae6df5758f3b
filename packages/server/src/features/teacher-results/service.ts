/**
 * A teacher's own evaluation, read as a respondent (issue 21; docs/privacy.md,
 * "What a teacher sees"). While an application runs: per class, how many of
 * its students answered out of how many are expected (counts only, from
 * `completion`; nothing for a class under the small-group rule). From the
 * release day: their results as the back office's teacher report builds them
 * (teacherResults: the same small-group rule and complementary suppression),
 * for their own teacher id only, with the trend over their released terms,
 * and the comments a reviewer published (features/comment-review; docs/privacy.md,
 * "Comment review"). An application that waits for the review holds a
 * teacher's results while a comment of theirs is pending, decided per teacher.
 */
import { sql } from 'drizzle-orm';
import { withheldExplanation } from '@encuestas/core/api/reports';
import {
  commentsInReviewNote,
  commentsWithheldNote,
  NO_COMMENTS_MESSAGE,
  OWN_RESULTS_ONLY_MESSAGE,
  RESULTS_AWAIT_REVIEW_MESSAGE,
  resultsNotReleasedMessage,
  TEACHER_TERM_NOT_FOUND_MESSAGE,
  TEACHERS_ONLY_MESSAGE,
  type TeacherApplicationProgress,
  type TeacherOwnResults,
  type TeacherProgressAnswer,
  type TeacherTerm,
  type TeacherTrendPoint,
} from '@encuestas/core/api/teacher-results';
import { resultsReleaseDayOf } from '@encuestas/core/api/actives';
import { fileNamePart } from '@encuestas/core/api/report-files';
import { mexicoCityDay } from '@encuestas/core/dates';
import { teacherResultGroup } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/results';
import { queryRows, type ReadDatabase } from '../../db/client';
import { AppError } from '../../http/errors';
import type { TokenSubject } from '../../http/tokens';
import { isReportable, teacherRanking } from '../aggregates';
import { teacherCommentReviews, type TeacherCommentReview } from '../comment-review';
import type { PdfSource } from '../files';
import { resolveGrantedScope, TEACHER_EVALUATION, teacherInfos, teacherResults, type TeacherInfo, type TeacherReportSettings } from '../reports';

/** The signed-in teacher asking for their own id: a student or staff member, or another teacher's id, is 403. */
export async function ownTeacher(db: ReadDatabase, subject: TokenSubject, teacherId: number): Promise<TeacherInfo> {
  if (subject.type !== 'teacher') throw new AppError('FORBIDDEN', TEACHERS_ONLY_MESSAGE);
  if (subject.id !== teacherId) throw new AppError('FORBIDDEN', OWN_RESULTS_ONLY_MESSAGE);
  const teacher = (await teacherInfos(db, [teacherId])).get(teacherId);
  if (!teacher) throw new AppError('UNAUTHENTICATED');
  return teacher;
}

/** Applications with the teacher evaluation attached, at a campus and period where the teacher has a class. */
const teacherApplications = (teacherId: number) => sql`
  select a.id as active_id, a.start_active, a.end_active, a.results_release_day, a.release_waits_for_review,
    cy.id as cycle_id, cy.name as cycle_name, p.id as periodo_id, p.nombre as periodo_nombre, p.fecha_inicio,
    ca.id as campus_id, ca.nombre as campus_nombre
  from active a
  join active_ciclo ac on ac.active_id = a.id
  join ciclo cy on cy.id = ac.ciclo_id and cy.survey_kind = ${TEACHER_EVALUATION}
  join periodo p on p.id = a.periodo_id
  join campus ca on ca.id = a.campus_id
  where exists (select 1 from class cl where cl.teacher_id = ${teacherId} and cl.campus_id = a.campus_id and cl.periodo_id = a.periodo_id)`;

interface ApplicationRow {
  active_id: number;
  start_active: string;
  end_active: string;
  results_release_day: string | null;
  release_waits_for_review: boolean;
  cycle_id: number;
  cycle_name: string;
  periodo_id: number;
  periodo_nombre: string;
  fecha_inicio: string;
  campus_id: number;
  campus_nombre: string;
}

/**
 * Per class of the applications open today: students enrolled (active in the
 * directory) and those of them who evaluated the class in the application.
 * Never an answer, a day or a name.
 */
export async function teacherProgress(db: ReadDatabase, teacherId: number, minGroupSize: number, now = new Date()): Promise<TeacherProgressAnswer> {
  const today = mexicoCityDay(now);
  const rows = await queryRows<
    ApplicationRow & { class_id: number; class_name: string; plan: string; grupo: string; expected: number; answered: number }
  >(
    db,
    sql`select t.*, cl.id as class_id, cl.name as class_name, cl.plan, cl.grupo,
        (select count(*) from enrolment e join student s on s.id = e.student_id where e.class_id = cl.id and s.active)::int as expected,
        (select count(*) from enrolment e join student s on s.id = e.student_id
          join completion c on c.respondent_type = 'student' and c.respondent_id = e.student_id and c.active_id = t.active_id
            and c.ciclo_id = t.cycle_id and c.subject_key = cl.id::text
          where e.class_id = cl.id and s.active)::int as answered
      from (${teacherApplications(teacherId)}) t
      join class cl on cl.teacher_id = ${teacherId} and cl.campus_id = t.campus_id and cl.periodo_id = t.periodo_id
      where t.start_active <= ${today} and t.end_active >= ${today}
        and exists (select 1 from campus ca where ca.id = t.campus_id and ca.enabled)
        and not exists (select 1 from campus_ciclo_disabled d where d.campus_id = t.campus_id and d.ciclo_id = t.cycle_id)
      order by t.start_active, t.active_id, cl.name, cl.plan, cl.grupo, cl.id`,
  );
  const applications = new Map<number, TeacherApplicationProgress>();
  for (const row of rows) {
    let application = applications.get(row.active_id);
    if (!application) {
      application = {
        activeId: row.active_id,
        cycle: { id: row.cycle_id, name: row.cycle_name },
        periodo: { id: row.periodo_id, nombre: row.periodo_nombre },
        campus: { id: row.campus_id, nombre: row.campus_nombre },
        end_active: row.end_active,
        results_release_day: resultsReleaseDayOf(row.end_active, row.results_release_day),
        classes: [],
      };
      applications.set(row.active_id, application);
    }
    // A class too small to count: its answered count would tell who answered.
    const shown = isReportable(row.expected, minGroupSize);
    application.classes.push({
      classId: row.class_id,
      name: row.class_name,
      plan: row.plan,
      grupo: row.grupo,
      expected: shown ? row.expected : null,
      answered: shown ? row.answered : null,
      withheld: !shown,
    });
  }
  return { applications: [...applications.values()], minGroupSize, withheldExplanation: withheldExplanation(minGroupSize) };
}

/** A term and the ids of its applications (the results cover them all), and of those whose release waits for the review. */
type TermWithApplications = TeacherTerm & { activeIds: number[]; waitingIds: number[]; fechaInicio: string };

/**
 * The teacher's terms, newest first: one per campus, period and survey type,
 * released on the latest release day of its applications (the results cover
 * every application of the period at the campus, so none may still be waiting).
 */
export async function teacherTerms(db: ReadDatabase, teacherId: number, now = new Date()): Promise<TermWithApplications[]> {
  const today = mexicoCityDay(now);
  const rows = await queryRows<ApplicationRow>(db, sql`${teacherApplications(teacherId)} order by p.fecha_inicio desc, ca.nombre, a.start_active desc, a.id desc`);
  const terms = new Map<string, TermWithApplications>();
  for (const row of rows) {
    const key = `${row.periodo_id}:${row.campus_id}:${row.cycle_id}`;
    const releaseDay = resultsReleaseDayOf(row.end_active, row.results_release_day);
    const term = terms.get(key);
    if (term) {
      term.activeIds.push(row.active_id);
      if (row.release_waits_for_review) term.waitingIds.push(row.active_id);
      if (releaseDay > term.results_release_day) term.results_release_day = releaseDay;
      continue;
    }
    terms.set(key, {
      activeId: row.active_id,
      activeIds: [row.active_id],
      waitingIds: row.release_waits_for_review ? [row.active_id] : [],
      cycle: { id: row.cycle_id, name: row.cycle_name },
      periodo: { id: row.periodo_id, nombre: row.periodo_nombre },
      campus: { id: row.campus_id, nombre: row.campus_nombre },
      results_release_day: releaseDay,
      released: false,
      fechaInicio: row.fecha_inicio,
    });
  }
  return [...terms.values()].map((term) => ({ ...term, released: today >= term.results_release_day }));
}

const publicTerm = ({ activeIds: _ids, waitingIds: _waiting, fechaInicio: _start, ...term }: TermWithApplications): TeacherTerm => term;

export async function teacherTermList(db: ReadDatabase, teacherId: number, now = new Date()): Promise<{ terms: TeacherTerm[] }> {
  return { terms: (await teacherTerms(db, teacherId, now)).map(publicTerm) };
}

/** The teacher's mean in a term at its campus, withheld under the small-group rule as the ranking's previous mean is. */
async function trendPoint(db: ReadDatabase, settings: TeacherReportSettings, term: TermWithApplications, teacherId: number): Promise<TeacherTrendPoint> {
  const ranking = await teacherRanking(db, { cycleId: term.cycle.id, periodoId: term.periodo.id, campusIds: [term.campus.id] });
  const own = ranking.find((row) => row.teacherId === teacherId);
  if (!own || !isReportable(own.n, settings.minGroupSize)) return { periodo: term.periodo, n: null, mean: null, group: null, withheld: true };
  return { periodo: term.periodo, n: own.n, mean: own.mean, group: teacherResultGroup(own.mean, settings.thresholds), withheld: false };
}

/**
 * The teacher's results of the term holding application `activeId`: 404 when
 * none is theirs, 403 (with the day) before release, 403 while an application
 * that waits for the review has a comment of theirs pending (another teacher's
 * pending comments never hold these back).
 */
export async function teacherOwnResults(
  db: ReadDatabase,
  settings: TeacherReportSettings,
  teacher: TeacherInfo,
  activeId: number,
  now = new Date(),
): Promise<TeacherOwnResults> {
  const terms = await teacherTerms(db, teacher.id, now);
  const term = terms.find((candidate) => candidate.activeIds.includes(activeId));
  if (!term) throw new AppError('NOT_FOUND', TEACHER_TERM_NOT_FOUND_MESSAGE);
  if (!term.released) throw new AppError('FORBIDDEN', resultsNotReleasedMessage(term.results_release_day));
  const comments = await teacherCommentReviews(
    db,
    teacher.id,
    term.activeIds.map((id) => ({ activeId: id, cycleId: term.cycle.id })),
    settings.minGroupSize,
  );
  const pending = comments.filter((comment) => comment.review === null);
  if (pending.some((comment) => term.waitingIds.includes(comment.activeId))) throw new AppError('FORBIDDEN', RESULTS_AWAIT_REVIEW_MESSAGE);
  // The server grants the term's campus and survey type only: the report reads nothing else.
  const resolved = await resolveGrantedScope(
    db,
    { campusIds: [term.campus.id], cycleIds: [term.cycle.id] },
    { cicleId: term.cycle.id, periodoId: term.periodo.id, campusId: term.campus.id },
  );
  const { comments: _count, commentsWithheld, ...report } = await teacherResults(db, settings, resolved, teacher);
  const earlier = terms
    .filter((candidate) => candidate.released && candidate.cycle.id === term.cycle.id && candidate.fechaInicio <= term.fechaInicio)
    .reverse();
  const trend = await Promise.all(earlier.map((candidate) => trendPoint(db, settings, candidate, teacher.id)));
  return { term: publicTerm(term), report, trend, ...ownComments(comments, commentsWithheld, settings.minGroupSize) };
}

/**
 * What the teacher reads of their comments: the published ones, a redacted one
 * in its redacted words only, none under the small-group rule (as the report
 * withholds them), and a count of those still pending. Sorted by key (a hash):
 * no order tells when or in which class one was written.
 */
function ownComments(
  comments: readonly TeacherCommentReview[],
  withheld: boolean,
  minGroupSize: number,
): Pick<TeacherOwnResults, 'comments' | 'commentsInReview' | 'commentsNote'> {
  if (withheld) return { comments: [], commentsInReview: 0, commentsNote: commentsWithheldNote(minGroupSize) };
  const shown = comments
    .filter((comment) => comment.review !== null && comment.review.decision !== 'withheld')
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((comment) => {
      const redacted = comment.review!.decision === 'redacted';
      return { text: redacted ? comment.review!.publishedText ?? '' : comment.text, copies: comment.copies, redacted };
    });
  const inReview = comments.filter((comment) => comment.review === null).length;
  const note = inReview > 0 ? commentsInReviewNote(inReview) : shown.length === 0 ? NO_COMMENTS_MESSAGE : null;
  return { comments: shown, commentsInReview: inReview, commentsNote: note };
}

/** The same as a PDF (the admin teacher PDF's layout, with the trend and the published comments). */
export async function teacherOwnPdfSource(
  db: ReadDatabase,
  settings: TeacherReportSettings,
  teacher: TeacherInfo,
  activeId: number,
): Promise<PdfSource> {
  const results = await teacherOwnResults(db, settings, teacher, activeId);
  const fileName = `mis-resultados_${fileNamePart(results.term.periodo.nombre)}_${fileNamePart(results.term.campus.nombre)}.pdf`;
  return { content: { pdf: 'ownTeacher', data: results }, fileName };
}
