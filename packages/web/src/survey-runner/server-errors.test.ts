import { describe, expect, it } from 'vitest';
import { ALREADY_ANSWERED_MESSAGE, SURVEY_NOT_AVAILABLE_MESSAGE } from '@encuestas/core/api/surveys';
import { ApiError } from '../api/api-error';
import { classifySubmissionError, mapSubmissionFieldErrors } from './server-errors';

const ITEMS = ['libraryCollection', 'comments'];

describe('mapSubmissionFieldErrors', () => {
  it('puts answers.<item> on its item and the rest above the form', () => {
    expect(
      mapSubmissionFieldErrors(
        {
          'answers.libraryCollection': ['Falta responder esta pregunta'],
          'answers.comments': ['Máximo 1000 caracteres', ' '],
          'answers.ghost': ['Pregunta desconocida'],
          idempotencyKey: ['Falta la clave de envío'],
          'answers.other': ['Pregunta desconocida'],
        },
        ITEMS,
      ),
    ).toEqual({
      items: { libraryCollection: ['Falta responder esta pregunta'], comments: ['Máximo 1000 caracteres'] },
      general: ['Pregunta desconocida', 'Falta la clave de envío'],
    });
  });

  it('gives nothing for no fields', () => {
    expect(mapSubmissionFieldErrors(undefined, ITEMS)).toEqual({ items: {}, general: [] });
  });
});

describe('classifySubmissionError', () => {
  it.each([
    [new ApiError(409, 'CONFLICT', ALREADY_ANSWERED_MESSAGE), 'alreadyAnswered'],
    [new ApiError(409, 'CONFLICT', 'Primero responda la Guía I del cuestionario NOM-035.'), 'conflict'],
    [new ApiError(403, 'FORBIDDEN', SURVEY_NOT_AVAILABLE_MESSAGE), 'notAvailable'],
    [new ApiError(422, 'VALIDATION_FAILED', 'Revisa las respuestas marcadas.', { 'answers.comments': ['x'] }), 'invalid'],
    [new ApiError(0, 'NETWORK_ERROR', 'No se pudo conectar'), 'retryable'],
    [new ApiError(500, 'INTERNAL', 'Error'), 'retryable'],
    [new ApiError(502, 'INTERNAL', 'Error'), 'retryable'],
    [new TypeError('boom'), 'retryable'],
  ])('%s is %s', (error, type) => {
    expect(classifySubmissionError(error, ITEMS, ALREADY_ANSWERED_MESSAGE).type).toBe(type);
  });

  it('keeps the server message and maps the fields of a 422', () => {
    const failure = classifySubmissionError(
      new ApiError(422, 'VALIDATION_FAILED', 'Revisa las respuestas marcadas.', { 'answers.comments': ['Máximo 1000 caracteres'] }),
      ITEMS,
      ALREADY_ANSWERED_MESSAGE,
    );
    expect(failure).toEqual({
      type: 'invalid',
      message: 'Revisa las respuestas marcadas.',
      errors: { items: { comments: ['Máximo 1000 caracteres'] }, general: [] },
    });
  });
});
