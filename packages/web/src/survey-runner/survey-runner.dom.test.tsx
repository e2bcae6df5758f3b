import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { ALREADY_ANSWERED_MESSAGE } from '@encuestas/core/api/availability';
import type { SubmitResponseResult } from '@encuestas/core/api/surveys';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import { NETWORK_ERROR_MESSAGE } from '../api/api-error';
import { submitSurveyResponse } from '../features/surveys';
import { answer, apiError, renderScreen, sentTo } from '../test-support/dom-harness';
import { SurveyRunner, type SurveyRunnerProps } from './survey-runner';

/** Three steps; the second only for those who travelled. */
const trips: Questionnaire = {
  id: 'trips',
  version: 1,
  title: 'Viajes',
  instructions: [],
  sections: [
    { id: 'start', title: 'Inicio', items: [{ id: 'travelled', type: 'yesNo', text: '¿Viajaste?' }] },
    {
      id: 'trip',
      title: 'Tu viaje',
      gate: { anyOf: [{ item: 'travelled', in: ['yes'] }] },
      items: [{ id: 'where', type: 'text', maxLength: 100, text: '¿A dónde?' }],
    },
    { id: 'end', title: 'Final', items: [{ id: 'liked', type: 'yesNo', text: '¿Te gustó el semestre?' }] },
  ],
};

const DRAFT_KEY = 'encuestas:borrador:student-1:trips:1:1:-';
const RESULT = { folio: 'ABC-123' } as unknown as SubmitResponseResult;
const SERVER_ERROR_MESSAGE =
  'No se pudieron registrar las respuestas por un problema del servidor. Siguen guardadas en este dispositivo.';

const SUBMIT = 'POST /respondents/responses';
/** What the runner sent to the API, one entry a request. */
const sent = () => sentTo(SUBMIT).map((request) => request.body);
/** The fake server's answers to the sending, in turn, then 201 with the folio. */
const replyToSubmit = (...replies: Parameters<typeof answer>[1][]) => answer(SUBMIT, ...replies, () => Response.json(RESULT, { status: 201 }));

/** The runner as the survey page mounts it (in the app's theme, Spanish texts included), sending through the app's API client. */
function renderRunner() {
  const onCompleted = vi.fn();
  const onClosed = vi.fn();
  const props: SurveyRunnerProps = {
    questionnaire: trips,
    catalogs: {},
    draft: { key: DRAFT_KEY, closesOn: '2999-12-31' },
    texts: { restored: 'Recuperamos tus respuestas.', stepErrors: (count) => `Te faltan ${count} respuestas.` },
    onSubmit: (answers, idempotencyKey) =>
      submitSurveyResponse({ activeId: 1, cicleId: 1, subject: '', idempotencyKey, answers }),
    onCompleted,
    onClosed,
  };
  replyToSubmit();
  return { ...renderScreen(<SurveyRunner {...props} />, { path: '/encuestas/form' }), onCompleted, onClosed };
}

type User = ReturnType<typeof userEvent.setup>;
const stepTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
const question = (text: string) => screen.getByRole('radiogroup', { name: text });
const option = (text: string, label: 'Sí' | 'No') => within(question(text)).getByRole<HTMLInputElement>('radio', { name: label });
/** The text question: its input loads with the first step that asks one. */
const whereField = () => screen.findByRole<HTMLInputElement>('textbox', { name: '¿A dónde?' });
const button = (name: string) => screen.getByRole('button', { name });

/** Travelled (Sí) to Mérida: the first two steps. */
async function answerFirstSteps(user: User) {
  await user.click(option('¿Viajaste?', 'Sí'));
  await user.click(button('Siguiente'));
  await user.type(await whereField(), 'Mérida');
  await user.click(button('Siguiente'));
}

/** Every step answered (liked it: No), at the review. */
async function answerAll(user: User) {
  await answerFirstSteps(user);
  await user.click(option('¿Te gustó el semestre?', 'No'));
  await user.click(button('Revisar'));
  expect(stepTitle()).toBe('Antes de enviar');
}

