/**
 * Work environment (administrativos/ambiente): the staff's view of the
 * working climate (clima laboral). Written for this product (no external
 * source; it is not the NOM-035 questionnaire, which is administrativos/norma).
 *
 * Statements are answered by frequency, and every statement is worded so
 * that "Siempre" is the favourable answer; each carries scores Siempre 5 …
 * Nunca 1, on the same scale as the rating points, so averages per item,
 * section and period are comparable with the other surveys. The closing
 * overall rating is the report's 'rating' graph.
 */
import type { FrequencyItem, FrequencyValue, Questionnaire } from '../../survey-engine/types';

/** Scores of a favourably worded statement: higher is a better climate. */
export const FAVOURABLE_FREQUENCY_SCORES: Record<FrequencyValue, number> = {
  always: 5,
  almostAlways: 4,
  sometimes: 3,
  almostNever: 2,
  never: 1,
};

const statement = (id: string, text: string): FrequencyItem => ({ id, type: 'frequency', text, scores: FAVOURABLE_FREQUENCY_SCORES });

export const WORK_ENVIRONMENT_QUESTIONNAIRE: Questionnaire = {
  id: 'administrativos-ambiente',
  version: 1,
  title: 'Encuesta de ambiente laboral',
  instructions: [
    'Esta encuesta busca conocer cómo percibe usted el ambiente de trabajo en su área, para mejorarlo.',
    'Es anónima: sus respuestas se analizan en conjunto y no se relacionan con su nombre.',
    'Indique con qué frecuencia ocurre cada situación: «Siempre», «Casi siempre», «Algunas veces», «Casi nunca» o «Nunca». Piense en los últimos tres meses.',
  ],
  sections: [
    {
      id: 'leadership',
      title: 'Liderazgo',
      items: [
        statement('leaderRespect', 'Mi jefe inmediato me trata con respeto.'),
        statement('leaderExpectations', 'Mi jefe inmediato me explica con claridad qué se espera de mi trabajo.'),
        statement('leaderSupport', 'Mi jefe inmediato me apoya para resolver los problemas que se presentan.'),
        statement('leaderFairness', 'Mi jefe inmediato reparte las cargas de trabajo de manera justa.'),
      ],
    },
    {
      id: 'teamwork',
      title: 'Trabajo en equipo',
      items: [
        statement('teamCooperation', 'Mis compañeros de área colaboran cuando se necesita.'),
        statement('teamInformation', 'En mi área compartimos la información necesaria para hacer bien el trabajo.'),
        statement('teamConflicts', 'Los desacuerdos en mi área se resuelven con respeto.'),
        statement('teamBelonging', 'Me siento parte de un equipo.'),
      ],
    },
    {
      id: 'recognition',
      title: 'Reconocimiento y desarrollo',
      items: [
        statement('recognitionWork', 'Se reconoce mi trabajo cuando lo hago bien.'),
        statement('recognitionGrowth', 'Tengo oportunidades de crecer dentro de la institución.'),
        statement('recognitionFairness', 'Los ascensos y reconocimientos se otorgan con criterios justos.'),
      ],
    },
    {
      id: 'conditions',
      title: 'Condiciones de trabajo',
      items: [
        statement('conditionsTools', 'Cuento con el equipo y los materiales necesarios para hacer mi trabajo.'),
        statement('conditionsComfort', 'Mi espacio de trabajo es cómodo (iluminación, ventilación, temperatura y ruido).'),
        statement('conditionsSafety', 'Mi lugar de trabajo es seguro y está limpio.'),
      ],
    },
    {
      id: 'balance',
      title: 'Equilibrio entre vida personal y trabajo',
      items: [
        statement('balanceHours', 'Puedo terminar mi trabajo dentro de mi horario.'),
        statement('balanceFamily', 'Mi trabajo me permite atender mis responsabilidades personales y familiares.'),
        statement('balanceRest', 'Se respetan mis descansos, vacaciones y días libres.'),
      ],
    },
    {
      id: 'training',
      title: 'Capacitación',
      items: [
        statement('trainingReceived', 'Recibo la capacitación que necesito para hacer bien mi trabajo.'),
        statement('trainingUseful', 'La capacitación que recibo es útil para mis funciones.'),
        statement('trainingChanges', 'Cuando cambian los procesos o sistemas, me preparan para ello.'),
      ],
    },
    {
      id: 'closing',
      title: 'Valoración general',
      items: [
        {
          id: 'overallEnvironment',
          type: 'rating',
          text: 'En general, ¿cómo califica el ambiente laboral de su área?',
          allowNa: false,
        },
        {
          id: 'comments',
          type: 'text',
          maxLength: 1000,
          multiline: true,
          required: false,
          text: '¿Qué propone para mejorar el ambiente de trabajo?',
        },
      ],
    },
  ],
};
