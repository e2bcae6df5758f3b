import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Active } from '@encuestas/core/api/actives';
import { PERIOD_NAME_MESSAGE } from '@encuestas/core/periods';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderAdminAt, sent } from '../../../test-support/dom-harness';

const puebla = { id: 1, nombre: 'Puebla', avalible: true };
const leon = { id: 2, nombre: 'León', avalible: true };
const periodo = { id: 10, nombre: '2026A', fecha_inicio: '2026-01-12', fecha_fin: '2026-06-30' };
const teachers = { id: 3, name: 'Evaluación docente', survey_kind: 'teacherEvaluation' };
const services = { id: 4, name: 'Servicios', survey_kind: 'services' };
const active: Active = {
  id: 5,
  campus_id: 1,
  periodo_id: 10,
  campus: { id: 1, nombre: 'Puebla' },
  periodo: { id: 10, nombre: '2026A' },
  start_active: '2026-03-02',
  end_active: '2026-03-20',
  results_release_day: '2026-03-21',
  results_release_day_chosen: null,
  release_waits_for_review: true,
  status: 'upcoming',
  cicles: [{ id: 3, name: 'Evaluación docente' }],
};

const EDITOR = [PERMISSIONS.viewActives, PERMISSIONS.createActives, PERMISSIONS.editActives];
const PERIODS_MANAGER = [PERMISSIONS.viewActives, PERMISSIONS.viewPowerCampusPeriods, PERMISSIONS.createPowerCampusPeriods];

/** Two granted campuses, one period, two survey types both applied at Puebla, and the given applications. */
function serve(actives: Active[]) {
  answer('GET /campus/permissions', { campuses: [puebla, leon], allCampuses: true });
  answer('GET /periodos', { periodos: [periodo] });
  answer('GET /ciclos/permissions', { cicles: [teachers, services] });
  answer('GET /campus/1/ciclos', { cicles: [{ ...teachers, avalible: true }, { ...services, avalible: true }] });
  answer('GET /campus/2/ciclos', { cicles: [{ ...teachers, avalible: true }, { ...services, avalible: true }] });
  answer('GET /actives', { actives, total_actives: actives.length });
  answer('GET /active/5', { active });
}

const dialog = () => screen.getByRole('dialog');

