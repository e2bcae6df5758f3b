/**
 * What a respondent may answer now (spec §3 survey availability): the
 * applications of their campus whose window includes today (Mexico City,
 * end inclusive) with the cycles attached, minus what they completed.
 */
import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { AvailableSurvey, Availability } from '@encuestas/core/api/surveys';
import { mexicoCityDay } from '@encuestas/core/dates';
import { SURVEY_KINDS, surveyKindInfo, type RespondentType, type SurveyKindId } from '@encuestas/core/survey-kinds';
import { fullName } from '@encuestas/core/directory';
import type { Database } from '../../db/client';
import { minutesToAnswer } from './questionnaires';
import {
  actives,
  activeCycles,
  campusCyclesDisabled,
  campuses,
  classes,
  completions,
  cycles,
  enrolments,
  newIntakeTargets,
  staff,
  students,
  teachers,
} from '../../db/schema';
import { earlierReflections } from '../teacher-reflections';
import { nom035GuideForCampus } from './nom035';

export interface OpenApplication {
  activeId: number;
  periodoId: number;
  cycleId: number;
  cycleName: string;
  kind: SurveyKindId;
  endActive: string;
}

/** Applications of a campus open today, one row per attached cycle of the respondent's kinds. */
export async function openApplications(
  db: Database,
  campusId: number,
  respondentType: RespondentType,
  now = new Date(),
): Promise<OpenApplication[]> {
  const kinds = SURVEY_KINDS.filter((k) => k.respondent === respondentType).map((k) => k.id);
  if (kinds.length === 0) return [];
  const today = mexicoCityDay(now);
  const rows = await db
    .select({
      activeId: actives.id,
      periodoId: actives.periodoId,
      cycleId: cycles.id,
      cycleName: cycles.name,
      kind: cycles.surveyKind,
      endActive: actives.endActive,
    })
    .from(actives)
    .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
    .innerJoin(cycles, eq(cycles.id, activeCycles.cycleId))
    // A disabled campus, or a survey type turned off at it, is offered to nobody (its open applications included).
    .innerJoin(campuses, and(eq(campuses.id, actives.campusId), eq(campuses.enabled, true)))
    .leftJoin(campusCyclesDisabled, and(eq(campusCyclesDisabled.campusId, actives.campusId), eq(campusCyclesDisabled.cycleId, cycles.id)))
    .where(
      and(
        eq(actives.campusId, campusId),
        isNull(campusCyclesDisabled.cycleId),
        lte(actives.startActive, today),
        gte(actives.endActive, today),
        inArray(cycles.surveyKind, kinds),
      ),
    )
    .orderBy(actives.startActive, cycles.id);
  return rows.map((r) => ({ ...r, kind: r.kind as SurveyKindId }));
}

async function completedKeys(db: Database, type: RespondentType, id: number, activeIds: number[]): Promise<Set<string>> {
  if (activeIds.length === 0) return new Set();
  const rows = await db
    .select({ activeId: completions.activeId, cycleId: completions.cycleId, subjectKey: completions.subjectKey })
    .from(completions)
    .where(
      and(eq(completions.respondentType, type), eq(completions.respondentId, id), inArray(completions.activeId, activeIds)),
    );
  return new Set(rows.map((r) => key(r.activeId, r.cycleId, r.subjectKey)));
}

function key(activeId: number, cycleId: number, subject: string): string {
  return `${activeId}:${cycleId}:${subject}`;
}

type ListedSurvey = Availability[keyof Availability][number];

const listedSurvey = (o: OpenApplication): Omit<AvailableSurvey, 'done'> => ({
  activeId: o.activeId,
  cicleId: o.cycleId,
  cicleName: o.cycleName,
  kind: o.kind,
  endActive: o.endActive,
  subject: '',
  estimatedMinutes: minutesToAnswer(o.kind, ['']),
});

