import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { AuditLogPage } from './audit-log-page';

const actor = { id: 4, full_name: 'Laura Méndez Soto', email: 'laura@example.mx' };

/** An application edited, as the server words it. */
const edited = {
  id: 2,
  created_at: '2026-11-21T16:30:00.000Z',
  actor,
  action: 'update',
  entity: 'active',
  entity_id: '15',
  summary: 'Laura Méndez Soto cambió el periodo de encuestas 2026B de Puebla',
  subject: 'el periodo de encuestas 2026B de Puebla',
  changes: [
    { label: 'Final de encuestas', before: '01/12/2026', after: '15/12/2026' },
    { label: 'Tipos de encuesta', before: 'Encuesta de Servicios A, Evaluación Docente', after: 'Encuesta de Servicios A' },
    { label: 'Campus', before: null, after: 'Puebla' },
  ],
  facts: [],
};

beforeEach(() => {
  signInAdmin([PERMISSIONS.viewAuditLog]);
  answer('GET /audit-log/actors', { actors: [actor] });
  answer('GET /audit-log/actions', { actions: ['periodo.create'] });
  answer('GET /audit-log', {
    entries: [
      edited,
      {
        id: 1,
        created_at: '2026-11-20T15:00:00.000Z',
        actor,
        action: 'create',
        entity: 'periodo',
        entity_id: '5',
        summary: 'Laura Méndez Soto creó el periodo 2026B',
        subject: 'el periodo 2026B',
        changes: [],
        facts: [{ label: 'Periodo', value: '2026B' }],
      },
    ],
    total_entries: 2,
  });
});

/** In the admin layout's date localization, as the app mounts it. */
// The date fields bring their own DateLocalizationProvider, as on the real screen.
const renderPage = () => renderScreen(<AuditLogPage />, { path: '/admin/bitacora' });

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

describe('the detail of an entry', () => {
  it('reads in words, with the changed fields in a Campo / Antes / Después table, opened and closed from the keyboard', async () => {
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Registros de la bitácora' });
    const row = (await within(table).findByText(edited.summary)).closest('tr')!;
    // The list says who did what to which thing, and the fields on one line.
    expect(within(row).getByText('Final de encuestas: 01/12/2026 → 15/12/2026', { exact: false })).toBeTruthy();

    const button = within(row).getByRole('button', { name: `Ver detalle: ${edited.summary}` });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Detalle del registro' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(edited.summary)).toBeTruthy();

    const changes = within(dialog).getByRole('table', { name: 'Campos cambiados' });
    const cells = within(changes)
      .getAllByRole('row')
      .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Campo', 'Antes', 'Después'],
      ['Final de encuestas', '01/12/2026', '15/12/2026'],
      ['Tipos de encuesta', 'Encuesta de Servicios A, Evaluación Docente', 'Encuesta de Servicios A'],
      ['Campus', 'No registrado', 'Puebla'],
    ]);
    // No code, id or raw JSON on the screen.
    expect(dialog.textContent).not.toMatch(/[{}"]|#15|active|endDate|cicles/);
    expect(within(dialog).queryByRole('table', { name: 'Datos del registro' })).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('shows the fields of a creation as Campo / Valor', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver detalle: Laura Méndez Soto creó el periodo 2026B' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle del registro' });
    const facts = within(dialog).getByRole('table', { name: 'Datos del registro' });
    expect(within(facts).getByRole('columnheader', { name: 'Valor' })).toBeTruthy();
    expect(within(facts).getByRole('rowheader', { name: 'Periodo' })).toBeTruthy();
    expect(within(facts).getByRole('cell', { name: '2026B' })).toBeTruthy();
    expect(within(dialog).queryByRole('table', { name: 'Campos cambiados' })).toBeNull();
  });

  describe('on a phone', () => {
    const wide = window.matchMedia;
    beforeEach(() => {
      // A 390 px screen: every max-width query of MUI's breakpoints matches.
      window.matchMedia = ((query: string) => ({
        matches: /max-width/.test(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      })) as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = wide;
    });

    it('lists entries as cards and opens the detail full screen, its table kept', async () => {
      const { user } = renderPage();
      const list = await screen.findByRole('list', { name: 'Registros de la bitácora' });
      expect(within(list).getByText(edited.summary)).toBeTruthy();
      expect(screen.queryByRole('table', { name: 'Registros de la bitácora' })).toBeNull();
      await user.click(within(list).getByRole('button', { name: `Ver detalle: ${edited.summary}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Detalle del registro' });
      expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
      expect(within(dialog).getByRole('table', { name: 'Campos cambiados' })).toBeTruthy();
    });
  });
});
