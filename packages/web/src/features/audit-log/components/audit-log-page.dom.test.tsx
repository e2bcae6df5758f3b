import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { DateLocalizationProvider } from '../../../app/date-localization-provider';
import { AuditLogPage } from './audit-log-page';

const actor = { id: 4, full_name: 'Laura Méndez Soto', email: 'laura@example.mx' };

beforeEach(() => {
  signInAdmin([PERMISSIONS.viewAuditLog]);
  answer('GET /audit-log/actors', { actors: [actor] });
  answer('GET /audit-log/actions', { actions: ['periodo.create'] });
  answer('GET /audit-log', {
    entries: [{ id: 1, created_at: '2026-11-20T15:00:00.000Z', actor, action: 'periodo.create', entity: 'periodo', entity_id: '5', details: {} }],
    total_entries: 1,
  });
});

/** In the admin layout's date localization, as the app mounts it. */
const renderPage = () =>
  renderScreen(
    <DateLocalizationProvider>
      <AuditLogPage />
    </DateLocalizationProvider>,
    { path: '/admin/bitacora' },
  );

describe('AuditLogPage', () => {
  it('lists the changes with who made them; a user chosen asks for theirs and offers «Limpiar filtros»', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Bitácora' })).toBeTruthy();
    expect((await screen.findAllByText(/Laura Méndez Soto/)).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('combobox', { name: 'Usuario' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Laura Méndez Soto (laura@example.mx)' }));
    await waitFor(() => expect(sentTo('GET /audit-log').at(-1)!.path).toContain('userId=4'));
    expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeTruthy();
  });

  it('an empty log says where the changes will appear', async () => {
    answer('GET /audit-log', { entries: [], total_entries: 0 });
    renderPage();
    expect(await screen.findByText('Aquí aparecerán los cambios que se hagan en la administración.')).toBeTruthy();
  });

  it('a log the server refuses shows its Spanish message', async () => {
    answer('GET /audit-log', apiError(403, 'FORBIDDEN', 'No tienes permiso para ver la bitácora.'));
    renderPage();
    expect(await screen.findByText('No tienes permiso para ver la bitácora.')).toBeTruthy();
  });
});
