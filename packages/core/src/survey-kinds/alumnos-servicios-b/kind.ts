import { oneQuestionnaire } from '../forms';
import type { SurveyKindInfo } from '../../survey-kinds';

export const SERVICIOS_B_KIND = {
  id: 'alumnos/serviciosB',
  cycleName: 'Encuesta de Servicios B',
  respondent: 'student',
  list: 'encuestas',
  subjects: 'one',
  targetList: false,
  formPath: 'doing',
  title: 'Encuesta de servicios de apoyo, viajes e intercambios',
  description:
    'Opina sobre tutorías, orientación psicológica, actividades culturales y deportivas, bolsa de trabajo, viajes de estudio e intercambios.',
  loadForm: async () => oneQuestionnaire((await import('./questionnaire')).SERVICIOS_B_QUESTIONNAIRE),
} as const satisfies SurveyKindInfo;
