/**
 * Teachers' communication (docentes/comunicacion): how teachers rate the
 * internal communication of their campus. Written for this product (no
 * external source). The six rating sections are the report's six graphs, by
 * section id: general, groups, info, admin, school, incorporation.
 */
import type { Questionnaire, RatingItem } from '../../survey-engine/types';

const rating = (id: string, text: string): RatingItem => ({ id, type: 'rating', text });

/** Section ids in the order of the report's rating graphs. */
export const TEACHER_COMMUNICATION_GRAPH_SECTIONS = ['general', 'groups', 'info', 'admin', 'school', 'incorporation'] as const;

export const TEACHER_COMMUNICATION_QUESTIONNAIRE: Questionnaire = {
  id: 'docentes-comunicacion',
  version: 1,
  title: 'Encuesta de comunicación interna para docentes',
  instructions: [
    'Esta encuesta busca conocer cómo vive usted la comunicación dentro de la institución, para mejorarla.',
    'Es anónima: sus respuestas se analizan en conjunto y no se relacionan con su nombre.',
    'Califique cada aspecto de «Excelente» a «Mala». Si algún aspecto no corresponde a su labor, elija «No aplica».',
  ],
  sections: [
    {
      id: 'general',
      title: 'Comunicación en general',
      items: [
        rating('generalTimeliness', 'Oportunidad con que recibe la información que necesita para su trabajo'),
        rating('generalClarity', 'Claridad de los mensajes institucionales'),
        rating('generalChannels', 'Eficacia de los medios de comunicación (correo institucional, plataforma, reuniones)'),
        rating('generalListening', 'Apertura de la institución para escuchar sus opiniones y propuestas'),
      ],
    },
    {
      id: 'groups',
      title: 'Sus grupos',
      items: [
        rating('groupsAssignment', 'Anticipación con que se le informan los grupos, materias y horarios asignados'),
        rating('groupsStudentInfo', 'Información sobre sus alumnos (listas, situación académica, necesidades particulares)'),
        rating('groupsIncidents', 'Atención que recibe la situación de un grupo o alumno que usted reporta'),
        rating('groupsPeers', 'Comunicación con los demás docentes que atienden a sus grupos'),
      ],
    },
    {
      id: 'info',
      title: 'Información académica e institucional',
      items: [
        rating('infoCalendar', 'Difusión del calendario escolar y de los periodos de evaluación'),
        rating('infoPolicies', 'Difusión de los reglamentos, lineamientos y políticas que le aplican'),
        rating('infoTraining', 'Información sobre cursos de actualización, eventos y actividades institucionales'),
        rating('infoChanges', 'Aviso oportuno de cambios (suspensión de clases, cambios de aula u horario)'),
      ],
    },
    {
      id: 'admin',
      title: 'Áreas administrativas',
      items: [
        rating('adminHumanResources', 'Comunicación con Recursos Humanos (contrato, nómina, prestaciones)'),
        rating('adminSchoolServices', 'Comunicación con Servicios Escolares (listas, actas, captura de calificaciones)'),
        rating('adminRequests', 'Atención a sus solicitudes de material, equipo y espacios'),
        rating('adminResponseTime', 'Tiempo de respuesta de las áreas administrativas'),
      ],
    },
    {
      id: 'school',
      title: 'Dirección y coordinación académica',
      items: [
        rating('schoolDirection', 'Comunicación con la dirección del campus'),
        rating('schoolCoordination', 'Comunicación con su coordinación académica'),
        rating('schoolFeedback', 'Retroalimentación que recibe sobre su desempeño docente'),
        rating('schoolRecognition', 'Reconocimiento a su trabajo'),
      ],
    },
    {
      id: 'incorporation',
      title: 'Incorporación (SEP u organismo incorporante)',
      description: 'Trámites y requisitos de la autoridad educativa que otorga el reconocimiento de validez oficial a los estudios.',
      items: [
        rating('incorporationRequirements', 'Información sobre lo que le pide la autoridad educativa (planeaciones, registro de calificaciones, expedientes)'),
        rating('incorporationDeadlines', 'Aviso oportuno de las fechas de entrega ante la autoridad educativa'),
        rating('incorporationSupport', 'Acompañamiento para atender supervisiones, visitas o auditorías'),
      ],
    },
    {
      id: 'closing',
      title: 'Comentarios',
      items: [
        {
          id: 'comments',
          type: 'text',
          maxLength: 1000,
          multiline: true,
          required: false,
          text: '¿Qué propone para mejorar la comunicación en la institución?',
        },
      ],
    },
  ],
};
