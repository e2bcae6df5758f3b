import { oneQuestionnaire } from '../forms';
import type { SurveyKindInfo } from '../../survey-kinds';

export const WORK_ENVIRONMENT_KIND = {
  id: 'administrativos/ambiente',
  cycleName: 'Ambiente Laboral',
  respondent: 'staff',
  list: 'encuestasAdministrators',
  subjects: 'one',
  targetList: false,
  formPath: 'doing',
  title: 'Encuesta de ambiente laboral',
  description:
    'Díganos cómo percibe el liderazgo, el trabajo en equipo, el reconocimiento, las condiciones de trabajo y la capacitación en su área.',
  loadForm: async () => oneQuestionnaire((await import('./questionnaire')).WORK_ENVIRONMENT_QUESTIONNAIRE),
} as const satisfies SurveyKindInfo;
