/**
 * Staff communication (administrativos/comunicacion): how administrative
 * staff rate internal communication. Written for this product (no external
 * source). The three rating sections are the report's rating, rating2 and
 * rating3 graphs, in that order: with the immediate supervisor, between
 * areas, and with the campus management and its channels.
 */
import type { Questionnaire, RatingItem } from '../../survey-engine/types';

const rating = (id: string, text: string): RatingItem => ({ id, type: 'rating', text });

/** Section id of each of the report's rating graphs. */
export const STAFF_COMMUNICATION_GRAPH_SECTIONS = { rating: 'supervisor', rating2: 'areas', rating3: 'management' } as const;

export const STAFF_COMMUNICATION_QUESTIONNAIRE: Questionnaire = {
  id: 'administrativos-comunicacion',
  version: 1,
  title: 'Encuesta de comunicación interna para personal administrativo',
  instructions: [
    'Esta encuesta busca conocer cómo vive usted la comunicación en su trabajo, para mejorarla.',
    'Es anónima: sus respuestas se analizan en conjunto y no se relacionan con su nombre ni con su área.',
    'Califique cada aspecto de «Excelente» a «Mala». Si algún aspecto no corresponde a su puesto, elija «No aplica».',
  ],
  sections: [
    {
      id: 'supervisor',
      title: 'Con su jefe inmediato',
      items: [
        rating('supervisorInstructions', 'Claridad de las instrucciones que recibe'),
        rating('supervisorAvailability', 'Disponibilidad de su jefe para atender sus dudas'),
        rating('supervisorFeedback', 'Retroalimentación que recibe sobre su trabajo'),
        rating('supervisorSharing', 'Información que comparte sobre los objetivos y los cambios del área'),
        rating('supervisorListening', 'Disposición para escuchar sus ideas y propuestas'),
      ],
    },
    {
      id: 'areas',
      title: 'Entre áreas',
      items: [
        rating('areasCooperation', 'Colaboración de otras áreas cuando necesita su apoyo'),
        rating('areasTimeliness', 'Oportunidad con que otras áreas le hacen llegar la información que necesita'),
        rating('areasResponsibilities', 'Claridad sobre qué área es responsable de cada trámite o proceso'),
        rating('areasRespect', 'Trato entre compañeros de distintas áreas'),
      ],
    },
    {
      id: 'management',
      title: 'Con la dirección y medios de comunicación',
      items: [
        rating('managementSharing', 'Información que la dirección comparte sobre metas, resultados y decisiones'),
        rating('managementAccess', 'Facilidad para hacer llegar sus inquietudes a la dirección'),
        rating('channelEmail', 'Utilidad del correo institucional para los avisos'),
        rating('channelMeetings', 'Utilidad de las juntas y reuniones informativas'),
        rating('channelTimeliness', 'Oportunidad de los avisos institucionales (cambios, eventos, días inhábiles)'),
      ],
    },
    {
      id: 'closing',
      title: 'Comentarios',
      items: [
        {
          id: 'preferredChannel',
          type: 'single',
          required: false,
          text: '¿Por qué medio prefiere recibir la información institucional?',
          options: [
            { value: 'email', label: 'Correo institucional' },
            { value: 'meetings', label: 'Juntas o reuniones' },
            { value: 'messaging', label: 'Mensajería instantánea (WhatsApp, Teams u otra)' },
            { value: 'intranet', label: 'Intranet o portal del personal' },
            { value: 'noticeBoard', label: 'Avisos impresos o pizarrones' },
          ],
        },
        {
          id: 'comments',
          type: 'text',
          maxLength: 1000,
          multiline: true,
          required: false,
          text: '¿Qué propone para mejorar la comunicación en su trabajo?',
        },
      ],
    },
  ],
};
