/**
 * Survey B (alumnos/serviciosB): students' opinion of the academic-support
 * services, study trips and exchanges. Written for this product (no external
 * source). The trip and exchange items feed the report's "by trip cost",
 * "other trip cost", "by exchange cost", "exchange opinions" and "suggested
 * institutes" lists; the TripCost and ExchangeCost catalogues have no "other"
 * entry, so "other trip cost" is a free text every traveller may add.
 */
import type { Gate, Questionnaire, RatingItem } from '../../survey-engine/types';

const rating = (id: string, text: string, gate?: Gate): RatingItem => ({ id, type: 'rating', text, ...(gate ? { gate } : {}) });

const tookTrip: Gate = { anyOf: [{ item: 'tookTrip', in: ['yes'] }] };
const exchanged: Gate = { anyOf: [{ item: 'exchangeParticipated', in: ['yes'] }] };
const exchangedOrInterested: Gate = {
  anyOf: [
    { item: 'exchangeParticipated', in: ['yes'] },
    { item: 'exchangeInterested', in: ['yes'] },
  ],
};

export const SERVICIOS_B_QUESTIONNAIRE: Questionnaire = {
  id: 'alumnos-servicios-b',
  version: 1,
  title: 'Encuesta de servicios de apoyo, viajes e intercambios',
  instructions: [
    'Queremos conocer tu opinión sobre los servicios de apoyo académico, las actividades, los viajes de estudio y los intercambios de la universidad.',
    'La encuesta es anónima: tus respuestas se analizan en conjunto y no se relacionan con tu nombre ni con tus calificaciones.',
    'Califica cada aspecto de «Excelente» a «Mala». Si no has usado un servicio, elige «No aplica».',
  ],
  sections: [
    {
      id: 'academicCoordination',
      title: 'Coordinación académica',
      items: [
        rating('coordinationAttention', 'Atención de tu coordinación de carrera'),
        rating('coordinationInfo', 'Información sobre tu plan de estudios, horarios y cambios'),
        rating('coordinationSolutions', 'Solución a los asuntos académicos que planteas'),
      ],
    },
    {
      id: 'tutoring',
      title: 'Tutorías y asesorías',
      items: [
        rating('tutoringAvailability', 'Disponibilidad de tutorías y asesorías académicas'),
        rating('tutoringUsefulness', 'Utilidad de las tutorías para tu desempeño escolar'),
      ],
    },
    {
      id: 'counseling',
      title: 'Orientación psicológica',
      items: [
        rating('counselingAccess', 'Facilidad para conseguir una cita'),
        rating('counselingQuality', 'Calidad de la atención que recibiste'),
        rating('counselingConfidentiality', 'Confidencialidad y respeto en la atención'),
      ],
    },
    {
      id: 'activities',
      title: 'Actividades culturales y deportivas',
      items: [
        rating('culturalOffer', 'Oferta de talleres y actividades culturales'),
        rating('sportsOffer', 'Oferta de equipos y actividades deportivas'),
        rating('sportsFacilities', 'Instalaciones deportivas'),
        rating('activitySchedules', 'Horarios compatibles con tus clases'),
      ],
    },
    {
      id: 'careers',
      title: 'Bolsa de trabajo y vinculación',
      items: [
        rating('jobBoard', 'Vacantes y ofertas de prácticas profesionales que se publican'),
        rating('internshipSupport', 'Apoyo para encontrar prácticas profesionales o servicio social'),
        rating('careerEvents', 'Ferias de empleo, conferencias y talleres de empleabilidad'),
      ],
    },
    {
      id: 'trips',
      title: 'Viajes de estudio',
      items: [
        { id: 'tookTrip', type: 'yesNo', text: '¿Participaste en algún viaje de estudios o visita académica durante este periodo?' },
        {
          id: 'tripCost',
          type: 'single',
          catalog: 'TripCost',
          gate: tookTrip,
          text: '¿Cuánto pagaste en total por el viaje?',
          help: 'Incluye transporte, hospedaje, entradas y alimentos. Si hiciste varios viajes, considera el más reciente.',
        },
        {
          id: 'tripCostOther',
          type: 'text',
          maxLength: 255,
          required: false,
          gate: tookTrip,
          text: 'Si pagaste otro monto o concepto, descríbelo',
          help: 'Por ejemplo, un pago aparte por seguro de viaje o materiales.',
        },
        rating('tripOrganization', 'Organización del viaje (transporte, horarios, hospedaje)', tookTrip),
        rating('tripAcademicValue', 'Aporte del viaje a tu formación profesional', tookTrip),
        rating('tripValueForMoney', 'Relación entre lo que pagaste y lo que obtuviste del viaje', tookTrip),
      ],
    },
    {
      id: 'exchanges',
      title: 'Intercambios y movilidad académica',
      items: [
        {
          id: 'exchangeParticipated',
          type: 'yesNo',
          text: '¿Has participado en un intercambio o programa de movilidad académica con la universidad?',
        },
        {
          id: 'exchangeInterested',
          type: 'yesNo',
          gate: { anyOf: [{ item: 'exchangeParticipated', in: ['no'] }] },
          text: '¿Te interesaría participar en un intercambio?',
        },
        {
          id: 'exchangeCost',
          type: 'single',
          catalog: 'ExchangeCost',
          gate: exchanged,
          text: '¿Cuál fue el costo total aproximado de tu intercambio?',
          help: 'Incluye colegiatura, transporte, hospedaje y manutención.',
        },
        rating('exchangeSupport', 'Apoyo de la universidad durante los trámites y la estancia', exchanged),
        {
          id: 'exchangeOpinion',
          type: 'text',
          maxLength: 1000,
          multiline: true,
          required: false,
          gate: exchangedOrInterested,
          text: '¿Qué opinas del programa de intercambios?',
          help: 'Cuéntanos tu experiencia o qué te animaría a participar.',
        },
        {
          id: 'suggestedInstitutes',
          type: 'text',
          maxLength: 255,
          required: false,
          gate: exchangedOrInterested,
          text: '¿Con qué universidades o países te gustaría que tuviéramos convenio de intercambio?',
        },
      ],
    },
    {
      id: 'closing',
      title: 'Para terminar',
      items: [
        {
          id: 'overallSatisfaction',
          type: 'rating',
          text: 'En general, ¿cómo calificas estos servicios?',
          allowNa: false,
        },
        {
          id: 'comments',
          type: 'text',
          maxLength: 1000,
          multiline: true,
          required: false,
          text: 'Comentarios y sugerencias',
          help: 'Cuéntanos qué te gustaría que mejoráramos o qué está funcionando bien.',
        },
      ],
    },
  ],
};
