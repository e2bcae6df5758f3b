/**
 * New intake (alumnos/nuevoIngreso): the profile of first-semester students
 * and their opinion of the admission process. Written for this product (no
 * external source). Its catalogue questions feed the report's breakdowns by
 * state, municipio, institute, marketing channel, communication channel,
 * transportation mode and extracurricular activity; each "other" text feeds
 * the matching free-text list. The school of origin (`institute`) is also a
 * segment of the aggregates: "students' opinion by institute" (spec §2).
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
/** The state answer of a student who lived abroad (or cannot find their state): opens originPlace. */
const ABROAD_OPTION = { value: OTHER_VALUE, label: 'Otro / extranjero' } as const;

/**
 * INEGI's 32 entidades ('01'–'32', as catalogs/mx-geo.ts; its test checks them): the
 * municipio is asked only for one of them. Written out so this module does not pull the
 * 60 KB geography into every survey page.
 */
export const MX_STATE_CLAVES: readonly string[] = Array.from({ length: 32 }, (_, i) => String(i + 1).padStart(2, '0'));

/**
 * Kinds of bachillerato, asked for a school not in the catalogue. Version 2 asked it of
 * everyone from the InstitudeOption catalogue with these same codes, so its answers
 * keep their meaning.
 */
export const SCHOOL_TYPES = [
  { value: 'preparatoria-publica', label: 'Preparatoria pública' },
  { value: 'preparatoria-privada', label: 'Preparatoria privada' },
  { value: 'bachillerato-tecnologico-cbtis-cetis-conalep', label: 'Bachillerato tecnológico (CBTIS, CETIS, CONALEP)' },
  { value: 'colegio-de-bachilleres', label: 'Colegio de Bachilleres' },
  { value: 'preparatoria-abierta', label: 'Preparatoria abierta' },
] as const;

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
  // 3: the school picked from the InstitudeOption catalogue (its type and name asked
  //    only for 'Otro', schoolType's codes unchanged); 'Otro / extranjero' state.
  version: 3,
  title: 'Encuesta de nuevo ingreso',
  instructions: [
    '¡Te damos la bienvenida a la universidad! Queremos conocerte mejor para ofrecerte servicios a tu medida y mejorar el proceso de admisión.',
    'Tus respuestas son confidenciales y se analizan en conjunto; no afectan tu inscripción ni tus calificaciones.',
  ],
  sections: [
    {
      id: 'origin',
      title: 'Tu lugar de origen',
      items: [
        {
          id: 'originState',
          type: 'single',
          catalog: 'mxStates',
          otherOption: ABROAD_OPTION,
          text: '¿En qué estado vivías antes de entrar a la universidad?',
          help: 'Si vivías fuera de México, elige «Otro / extranjero».',
        },
        {
          id: 'originMunicipio',
          type: 'single',
          catalog: 'mxMunicipios',
          catalogParentItem: 'originState',
          otherOption: OTHER_OPTION,
          text: '¿En qué municipio o alcaldía?',
          help: NOT_LISTED_HELP,
          gate: { anyOf: [{ item: 'originState', in: MX_STATE_CLAVES }] },
        },
        {
          id: 'originPlace',
          type: 'text',
          maxLength: 255,
          text: '¿Dónde vivías? Escribe la localidad o ciudad, y el país si es fuera de México',
          gate: { anyOf: [{ item: 'originState', in: [OTHER_VALUE] }, { item: 'originMunicipio', in: [OTHER_VALUE] }] },
        },
      ],
    },
    {
      id: 'school',
      title: 'Tu escuela de procedencia',
      items: [
        {
          id: 'institute',
          type: 'single',
          catalog: 'InstitudeOption',
          otherOption: OTHER_OPTION,
          segment: 'institute',
          text: '¿En qué escuela estudiaste el bachillerato?',
          help: 'Escribe parte de su nombre o de su ciudad para buscarla. Si no está en la lista, elige «Otro» y escríbela.',
        },
        {
          id: 'schoolName',
          type: 'text',
          maxLength: 255,
          text: '¿Cómo se llama tu escuela y en qué ciudad está?',
          gate: { anyOf: [{ item: 'institute', in: [OTHER_VALUE] }] },
        },
        {
          id: 'schoolType',
          type: 'single',
          options: SCHOOL_TYPES,
          text: '¿Qué tipo de bachillerato es?',
          gate: { anyOf: [{ item: 'institute', in: [OTHER_VALUE] }] },
        },
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
