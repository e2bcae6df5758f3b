/**
 * New intake (alumnos/nuevoIngreso): the profile of first-semester students
 * and their opinion of the admission process. Written for this product (no
 * external source). Its catalogue questions feed the report's breakdowns by
 * state, municipio, institute, marketing channel, communication channel,
 * transportation mode and extracurricular activity; each "other" text feeds
 * the matching free-text list.
 *
 * Each such catalogue question is required and ends with an 'Otro' option
 * (the engine's otherOption, since the catalogues have no such entry); the
 * "other" text that follows is asked, and required, only when it is chosen.
 */
import type { ChoiceItem, Questionnaire, RatingItem, TextItem } from '../../survey-engine/types';

/** The value of the 'Otro' option every catalogue question ends with. */
export const OTHER_VALUE = 'otro';
const OTHER_OPTION = { value: OTHER_VALUE, label: 'Otro' } as const;
const NOT_LISTED_HELP = 'Si tu respuesta no está en la lista, elige «Otro» y escríbela.';

const catalogQuestion = (
  id: string,
  type: 'single' | 'multiple',
  catalog: string,
  text: string,
  help = NOT_LISTED_HELP,
): ChoiceItem => ({ id, type, catalog, text, help, otherOption: OTHER_OPTION });

/** The text asked only when the question `of` was answered 'Otro'. */
const other = (id: string, of: string, text: string): TextItem => ({
  id,
  type: 'text',
  maxLength: 255,
  text,
  gate: { anyOf: [{ item: of, in: [OTHER_VALUE] }] },
});

const rating = (id: string, text: string): RatingItem => ({ id, type: 'rating', text });

export const NEW_INTAKE_QUESTIONNAIRE: Questionnaire = {
  id: 'alumnos-nuevo-ingreso',
  // 2: catalogue questions required, with an 'Otro' option opening their text.
  version: 2,
  title: 'Encuesta de nuevo ingreso',
  instructions: [
    '¡Te damos la bienvenida a la universidad! Queremos conocerte mejor para ofrecerte servicios a tu medida y mejorar el proceso de admisión.',
    'Tus respuestas son confidenciales y se analizan en conjunto; no afectan tu inscripción ni tus calificaciones.',
    'Te tomará unos 5 minutos.',
  ],
  sections: [
    {
      id: 'origin',
      title: 'Tu lugar de origen',
      items: [
        { id: 'originState', type: 'single', catalog: 'mxStates', text: '¿En qué estado vivías antes de entrar a la universidad?' },
        {
          id: 'originMunicipio',
          type: 'single',
          catalog: 'mxMunicipios',
          catalogParentItem: 'originState',
          text: '¿En qué municipio o alcaldía?',
        },
      ],
    },
    {
      id: 'school',
      title: 'Tu escuela de procedencia',
      items: [
        { id: 'schoolType', type: 'single', catalog: 'InstitudeOption', text: '¿En qué tipo de bachillerato estudiaste?' },
        { id: 'schoolName', type: 'text', maxLength: 255, text: 'Nombre de tu escuela de bachillerato' },
      ],
    },
    {
      id: 'marketing',
      title: 'Cómo nos conociste',
      items: [
        catalogQuestion(
          'knowChannels',
          'multiple',
          'KnowMarketingChannel',
          '¿Por qué medios te enteraste de la universidad?',
          `Puedes elegir varios. ${NOT_LISTED_HELP}`,
        ),
        other('knowChannelsOther', 'knowChannels', '¿Por qué otro medio te enteraste?'),
        catalogQuestion('effectiveChannel', 'single', 'EffectiveMarketingChannel', '¿Qué fue lo que más influyó en tu decisión de inscribirte?'),
        other('effectiveChannelOther', 'effectiveChannel', '¿Qué otra cosa influyó en tu decisión?'),
      ],
    },
    {
      id: 'habits',
      title: 'Comunicación, traslado y actividades',
      items: [
        catalogQuestion('communicationChannel', 'single', 'CommunicationChannel', '¿Por qué medio prefieres recibir avisos de la universidad?'),
        other('communicationChannelOther', 'communicationChannel', '¿Qué otro medio prefieres?'),
        catalogQuestion('transportationMode', 'single', 'TransportationMode', '¿Cómo llegas normalmente a la universidad?'),
        other('transportationModeOther', 'transportationMode', '¿De qué otra forma llegas?'),
        catalogQuestion(
          'extracurricularActivities',
          'multiple',
          'ExtracurricularActivitie',
          '¿Qué actividades extracurriculares te gustaría practicar en la universidad?',
          `Puedes elegir varias. ${NOT_LISTED_HELP}`,
        ),
        other('extracurricularActivitiesOther', 'extracurricularActivities', '¿Qué otra actividad te interesa?'),
      ],
    },
    {
      id: 'admission',
      title: 'Tu proceso de admisión',
      description: 'Califica de «Excelente» a «Mala». Si no viviste alguna parte del proceso, elige «No aplica».',
      items: [
        rating('admissionAttention', 'Atención que recibiste del personal de admisiones'),
        rating('admissionInformation', 'Información que recibiste sobre la carrera, los costos y las becas'),
        rating('admissionProcedures', 'Facilidad de los trámites de admisión e inscripción'),
        rating('admissionVisit', 'Instalaciones que conociste en tu visita al campus'),
      ],
    },
    {
      id: 'closing',
      title: 'Para terminar',
      items: [
        {
          id: 'comments',
          type: 'text',
          maxLength: 1000,
          multiline: true,
          required: false,
          text: '¿Hay algo más que quieras contarnos sobre tu llegada a la universidad?',
        },
      ],
    },
  ],
};
