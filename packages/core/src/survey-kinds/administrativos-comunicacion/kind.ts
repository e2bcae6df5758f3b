import { oneQuestionnaire } from '../forms';
import type { SurveyKindInfo } from '../../survey-kinds';

export const STAFF_COMMUNICATION_KIND = {
  id: 'administrativos/comunicacion',
  cycleName: 'Comunicación Administrativos',
  respondent: 'staff',
  list: 'encuestasAdministrators',
  subjects: 'one',
  targetList: false,
  formPath: 'doing',
  title: 'Encuesta de comunicación interna para personal administrativo',
  description: 'Califique la comunicación con su jefe inmediato, con otras áreas y con la dirección.',
  loadForm: async () => oneQuestionnaire((await import('./questionnaire')).STAFF_COMMUNICATION_QUESTIONNAIRE),
} as const satisfies SurveyKindInfo;
