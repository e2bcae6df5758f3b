import { oneQuestionnaire } from '../forms';
import type { SurveyKindInfo } from '../../survey-kinds';

export const SERVICIOS_A_KIND = {
  id: 'alumnos/serviciosA',
  cycleName: 'Encuesta de Servicios A',
  respondent: 'student',
  list: 'encuestas',
  subjects: 'one',
  targetList: false,
  formPath: 'doing',
  title: 'Encuesta de satisfacción con los servicios',
  description:
    'Califica la biblioteca, los laboratorios, la cafetería, servicios escolares, la seguridad y los demás servicios de tu campus.',
  loadForm: async () => oneQuestionnaire((await import('./questionnaire')).SERVICIOS_A_QUESTIONNAIRE),
} as const satisfies SurveyKindInfo;
