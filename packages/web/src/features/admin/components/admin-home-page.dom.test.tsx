import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Dashboard, DashboardApplication } from '@encuestas/core/api/dashboard';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderAdminAt, sent } from '../../../test-support/dom-harness';


const today = '2026-11-27';
const periodo = { id: 10, nombre: '2026B' };
const application = (campus: { id: number; nombre: string }, answered: number, daysLeft: number): DashboardApplication => ({
  cycle: { id: 7, name: 'Evaluación Docente', surveyKind: 'alumnos/evaluacionDocente' },
  title: 'Evaluación docente',
  respondent: 'student',
  campus,
  periodo,
  startDay: '2026-11-20',
  endDay: addDays(today, daysLeft),
  daysLeft,
  participation: { expected: 4, answered, rate: answered / 4 },
  previous: null,
  groupsBehind: answered < 4 ? [{ plan: 'ING', grupo: '3A', participation: { expected: 2, answered: 0, rate: 0 } }] : [],
});
const dashboard: Dashboard = {
  today,
  periodo,
  applications: [
    application({ id: 1, nombre: 'Puebla' }, 1, 3),
    {
      ...application({ id: 2, nombre: 'León' }, 3, 0),
      previous: { periodo: { id: 9, nombre: '2026A' }, participation: { expected: 10, answered: 8, rate: 0.8 } },
    },
  ],
};
const READER = [PERMISSIONS.viewCampusReports, PERMISSIONS.sendReminders];

describe('the back office’s start page', () => {
  it('shows each open survey, furthest behind first, with its participation, days left and previous term, then the menu', async () => {
    answer('GET /dashboard', dashboard);
    const { user, router } = renderAdminAt('/admin', READER);
    expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Encuestas abiertas, de menor a mayor participación' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Evaluación Docente · Puebla', 'Evaluación Docente · León']);

    const puebla = rows[0]!;
    const bar = within(puebla).getByRole('progressbar', { name: 'Participación: Evaluación Docente en Puebla' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('25%');
    expect(within(puebla).getByText('1 de 4 alumnos respondieron · 25%')).toBeTruthy();
    expect(within(puebla).getByText(/Cierra en 3 días \(30\/11\/2026\) · Sin periodo anterior para comparar/)).toBeTruthy();
    expect(within(puebla).getByText('Grupos más atrasados: ING 3A (0%)')).toBeTruthy();
    expect(within(rows[1]!).getByText(/Cierra hoy · Periodo anterior \(2026A\), al cierre: 80%/)).toBeTruthy();
    // The menu stays below.
    expect(screen.getByRole('list', { name: 'Secciones disponibles' })).toBeTruthy();

    expect(within(puebla).getByRole('link', { name: 'Enviar recordatorio de Evaluación Docente en Puebla' }).getAttribute('href')).toBe(
      '/encuestas/admin/pendientes/alumnos/7?periodoId=10&campusId=1&recordatorio=1',
    );
    answer('GET /ciclo/7/missing/students', apiError(403, 'FORBIDDEN', 'Sin permiso en esta prueba.'));
    await user.click(within(puebla).getByRole('link', { name: 'Ver quién falta (3) de Evaluación Docente en Puebla' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/encuestas/admin/pendientes/alumnos/7'));
    expect(router.state.location.search).toBe('?periodoId=10&campusId=1');
  });

  it('offers no reminder without «Enviar Recordatorios»', async () => {
    answer('GET /dashboard', dashboard);
    renderAdminAt('/admin', [PERMISSIONS.viewCampusReports]);
    await screen.findByRole('list', { name: 'Encuestas abiertas, de menor a mayor participación' });
    expect(screen.queryByRole('link', { name: /^Enviar recordatorio/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Ver quién falta/ })).toHaveLength(2);
  });

  it('says so when nothing is open, and a failed read in Spanish with «Reintentar»', async () => {
    answer('GET /dashboard', apiError(500, 'INTERNAL', 'Ocurrió un error inesperado.'));
    const { user } = renderAdminAt('/admin', READER);
    expect(await screen.findByText('Ocurrió un error inesperado.')).toBeTruthy();
    answer('GET /dashboard', { today, periodo, applications: [] });
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay encuestas abiertas en este momento.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Participación del periodo 2026B' })).toBeTruthy();
  });

  it('without a report permission shows only the menu and asks for no figures', async () => {
    renderAdminAt('/admin', [PERMISSIONS.viewUsers]);
    expect(await screen.findByRole('list', { name: 'Secciones disponibles' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Participación/ })).toBeNull();
    expect(sent.some((request) => request.path.split('?')[0] === '/dashboard')).toBe(false);
  });
});

describe('Resultados', () => {
  it('opens with the period under way chosen', async () => {
    const day = mexicoCityDay();
    answer('GET /periodos', {
      periodos: [
        { id: 9, nombre: '2090A', fecha_inicio: addDays(day, -200), fecha_fin: addDays(day, -40) },
        { id: 10, nombre: '2090B', fecha_inicio: addDays(day, -20), fecha_fin: addDays(day, 90) },
        { id: 11, nombre: '2091A', fecha_inicio: addDays(day, 120), fecha_fin: addDays(day, 250) },
      ],
    });
    answer('GET /ciclos/permissions', { cicles: [] });
    answer('GET /campus/permissions', { campuses: [], allCampuses: false });
    renderAdminAt('/admin/resultados', [PERMISSIONS.viewCycleReports]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Periodo' }).textContent).toBe('2090B'));
  });
});
