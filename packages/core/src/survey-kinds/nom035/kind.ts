import type { SurveyKindInfo } from '../../survey-kinds';

export const NOM035_KIND = {
  id: 'administrativos/norma',
  cycleName: 'NOM-035',
  respondent: 'staff',
  list: 'encuestasAdministrators',
  subjects: 'nom035Guides',
  targetList: false,
  formPath: 'doing',
  title: 'Factores de riesgo psicosocial (NOM-035)',
  description:
    'Cuestionarios de la NOM-035-STPS-2018 para identificar acontecimientos traumáticos severos y factores de riesgo psicosocial en el trabajo. Sus respuestas son confidenciales.',
  loadForm: async () => {
    const { NOM035_QUESTIONNAIRES } = await import('./guides');
    return { type: 'nom035', guideI: NOM035_QUESTIONNAIRES.I, riskGuides: { II: NOM035_QUESTIONNAIRES.II, III: NOM035_QUESTIONNAIRES.III } };
  },
} as const satisfies SurveyKindInfo;
