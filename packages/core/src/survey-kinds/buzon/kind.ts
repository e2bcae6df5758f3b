import type { SurveyKindInfo } from '../../survey-kinds';

export const SUGGESTION_BOX_KIND_ENTRY = {
  id: 'buzon',
  cycleName: 'BUZÓN',
  respondent: 'any',
  list: null,
  subjects: 'one',
  targetList: false,
  formPath: 'doing',
  title: 'Buzón de sugerencias',
  description: 'Sugerencias y quejas sobre los servicios, las instalaciones o el personal de la universidad.',
} as const satisfies SurveyKindInfo;
