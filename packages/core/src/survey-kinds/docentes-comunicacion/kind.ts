import { oneQuestionnaire } from '../forms';
import type { SurveyKindInfo } from '../../survey-kinds';

export const TEACHER_COMMUNICATION_KIND = {
  id: 'docentes/comunicacion',
  cycleName: 'Comunicación Docentes',
  respondent: 'teacher',
  list: 'encuestasComunicacionDocente',
  subjects: 'one',
  targetList: false,
  formPath: 'doing',
  title: 'Encuesta de comunicación interna para docentes',
  description:
    'Califique la comunicación con sus grupos, las áreas administrativas, la dirección y la autoridad educativa.',
  loadForm: async () => oneQuestionnaire((await import('./questionnaire')).TEACHER_COMMUNICATION_QUESTIONNAIRE),
} as const satisfies SurveyKindInfo;