/** One entry per class the student takes in the application's period, each about its teacher (with what they wrote of an earlier term's results). */
async function perClassSurveys(db: Database, application: OpenApplication, studentId: number, done: Set<string>): Promise<ListedSurvey[]> {
  const taught = await db
    .select({
      classId: classes.id,
      className: classes.name,
      teacherId: teachers.id,
      teacherName: teachers.name,
      teacherLastName: teachers.lastName,
      teacherMaternal: teachers.maternalSurName,
    })
    .from(enrolments)
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .where(and(eq(enrolments.studentId, studentId), eq(classes.periodoId, application.periodoId)))
    .orderBy(classes.name);
  const reflections = await earlierReflections(db, taught.map((c) => c.classId));
  return taught.map((c, index) => {
    const subject = String(c.classId);
    const reflection = reflections.get(c.classId);
    return {
      ...listedSurvey(application),
      subject,
      index,
      estimatedMinutes: minutesToAnswer(application.kind, [subject]),
      className: c.className,
      teacher: { id: c.teacherId, full_name: fullName(c.teacherName, c.teacherLastName, c.teacherMaternal) },
      done: done.has(key(application.activeId, application.cycleId, subject)),
      ...(reflection ? { reflection } : {}),
    };
  });
}

/** Guía I first, then the campus's risk guide (II or III): one entry showing the next step. */
async function nom035Survey(db: Database, application: OpenApplication, campusId: number, done: Set<string>): Promise<ListedSurvey> {
  const riskGuide = await nom035GuideForCampus(db, campusId);
  const guideOneDone = done.has(key(application.activeId, application.cycleId, 'I'));
  const riskDone = done.has(key(application.activeId, application.cycleId, riskGuide));
  return {
    ...listedSurvey(application),
    subject: guideOneDone ? riskGuide : 'I',
    // What is left: Guía I and the risk guide, or the risk guide alone.
    estimatedMinutes: minutesToAnswer(application.kind, guideOneDone ? [riskGuide] : ['I', riskGuide]),
    done: guideOneDone && riskDone,
  };
}

/** Whether the student is among the application period's new-intake targets. */
async function isNewIntakeTarget(db: Database, application: OpenApplication, studentId: number): Promise<boolean> {
  const [target] = await db
    .select({ studentId: newIntakeTargets.studentId })
    .from(newIntakeTargets)
    .where(and(eq(newIntakeTargets.studentId, studentId), eq(newIntakeTargets.periodoId, application.periodoId)));
  return target !== undefined;
}

export async function availabilityFor(
  db: Database,
  respondent: { type: RespondentType; id: number; campusId: number },
  now = new Date(),
): Promise<Availability> {
  const open = await openApplications(db, respondent.campusId, respondent.type, now);
  const done = await completedKeys(db, respondent.type, respondent.id, [...new Set(open.map((o) => o.activeId))]);
  const lists: Availability = {
    encuestas: [],
    encuestasDocente: [],
    encuestasTarget: [],
    encuestasComunicacionDocente: [],
    encuestasAdministrators: [],
  };
  for (const application of open) {
    const { list, subjects, targetList } = surveyKindInfo(application.kind);
    if (list === null) continue;
    if (subjects === 'perClass') {
      lists[list].push(...(await perClassSurveys(db, application, respondent.id, done)));
      continue;
    }
    if (targetList && !(await isNewIntakeTarget(db, application, respondent.id))) continue;
    lists[list].push(
      subjects === 'nom035Guides'
        ? await nom035Survey(db, application, respondent.campusId, done)
        : { ...listedSurvey(application), done: done.has(key(application.activeId, application.cycleId, '')) },
    );
  }
  return lists;
}

/** Campus of a respondent, for availability and submissions. */
export async function respondentCampusId(db: Database, type: RespondentType, id: number): Promise<number | null> {
  const table = type === 'student' ? students : type === 'teacher' ? teachers : staff;
  const [row] = await db.select({ campusId: table.campusId }).from(table).where(eq(table.id, id));
  return row?.campusId ?? null;
}

