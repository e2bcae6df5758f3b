/**
 * Survey A (alumnos/serviciosA): students' satisfaction with the services of
 * their campus. Written for this product (no external source); rating items
 * per service area, then an overall rating, the service to improve first and
 * a free comment (the report's 'comentarios').
 */
import type { Questionnaire, RatingItem } from '../../survey-engine/types';

const rating = (id: string, text: string): RatingItem => ({ id, type: 'rating', text });

export const SERVICIOS_A_QUESTIONNAIRE: Questionnaire = {
  id: 'alumnos-servicios-a',
  version: 1,
  title: 'Encuesta de satisfacción con los servicios',
  instructions: [
    'Queremos conocer tu opinión sobre los servicios de tu campus para mejorarlos.',
    'La encuesta es anónima: tus respuestas se analizan en conjunto y no se relacionan con tu nombre ni con tus calificaciones.',
    'Califica cada aspecto de «Excelente» a «Mala». Si no has usado un servicio, elige «No aplica».',
  ],
  sections: [
    {
      id: 'library',
      title: 'Biblioteca',
      items: [
        rating('libraryCollection', 'Disponibilidad de los libros y materiales que necesitas para tus materias'),
        rating('libraryDigital', 'Acceso a la biblioteca digital y a las bases de datos'),
        rating('librarySpaces', 'Espacios de estudio (comodidad, iluminación y silencio)'),
        rating('libraryStaff', 'Atención del personal de la biblioteca'),
      ],
    },
    {
      id: 'labs',
      title: 'Laboratorios y centros de cómputo',
      items: [
        rating('labEquipment', 'Estado y funcionamiento de los equipos'),
        rating('labSoftware', 'Software instalado para tus materias'),
        rating('labSchedule', 'Horarios disponibles para usarlos fuera de clase'),
        rating('labStaff', 'Apoyo del personal encargado'),
      ],
    },
    {
      id: 'cafeteria',
      title: 'Cafetería',
      items: [
        rating('cafeteriaFood', 'Calidad y sabor de los alimentos'),
        rating('cafeteriaPrices', 'Precios'),
        rating('cafeteriaHygiene', 'Higiene en la preparación y el servicio'),
        rating('cafeteriaHealthy', 'Variedad de opciones saludables'),
        rating('cafeteriaService', 'Rapidez y amabilidad en la atención'),
      ],
    },
    {
      id: 'schoolServices',
      title: 'Servicios escolares',
      items: [
        rating('enrollment', 'Proceso de inscripción y reinscripción'),
        rating('certificates', 'Trámite de constancias, credenciales y otros documentos'),
        rating('certificateTimes', 'Tiempo de entrega de tus documentos'),
        rating('schoolServicesInfo', 'Claridad de la información sobre requisitos y fechas'),
      ],
    },
    {
      id: 'facilities',
      title: 'Instalaciones y limpieza',
      items: [
        rating('classrooms', 'Condiciones de los salones (mobiliario, ventilación, proyector)'),
        rating('restrooms', 'Limpieza de los sanitarios'),
        rating('commonAreas', 'Limpieza de pasillos y áreas comunes'),
        rating('accessibility', 'Accesibilidad para personas con discapacidad (rampas, elevadores, señalización)'),
      ],
    },
    {
      id: 'security',
      title: 'Seguridad',
      items: [
        rating('campusSafety', 'Qué tan seguro te sientes dentro del campus'),
        rating('accessControl', 'Control de acceso al campus'),
        rating('securityStaff', 'Atención del personal de vigilancia'),
        rating('emergencyProtocols', 'Protocolos de emergencia y protección civil (simulacros, señalización, rutas de evacuación)'),
      ],
    },
    {
      id: 'administration',
      title: 'Atención administrativa',
      items: [
        rating('payments', 'Atención en caja y trámites de pago'),
        rating('scholarships', 'Atención del área de becas y financiamiento'),
        rating('staffCourtesy', 'Amabilidad del personal administrativo'),
        rating('responseTime', 'Tiempo de respuesta a tus solicitudes'),
      ],
    },
    {
      id: 'digital',
      title: 'Plataformas digitales',
      items: [
        rating('studentPortal', 'Portal de alumnos (calificaciones, horarios, pagos)'),
        rating('learningPlatform', 'Plataforma de clases en línea (aula virtual)'),
        rating('institutionalEmail', 'Correo institucional'),
        rating('campusWifi', 'Red inalámbrica (wifi) del campus'),
        rating('techSupport', 'Soporte técnico cuando tienes un problema'),
      ],
    },
    {
      id: 'closing',
      title: 'Para terminar',
      items: [
        {
          id: 'overallSatisfaction',
          type: 'rating',
          text: 'En general, ¿cómo calificas los servicios de tu campus?',
          allowNa: false,
        },
        {
          id: 'priorityService',
          type: 'single',
          text: 'Si pudieras elegir, ¿qué servicio debería mejorar primero?',
          required: false,
          options: [
            { value: 'library', label: 'Biblioteca' },
            { value: 'labs', label: 'Laboratorios y centros de cómputo' },
            { value: 'cafeteria', label: 'Cafetería' },
            { value: 'schoolServices', label: 'Servicios escolares' },
            { value: 'facilities', label: 'Instalaciones y limpieza' },
            { value: 'security', label: 'Seguridad' },
            { value: 'administration', label: 'Atención administrativa' },
            { value: 'digital', label: 'Plataformas digitales' },
          ],
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
