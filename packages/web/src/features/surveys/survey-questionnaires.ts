/**
 * Kind names for the respondent pages, and each kind's questionnaire loaded
 * on demand: a form page fetches only its own kind's questionnaire (NOM-035:
 * its guides), and the list of surveys none (docs/benchmarks.md, Bytes to the
 * phone). survey-questionnaires.test.ts holds the loaders to the core registry.
 */
import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import { surveyKindInfo, type SurveyKindId } from '@encuestas/core/survey-kinds';
import { SURVEY_KIND_TEXTS } from '@encuestas/core/survey-kinds/texts';
import type { AnswerableKind } from './survey-paths';

/** Each kind's questionnaire for an entry's subject (NOM-035: the guide it names), in its own chunk. */
const QUESTIONNAIRE_LOADERS: Record<AnswerableKind, (subject: string) => Promise<Questionnaire | undefined>> = {
  'alumnos/serviciosA': async () => (await import('@encuestas/core/survey-kinds/alumnos-servicios-a/questionnaire')).SERVICIOS_A_QUESTIONNAIRE,
  'alumnos/serviciosB': async () => (await import('@encuestas/core/survey-kinds/alumnos-servicios-b/questionnaire')).SERVICIOS_B_QUESTIONNAIRE,
  'alumnos/evaluacionDocente': async () =>
    (await import('@encuestas/core/survey-kinds/alumnos-evaluacion-docente/questionnaire')).TEACHER_EVALUATION_QUESTIONNAIRE,
  'alumnos/nuevoIngreso': async () => (await import('@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/questionnaire')).NEW_INTAKE_QUESTIONNAIRE,
  'docentes/comunicacion': async () =>
    (await import('@encuestas/core/survey-kinds/docentes-comunicacion/questionnaire')).TEACHER_COMMUNICATION_QUESTIONNAIRE,
  'administrativos/comunicacion': async () =>
    (await import('@encuestas/core/survey-kinds/administrativos-comunicacion/questionnaire')).STAFF_COMMUNICATION_QUESTIONNAIRE,
  'administrativos/ambiente': async () =>
    (await import('@encuestas/core/survey-kinds/administrativos-ambiente/questionnaire')).WORK_ENVIRONMENT_QUESTIONNAIRE,
  'administrativos/norma': async (subject) => {
    const { NOM035_QUESTIONNAIRES } = await import('@encuestas/core/survey-kinds/nom035/guides');
    return subject === 'I' || subject === 'II' || subject === 'III' ? NOM035_QUESTIONNAIRES[subject] : undefined;
  },
};

/** The questionnaire an entry is answered with, as the server decides it; undefined for a subject the kind does not have. */
export function loadQuestionnaire(kind: AnswerableKind, subject: string): Promise<Questionnaire | undefined> {
  return QUESTIONNAIRE_LOADERS[kind](subject);
}

/** 'Guía II' for a NOM-035 entry, undefined for other kinds. */
export function nom035GuideLabel(entry: Pick<AvailableSurvey, 'kind' | 'subject'>): string | undefined {
  return surveyKindInfo(entry.kind).subjects === 'nom035Guides' && entry.subject ? `Guía ${entry.subject}` : undefined;
}

export function kindTitle(kind: SurveyKindId): string {
  return SURVEY_KIND_TEXTS[kind].title;
}

export function kindDescription(kind: SurveyKindId): string {
  return SURVEY_KIND_TEXTS[kind].description;
}
