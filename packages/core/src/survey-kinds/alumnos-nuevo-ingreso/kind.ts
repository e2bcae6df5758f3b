import { oneQuestionnaire } from '../forms';
import type { SurveyKindInfo } from '../../survey-kinds';

export const NEW_INTAKE_KIND = {
  id: 'alumnos/nuevoIngreso',
  cycleName: 'Nuevo Ingreso',
  respondent: 'student',
  list: 'encuestasTarget',
  subjects: 'one',
  targetList: true,
  formPath: 'index',
  title: 'Encuesta de nuevo ingreso',
  description: 'Cuéntanos de dónde vienes, cómo conociste la universidad y cómo fue tu proceso de admisión.',
  loadForm: async () => oneQuestionnaire((await import('./questionnaire')).NEW_INTAKE_QUESTIONNAIRE),
} as const satisfies SurveyKindInfo;
