import { TEACHER_EVALUATION_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/questionnaire';

/** A teacher evaluation's required answers ('Buena', 'Sí'), with `comment` as its comment when given: a marker to follow it. */
export function teacherEvaluationAnswers(comment?: string): Record<string, string> {
  const answers: Record<string, string> = comment === undefined ? {} : { comments: comment };
  for (const section of TEACHER_EVALUATION_QUESTIONNAIRE.sections)
    for (const item of section.items) {
      if (item.gate || item.required === false) continue;
      if (item.type === 'rating') answers[item.id] = 'buena';
      else if (item.type === 'yesNo') answers[item.id] = 'yes';
    }
  return answers;
}
