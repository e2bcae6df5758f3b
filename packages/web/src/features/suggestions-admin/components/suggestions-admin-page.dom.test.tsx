import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Suggestion } from '@encuestas/core/api/suggestions';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { SuggestionsAdminPage } from './suggestions-admin-page';

const queja: Suggestion = {
  id: 'sug-1',
  campus: { id: 1, nombre: 'Centro' },
  comment: 'Los bebederos del edificio B no tienen agua.',
  commentCategory: { id: 2, name: 'Queja', color: 'error' },
  suggestionCategory: { id: 10, name: 'Instalaciones', scope: 'general' },
  suggestionResolution: null,
  contact: { checked: true, phone: '5512345678', email: null },
  isClosed: false,
  isContacted: false,
  created_on: '2026-11-20',
};

beforeEach(() => {
  signInAdmin([PERMISSIONS.viewSuggestions, PERMISSIONS.manageSuggestions]);
  answer('GET /campus/permissions', { campuses: [{ id: 1, nombre: 'Centro' }], allCampuses: false });
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
  answer('GET /suggestion-resolutions', {
    suggestionResolutions: [
      { id: 1, name: 'Procedente', color: 'success' },
      { id: 2, name: 'No procedente', color: 'default' },
    ],
  });
  answer('GET /suggestions', { suggestions: [queja], total: 1 });
  answer('GET /suggestions/sug-1', { suggestion: queja });
});

const renderPage = () => renderScreen(<SuggestionsAdminPage />, { path: '/admin/buzon' });
const dialog = () => screen.findByRole('dialog', { name: 'Detalle del comentario' });

async function choose(user: ReturnType<typeof renderPage>['user'], field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('SuggestionsAdminPage', () => {
  it('lists the open comments; one opened shows its text and contact, and a resolution chosen is saved and announced', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Los bebederos del edificio B no tienen agua.' }));
    const detail = await dialog();
    expect(within(detail).getByText('Los bebederos del edificio B no tienen agua.')).toBeTruthy();
    expect(within(detail).getByRole('link', { name: '5512345678' }).getAttribute('href')).toBe('tel:5512345678');
    expect(sentTo('GET /suggestions')[0]!.path).toContain('isClosed=false');

    answer('PUT /suggestions/sug-1', { suggestion: { ...queja, suggestionResolution: { id: 1, name: 'Procedente', color: 'success' } } });
    await choose(user, 'Resolución', 'Procedente');
    expect(await screen.findByText('Resolución actualizada')).toBeTruthy();
    expect(sentTo('PUT /suggestions/sug-1').map((r) => r.body)).toEqual([{ suggestionResolutionId: 1 }]);
  });

  it('closing asks first; a comment closed meanwhile (409) shows the server’s Spanish message', async () => {
    answer('PUT /suggestions/sug-1/close', apiError(409, 'CONFLICT', 'Este comentario ya está cerrado: no se puede modificar.'));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Los bebederos del edificio B no tienen agua.' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Cerrar comentario' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Cerrar este comentario?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sí, cerrar comentario' }));
    expect((await within(confirm).findByRole('alert')).textContent).toContain('Este comentario ya está cerrado: no se puede modificar.');
  });

  it('a user who may only view reads the comment, with no actions', async () => {
    signInAdmin([PERMISSIONS.viewSuggestions]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Los bebederos del edificio B no tienen agua.' }));
    const detail = await dialog();
    expect(within(detail).getByText('Solo puedes consultar este comentario.')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Cerrar comentario' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Marcar como contactado' })).toBeNull();
    expect(screen.queryByText('Elige un campus para abrir o cerrar su buzón de sugerencias.')).toBeNull();
  });

  it('no comments: the empty list says why, by filters or not; «Limpiar filtros» goes back to the open ones', async () => {
    answer('GET /suggestions', { suggestions: [], total: 0 });
    const { user } = renderPage();
    expect(
      await screen.findByText('No hay comentarios abiertos en tus campus. Cambia el estado a «Todos» para ver los cerrados.'),
    ).toBeTruthy();

    await choose(user, 'Estado', 'Todos');
    expect(await screen.findByText('No se encontraron comentarios con los filtros elegidos.')).toBeTruthy();
    await waitFor(() => expect(sentTo('GET /suggestions').at(-1)!.path).not.toContain('isClosed'));
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(await screen.findByText(/No hay comentarios abiertos en tus campus/)).toBeTruthy();
  });

  it('a list the server refuses shows its Spanish message', async () => {
    answer('GET /suggestions', apiError(403, 'FORBIDDEN', 'No tienes permiso para ver los comentarios de este campus.'));
    renderPage();
    expect(await screen.findByText('No tienes permiso para ver los comentarios de este campus.')).toBeTruthy();
  });
});
