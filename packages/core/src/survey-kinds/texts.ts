/**
 * What the respondent's list and a kind's pages call each kind: light on
 * purpose (no questionnaire), so the list of surveys loads none of them. The
 * registry's definitions take their title and description from here; a kind
 * answered with one questionnaire has the questionnaire's own title
 * (registry.test.ts holds them equal).
 */
import type { SurveyKindId } from '../survey-kinds';

export const SURVEY_KIND_TEXTS: Record<SurveyKindId, { title: string; description: string }> = {
  'alumnos/serviciosA': {
    title: 'Encuesta de satisfacción con los servicios',
    description: 'Califica la biblioteca, los laboratorios, la cafetería, servicios escolares, la seguridad y los demás servicios de tu campus.',
  },
  'alumnos/serviciosB': {
    title: 'Encuesta de servicios de apoyo, viajes e intercambios',
    description: 'Opina sobre tutorías, orientación psicológica, actividades culturales y deportivas, bolsa de trabajo, viajes de estudio e intercambios.',
  },
  'alumnos/evaluacionDocente': {
    title: 'Evaluación docente',
    description: 'Evalúa a tus docentes: responderás una evaluación por cada materia que cursas.',
  },
  'alumnos/nuevoIngreso': {
    title: 'Encuesta de nuevo ingreso',
    description: 'Cuéntanos de dónde vienes, cómo conociste la universidad y cómo fue tu proceso de admisión.',
  },
  'docentes/comunicacion': {
    title: 'Encuesta de comunicación interna para docentes',
    description: 'Califique la comunicación con sus grupos, las áreas administrativas, la dirección y la autoridad educativa.',
  },
  'administrativos/comunicacion': {
    title: 'Encuesta de comunicación interna para personal administrativo',
    description: 'Califique la comunicación con su jefe inmediato, con otras áreas y con la dirección.',
  },
  'administrativos/ambiente': {
    title: 'Encuesta de ambiente laboral',
    description:
      'Díganos cómo percibe el liderazgo, el trabajo en equipo, el reconocimiento, las condiciones de trabajo y la capacitación en su área.',
  },
  'administrativos/norma': {
    title: 'Factores de riesgo psicosocial (NOM-035)',
    description:
      'Cuestionarios de la NOM-035-STPS-2018 para identificar acontecimientos traumáticos severos y factores de riesgo psicosocial en el trabajo. Sus respuestas son confidenciales.',
  },
  buzon: {
    title: 'Buzón de sugerencias',
    description: 'Sugerencias y quejas sobre los servicios, las instalaciones o el personal de la universidad.',
  },
};
