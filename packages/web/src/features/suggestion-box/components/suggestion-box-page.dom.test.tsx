import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SUGGESTION_BOX_CLOSED_MESSAGE, SUGGESTION_FORM_MESSAGES } from '@encuestas/core/survey-kinds/buzon/rules';
import { answer, apiError, renderScreen, sentTo } from '../../../test-support/dom-harness';
import { SuggestionBoxPage } from './suggestion-box-page';

const student = {
  id: 7,
  type: 'student',
  pc_id: 'A001',
  name: 'Ana',
  last_name: 'López',
  maternal_sur_name: 'Ruiz',
  full_name: 'Ana López Ruiz',
  email: 'ana@example.mx',
  campus: { id: 1, nombre: 'Centro' },
};

beforeEach(() => {
  sessionStorage.setItem('studentToken', 'token-1');
  sessionStorage.setItem('student', JSON.stringify(student));
  answer('GET /suggestions/avalible', { avalible: true });
  answer('GET /comment-categories', {
    commentCategories: [
      { id: 1, name: 'Sugerencia', color: 'primary' },
      { id: 2, name: 'Queja', color: 'error' },
    ],
  });
  answer('GET /suggestion-categories', {
    allSuggestionCategories: [{ id: 10, name: 'Instalaciones', scope: 'general' }],
    allPersonSuggestionCategories: [{ id: 20, name: 'Otro', scope: 'person' }],
  });
  answer('POST /suggestions', () => Response.json({ suggestion: { id: 1, created_on: '2026-11-27' } }, { status: 201 }));
});

const renderPage = () => renderScreen(<SuggestionBoxPage />, { path: '/buzon' });
const commentField = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Tu comentario' });

async function fillForm(user: ReturnType<typeof renderPage>['user']) {
  await user.click(within(await screen.findByRole('radiogroup', { name: '¿Qué quieres enviarnos?' })).getByRole('radio', { name: 'Queja' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Tema' }), 'Instalaciones');
  await user.type(await commentField(), 'Falta agua en los bebederos.');
  await user.click(screen.getByRole('checkbox', { name: /He leído y acepto el/ }));
}

// Over 80 lines because it is a describe block: short tests in a row, sharing the file's set-up.
describe('SuggestionBoxPage', () => {
  it('a filled form is sent as typed, anonymous, and thanks the respondent; «Enviar otro comentario» opens an empty form', async () => {
    const { user } = renderPage();
    expect(await screen.findByText('Tu comentario es anónimo: solo sabremos quién eres si aceptas que te contactemos.')).toBeTruthy();
    await fillForm(user);
    expect(screen.getByText('28/1000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByRole('heading', { name: '¡Gracias! Recibimos tu comentario.' })).toBeTruthy();
    expect(sentTo('POST /suggestions').map((r) => r.body)).toEqual([
      { comment: 'Falta agua en los bebederos.', commentCategoryId: 2, suggestionCategoryId: 10, contact: { checked: false }, legaChecked: true },
    ]);
    expect(localStorage.length + sessionStorage.length).toBe(2); // the session only: the draft went with the sending

    await user.click(screen.getByRole('button', { name: 'Enviar otro comentario' }));
    expect((await commentField()).value).toBe('');
  });

  it('«Enviar» with fields missing shows each message, puts the cursor in the first and sends nothing; the contact needs a phone or an email', async () => {
    const { user } = renderPage();
    await user.click(within(await screen.findByRole('radiogroup', { name: '¿Qué quieres enviarnos?' })).getByRole('radio', { name: 'Sugerencia' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByText(SUGGESTION_FORM_MESSAGES.suggestionCategory)).toBeTruthy();
    expect(screen.getByText(SUGGESTION_FORM_MESSAGES.commentRequired)).toBeTruthy();
    expect(screen.getByText(SUGGESTION_FORM_MESSAGES.legal)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Tema' })));

    await fillForm(user);
    expect(screen.queryByText(SUGGESTION_FORM_MESSAGES.legal)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Acepto que me contacten' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByRole('alert').textContent).toBe(SUGGESTION_FORM_MESSAGES.contactRequired);
    await user.type(screen.getByRole('textbox', { name: 'Teléfono (10 dígitos)' }), '12345');
    expect(screen.getByText(SUGGESTION_FORM_MESSAGES.phone)).toBeTruthy();
    expect(sentTo('POST /suggestions')).toEqual([]);
  });

  it('«Enviar» with no kind chosen (Sugerencia or Queja) says so, puts the cursor on the first card and sends nothing', async () => {
    const { user } = renderPage();
    const kinds = await screen.findByRole('radiogroup', { name: '¿Qué quieres enviarnos?' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tema' }), 'Instalaciones');
    await user.type(await commentField(), 'Falta agua en los bebederos.');
    await user.click(screen.getByRole('checkbox', { name: /He leído y acepto el/ }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByText(SUGGESTION_FORM_MESSAGES.commentCategory)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(kinds).getAllByRole('radio')[0]));
    expect(sentTo('POST /suggestions')).toEqual([]);
  });

  it('a field the server refuses shows its Spanish message at the field; another failure shows the server’s message', async () => {
    answer(
      'POST /suggestions',
      apiError(422, 'VALIDATION_FAILED', 'Revisa los campos marcados.', { comment: ['El comentario tiene caracteres no permitidos'] }),
      apiError(500, 'INTERNAL', 'Ocurrió un error en el servidor.'),
    );
    const { user } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El comentario tiene caracteres no permitidos')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(await commentField(), ' Hoy.');
    expect(screen.queryByText('El comentario tiene caracteres no permitidos')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error en el servidor.');
  });

  it('a closed box says so, with the way back, and shows no form', async () => {
    answer('GET /suggestions/avalible', { avalible: false });
    renderPage();
    expect(await screen.findByText(SUGGESTION_BOX_CLOSED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a mis encuestas' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
  });

  it('a box closed while writing (403) shows the server’s message in place of the form', async () => {
    answer('POST /suggestions', apiError(403, 'FORBIDDEN', 'El buzón se cerró hace un momento.'));
    const { user } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El buzón se cerró hace un momento.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
  });

  it('what was typed stays on this device: a reload brings it back with a notice', async () => {
    const first = renderPage();
    await first.user.type(await commentField(), 'Lo dejo para después');
    first.unmount();

    const { user } = renderPage();
    expect((await commentField()).value).toBe('Lo dejo para después');
    expect(screen.getByText('Recuperamos el comentario que dejaste sin enviar.')).toBeTruthy();
    await user.click(screen.getByTitle('Cerrar aviso'));
    expect(screen.queryByText('Recuperamos el comentario que dejaste sin enviar.')).toBeNull();
  });
});
