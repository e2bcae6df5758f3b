/**
 * Teacher evaluation (alumnos/evaluacionDocente): one student's evaluation of
 * one class and its teacher; the app shows it once per enrolled class.
 * Written for this product (no external source). The rating items are the
 * ones scoring.ts averages; "would recommend" and the comment are not scored.
 */
import type { Questionnaire, RatingItem } from '../../survey-engine/types';

const rating = (id: string, text: string): RatingItem => ({ id, type: 'rating', text });

export const TEACHER_EVALUATION_QUESTIONNAIRE: Questionnaire = {
  id: 'alumnos-evaluacion-docente',
  version: 1,
  title: 'Evaluación docente',
  instructions: [
    'Evalúa a cada docente en la materia que te imparte: cada evaluación empieza con el nombre de la materia y de su docente. Responderás una evaluación por cada materia que cursas este periodo.',
    'Tu evaluación es anónima: tu docente solo recibe los resultados del grupo en conjunto y los comentarios sin ningún dato que te identifique.',
    'Califica cada aspecto de «Excelente» a «Mala» pensando en todo el periodo, no en una sola clase. Si algo no ocurrió en tu materia, elige «No aplica».',
    'Tus comentarios ayudan a mejorar las clases: sé respetuoso y concreto.',
  ],
  sections: [
    {
      id: 'teaching',
      title: 'Dominio y enseñanza',
      items: [
        rating('subjectMastery', 'Dominio que tiene de los temas de la materia'),
        rating('clarity', 'Claridad con que explica los temas'),
        rating('practicalExamples', 'Relación de los temas con ejemplos y situaciones de tu futura profesión'),
        rating('classMaterials', 'Calidad de los materiales y actividades que utiliza'),
        rating('participation', 'Cómo fomenta tu participación y el trabajo en clase'),
      ],
    },
    {
      id: 'organization',
      title: 'Organización y evaluación',
      items: [
        rating('courseIntroduction', 'Presentación del programa, los criterios de evaluación y las fechas al inicio del curso'),
        rating('programCoverage', 'Cumplimiento del programa de la materia'),
        rating('fairAssessment', 'Justicia y congruencia de la evaluación con lo visto en clase'),
        rating('feedback', 'Retroalimentación que te da sobre tus trabajos y exámenes'),
        rating('timelyGrades', 'Entrega oportuna de calificaciones'),
        rating('digitalPlatforms', 'Uso de las plataformas digitales (aula virtual, correo, materiales en línea)'),
      ],
    },
    {
      id: 'conduct',
      title: 'Trato y acompañamiento',
      items: [
        rating('punctuality', 'Puntualidad y asistencia a clase'),
        rating('respect', 'Respeto y trato hacia los alumnos'),
        rating('availability', 'Disposición para resolver tus dudas dentro y fuera de clase'),
      ],
    },
    {
      id: 'overall',
      title: 'Valoración general',
      items: [
        {
          id: 'overallRating',
          type: 'rating',
          text: 'En general, ¿cómo calificas el desempeño de tu docente en esta materia?',
          allowNa: false,
        },
        { id: 'wouldRecommend', type: 'yesNo', text: '¿Recomendarías a este docente a otros compañeros?' },
        {
          id: 'comments',
          type: 'text',
          maxLength: 1000,
          multiline: true,
          required: false,
          text: 'Comentarios para tu docente',
          help: '¿Qué debería conservar y qué podría mejorar?',
        },
      ],
    },
  ],
};
