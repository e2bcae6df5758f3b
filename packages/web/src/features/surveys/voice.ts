import type { RespondentType } from '@encuestas/core/survey-kinds';

/**
 * Students are addressed as tú, teachers and staff as usted, as their
 * questionnaires do. The few sentences of the respondent pages that change.
 */
export interface Voice {
  formal: boolean;
  greeting: (name: string) => string;
  listIntro: string;
  nothingAvailable: string;
  allDone: string;
  thanks: string;
  alreadyAnswered: string;
  start: string;
  continueDraft: string;
  restored: string;
  stepErrors: (count: number) => string;
  deadline: (day: string) => string;
  suggestionBoxInvite: string;
}

const informal: Voice = {
  formal: false,
  greeting: (name) => `Hola, ${name}`,
  listIntro: 'Estas son tus encuestas de este periodo. Tu opinión nos ayuda a mejorar.',
  nothingAvailable: 'No tienes encuestas por responder en este momento. Vuelve cuando tu campus abra un nuevo periodo de encuestas.',
  allDone: '¡Listo! Respondiste todas tus encuestas. Gracias por tu participación.',
  thanks: '¡Gracias! Tu respuesta quedó registrada.',
  alreadyAnswered: 'Ya respondiste esta encuesta. ¡Gracias por tu participación!',
  start: 'Comenzar',
  continueDraft: 'Continuar donde me quedé',
  restored: 'Recuperamos tus respuestas guardadas. Puedes seguir donde te quedaste.',
  stepErrors: (count) =>
    count === 1 ? 'Falta 1 respuesta en este paso. Revisa la pregunta marcada.' : `Faltan ${count} respuestas en este paso. Revisa las preguntas marcadas.`,
  deadline: (day) => `Responder hasta el ${day}`,
  suggestionBoxInvite: '¿Tienes una sugerencia o una queja? Cuéntanos de forma confidencial.',
};

const formal: Voice = {
  formal: true,
  greeting: (name) => `Hola, ${name}`,
  listIntro: 'Estas son sus encuestas de este periodo. Su opinión nos ayuda a mejorar.',
  nothingAvailable: 'No tiene encuestas por responder en este momento. Vuelva cuando su campus abra un nuevo periodo de encuestas.',
  allDone: 'Respondió todas sus encuestas. Gracias por su participación.',
  thanks: '¡Gracias! Su respuesta quedó registrada.',
  alreadyAnswered: 'Ya respondió esta encuesta. ¡Gracias por su participación!',
  start: 'Comenzar',
  continueDraft: 'Continuar donde me quedé',
  restored: 'Recuperamos sus respuestas guardadas. Puede seguir donde se quedó.',
  stepErrors: (count) =>
    count === 1 ? 'Falta 1 respuesta en este paso. Revise la pregunta marcada.' : `Faltan ${count} respuestas en este paso. Revise las preguntas marcadas.`,
  deadline: (day) => `Responder hasta el ${day}`,
  suggestionBoxInvite: '¿Tiene una sugerencia o una queja? Cuéntenos de forma confidencial.',
};

export function voiceFor(type: RespondentType | undefined): Voice {
  return type === 'teacher' || type === 'staff' ? formal : informal;
}
