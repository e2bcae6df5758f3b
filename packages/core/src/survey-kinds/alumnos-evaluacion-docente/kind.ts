import { oneQuestionnaire } from '../forms';
import type { SurveyKindInfo } from '../../survey-kinds';

export const TEACHER_EVALUATION_KIND = {
  id: 'alumnos/evaluacionDocente',
  cycleName: 'Evaluación Docente',
  respondent: 'student',
  list: 'encuestasDocente',
  subjects: 'perClass',
  targetList: false,
  formPath: 'index',
  title: 'Evaluación docente',
  description: 'Evalúa a tus docentes: responderás una evaluación por cada materia que cursas.',
  loadForm: async () => oneQuestionnaire((await import('./questionnaire')).TEACHER_EVALUATION_QUESTIONNAIRE),
} as const satisfies SurveyKindInfo;