// Over 80 lines because it is a describe block: short tests in a row, sharing the file's set-up.
describe('Gestión de peridos y ciclos', () => {
  it('lists the applications; one opened, its survey types changed and saved, says so', async () => {
    serve([active]);
    answer('PUT /actives/5', ({ body }) => ({ active: { ...active, cicles: [teachers, services] }, body }));
    const { user } = renderAdminAt('/admin/periodosCiclos?campusId=1&periodoId=10', EDITOR);

    expect(await screen.findByRole('heading', { name: 'Gestión de peridos y ciclos' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Periodos de encuestas' });
    await user.click(within(table).getAllByRole('row')[1]!);

    expect(within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Nuevo periodo de encuestas' })).toBeTruthy();
    const servicesBox = await within(dialog()).findByRole('checkbox', { name: 'Servicios' });
    expect(within(dialog()).getByRole<HTMLInputElement>('checkbox', { name: 'Evaluación docente' }).checked).toBe(true);
    expect(within(dialog()).getByRole<HTMLInputElement>('textbox', { name: 'Campus' }).value).toBe('Puebla');
    await user.click(servicesBox);
    await user.click(within(dialog()).getByRole('button', { name: 'Guardar Cambios' }));

    expect(await screen.findByText('Cambios guardados correctamente')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/actives/5');
    expect(put?.body).toEqual({ startDate: '2026-03-02', endDate: '2026-03-20', cicles: [3, 4], resultsReleaseDay: null, releaseWaitsForReview: true });
  });

  it('shows each application’s «Resultados para docentes» day, explains the default, and keeps a chosen day on save; the switch releases what was reviewed', async () => {
    const chosen: Active = { ...active, results_release_day: '2026-04-10', results_release_day_chosen: '2026-04-10' };
    serve([chosen]);
    answer('GET /active/5', { active: chosen });
    answer('PUT /actives/5', ({ body }) => ({ active: chosen, body }));
    const { user } = renderAdminAt('/admin/periodosCiclos?campusId=1&periodoId=10', EDITOR);

    const table = await screen.findByRole('table', { name: 'Periodos de encuestas' });
    expect(within(table).getByRole('columnheader', { name: 'Resultados para docentes' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '10/04/2026' })).toBeTruthy();
    await user.click(within(table).getAllByRole('row')[1]!);
    expect(await within(await screen.findByRole('dialog')).findByText('Los docentes ven sus resultados desde este día.')).toBeTruthy();
    const waits = within(dialog()).getByRole<HTMLInputElement>('switch', { name: 'Los resultados de cada docente esperan la revisión de sus comentarios' });
    expect(waits.checked).toBe(true);
    await user.click(waits);
    expect(within(dialog()).getByText('En la fecha de resultados, cada docente ve sus resultados con los comentarios ya revisados.')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
        startDate: '2026-03-02',
        endDate: '2026-03-20',
        cicles: [3],
        resultsReleaseDay: '2026-04-10',
        releaseWaitsForReview: false,
      }),
    );
  });

  it('without a chosen day, says which day the default is', async () => {
    serve([active]);
    const { user } = renderAdminAt('/admin/periodosCiclos?campusId=1&periodoId=10', EDITOR);
    const table = await screen.findByRole('table', { name: 'Periodos de encuestas' });
    expect(within(table).getByRole('cell', { name: '21/03/2026' })).toBeTruthy();
    await user.click(within(table).getAllByRole('row')[1]!);
    expect(await within(await screen.findByRole('dialog')).findByText('Vacío: el día siguiente al final (21/03/2026).')).toBeTruthy();
  });

  it('shows the server’s Spanish refusal in the dialog, which stays open', async () => {
    serve([active]);
    answer('PUT /actives/5', apiError(409, 'CONFLICT', 'El periodo de encuestas ya tiene respuestas.'));
    const { user } = renderAdminAt('/admin/periodosCiclos?campusId=1&periodoId=10', EDITOR);

    const table = await screen.findByRole('table', { name: 'Periodos de encuestas' });
    await user.click(within(table).getAllByRole('row')[1]!);
    await user.click(await within(await screen.findByRole('dialog')).findByRole('checkbox', { name: 'Servicios' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Guardar Cambios' }));

    expect((await within(dialog()).findByRole('alert')).textContent).toBe('El periodo de encuestas ya tiene respuestas.');
  });

  it('without applications, says so; a new one cannot be created before its days and types are chosen', async () => {
    serve([]);
    const { user } = renderAdminAt('/admin/periodosCiclos?campusId=1&periodoId=10', EDITOR);

    expect(await screen.findByText('No hay periodos de encuestas')).toBeTruthy();
    expect(screen.getByText('No se encontraron periodos de encuestas con los filtros elegidos.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nuevo periodo de encuestas' }));
    const form = await screen.findByRole('dialog');
    await within(form).findByRole('checkbox', { name: 'Servicios' });
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Periodo' }).value).toBe('2026A');
    // The other granted campus is offered too.
    expect(within(form).getByRole('checkbox', { name: 'León' })).toBeTruthy();
    await user.click(within(form).getByRole('checkbox', { name: 'Servicios' }));
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Crear Periodo' }).disabled).toBe(true);
  });

  it('a user who may only look reads the application without saving', async () => {
    serve([active]);
    const { user } = renderAdminAt('/admin/periodosCiclos?campusId=1&periodoId=10', [PERMISSIONS.viewActives]);

    const table = await screen.findByRole('table', { name: 'Periodos de encuestas' });
    expect(screen.queryByRole('button', { name: 'Nuevo periodo de encuestas' })).toBeNull();
    await user.click(within(table).getAllByRole('row')[1]!);
    const form = await screen.findByRole('dialog');
    expect(within(form).getByRole('heading', { name: 'Consultar periodo de encuestas' })).toBeTruthy();
    expect(await within(form).findByText('Solo puedes consultar este periodo de encuestas.')).toBeTruthy();
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Guardar Cambios' }).disabled).toBe(true);
  });

  it('a campus fixed by the address and not granted is refused without asking for its list', async () => {
    serve([active]);
    renderAdminAt('/admin/actives-campus/7', EDITOR);
    expect(await screen.findByText('No tienes acceso a este campus. Solicítalo a tu administrador.')).toBeTruthy();
    expect(sent.some((r) => r.path.split('?')[0] === '/actives')).toBe(false);
  });

  it('«Gestionar periodos» lists the periods and checks a new one’s name before sending it', async () => {
    serve([]);
    const { user } = renderAdminAt('/admin/periodosCiclos', PERIODS_MANAGER);

    await user.click(await screen.findByRole('button', { name: 'Gestionar periodos' }));
    const manage = await screen.findByRole('dialog', { name: 'Periodos Power Campus' });
    const cards = await within(manage).findByRole('list', { name: 'Periodos registrados' });
    expect(within(cards).getByRole('heading', { name: '2026A' })).toBeTruthy();

    await user.click(within(manage).getByRole('tab', { name: 'Nuevo' }));
    const name = within(manage).getByRole<HTMLInputElement>('textbox', { name: /Nombre del periodo/ });
    await user.type(name, '26a');
    expect(name.value).toBe('26A');
    await user.tab();
    expect(within(manage).getByText(PERIOD_NAME_MESSAGE)).toBeTruthy();
    expect(within(manage).getByRole<HTMLButtonElement>('button', { name: 'Crear periodo' }).disabled).toBe(true);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });
});