// Over 80 lines because it is a describe block: short tests in a row, sharing the file's set-up.
describe('SurveyRunner', () => {
  it('a step answered goes on to the next, with the progress; a step left unanswered stays with its message', async () => {
    const { user } = renderRunner();
    expect(stepTitle()).toBe('Inicio');
    expect(screen.getByText('Paso 1 de 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anterior' })).toBeNull();

    await user.click(button('Siguiente'));
    expect(screen.getByRole('alert').textContent).toBe('Te faltan 1 respuestas.');
    expect(stepTitle()).toBe('Inicio');
    await waitFor(() => expect(document.activeElement).toBe(option('¿Viajaste?', 'Sí')));

    await user.click(option('¿Viajaste?', 'Sí'));
    // Answering the question marked clears its message.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('1 de 3 preguntas respondidas')).toBeTruthy();
    await user.click(button('Siguiente'));
    // The gated step opened: three steps now, and the focus on the new step's title.
    expect(stepTitle()).toBe('Tu viaje');
    expect(screen.getByText('Paso 2 de 3')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 })));
  });

  it('back, with «Anterior» or the browser, keeps the answers given; forward shows them again', async () => {
    const { user, router } = renderRunner();
    await answerFirstSteps(user);
    expect(stepTitle()).toBe('Final');

    await user.click(button('Anterior'));
    expect(stepTitle()).toBe('Tu viaje');
    expect((await whereField()).value).toBe('Mérida');

    await router.navigate(-1);
    await waitFor(() => expect(stepTitle()).toBe('Inicio'));
    expect(option('¿Viajaste?', 'Sí').checked).toBe(true);

    await router.navigate(1);
    await waitFor(() => expect(stepTitle()).toBe('Tu viaje'));
    expect((await whereField()).value).toBe('Mérida');
  });

  it('the review lists every answer; «Cambiar» goes to that question, and the change is what is sent', async () => {
    const { user, onCompleted } = renderRunner();
    await answerAll(user);
    expect(screen.getByText('Revisión final')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Inicio' }).textContent).toContain('1. ¿Viajaste?Sí');
    expect(screen.getByRole('region', { name: 'Tu viaje' }).textContent).toContain('2. ¿A dónde?Mérida');
    expect(screen.getByRole('region', { name: 'Final' }).textContent).toContain('3. ¿Te gustó el semestre?No');

    await user.click(button('Cambiar la respuesta 2'));
    expect(stepTitle()).toBe('Tu viaje');
    const where = await whereField();
    await waitFor(() => expect(document.activeElement).toBe(where));
    await user.clear(await whereField());
    await user.type(await whereField(), 'Campeche');
    await user.click(button('Siguiente'));
    await user.click(button('Revisar'));
    expect(screen.getByRole('region', { name: 'Tu viaje' }).textContent).toContain('2. ¿A dónde?Campeche');

    await user.click(button('Enviar'));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(RESULT));
    expect(sent()).toEqual([
      { activeId: 1, cicleId: 1, subject: '', idempotencyKey: expect.any(String), answers: { travelled: 'yes', where: 'Campeche', liked: 'no' } },
    ]);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it.each([
    ['a server error', () => Response.json({ error: { code: 'INTERNAL', message: 'Error interno' } }, { status: 500 }), SERVER_ERROR_MESSAGE],
    [
      'no connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
      NETWORK_ERROR_MESSAGE,
    ],
  ])('after %s: the Spanish message, then «Reintentar» sends once, with the same key, and completes', async (_case, reply, message) => {
    const { user, onCompleted, onClosed } = renderRunner();
    await answerAll(user);
    replyToSubmit(reply);
    await user.click(button('Enviar'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(alert.textContent).toContain('Las respuestas siguen guardadas en este dispositivo.');
    expect(onCompleted).not.toHaveBeenCalled();
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();

    await user.click(button('Reintentar'));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(RESULT));
    expect(sent()).toHaveLength(2);
    expect(sent()[1]).toEqual(sent()[0]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClosed).not.toHaveBeenCalled();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('answers the server refuses take the respondent to the question, with its message and no Reintentar', async () => {
    const { user, onCompleted } = renderRunner();
    await answerAll(user);
    const error = { code: 'VALIDATION_FAILED', message: 'Revisa las respuestas marcadas.', fields: { 'answers.where': ['Escribe un lugar de México.'] } };
    replyToSubmit(apiError(422, error.code, error.message, error.fields));
    await user.click(button('Enviar'));

    await waitFor(() => expect(stepTitle()).toBe('Tu viaje'));
    expect(screen.getByText('Escribe un lugar de México.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Revisa las respuestas marcadas.');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    const where = await whereField();
    await waitFor(() => expect(document.activeElement).toBe(where));
    expect(onCompleted).not.toHaveBeenCalled();
    expect(sent()).toHaveLength(1);
  });

  it('already answered (409): the page is told and the draft goes', async () => {
    const { user, onClosed, onCompleted } = renderRunner();
    await answerAll(user);
    replyToSubmit(apiError(409, 'CONFLICT', ALREADY_ANSWERED_MESSAGE));
    await user.click(button('Enviar'));

    await waitFor(() => expect(onClosed).toHaveBeenCalledWith({ type: 'alreadyAnswered', message: ALREADY_ANSWERED_MESSAGE }));
    expect(onCompleted).not.toHaveBeenCalled();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('a reload brings back the answers and the step with a notice, and they go with the key of before', async () => {
    const first = renderRunner();
    await first.user.click(option('¿Viajaste?', 'Sí'));
    await first.user.click(button('Siguiente'));
    await first.user.type(await whereField(), 'Mérida');
    const { idempotencyKey } = JSON.parse(localStorage.getItem(DRAFT_KEY)!) as { idempotencyKey: string };
    first.unmount();

    const { user, onCompleted } = renderRunner();
    expect(screen.getByText('Recuperamos tus respuestas.')).toBeTruthy();
    expect(stepTitle()).toBe('Tu viaje');
    expect((await whereField()).value).toBe('Mérida');
    await user.click(button('Cerrar'));
    expect(screen.queryByText('Recuperamos tus respuestas.')).toBeNull();

    await user.click(button('Siguiente'));
    await user.click(option('¿Te gustó el semestre?', 'Sí'));
    await user.click(button('Revisar'));
    await user.click(button('Enviar'));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(RESULT));
    expect(sent()).toEqual([{ activeId: 1, cicleId: 1, subject: '', idempotencyKey, answers: { travelled: 'yes', where: 'Mérida', liked: 'yes' } }]);
  });
});
