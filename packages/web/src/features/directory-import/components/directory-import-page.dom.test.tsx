import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { DirectoryImportPage } from './directory-import-page';

const CSV = 'ID_DOCENTE,NOMBRE\nD001,Ana López\n';

beforeEach(() => {
  signInAdmin([PERMISSIONS.importDirectory]);
});

const renderPage = () => renderScreen(<DirectoryImportPage />, { path: '/admin/directorio' });
const fileInput = () => screen.findByLabelText<HTMLInputElement>('Elegir archivo CSV');
const csvFile = (text = CSV, name = 'docentes.csv') => new File([text], name, { type: 'text/csv' });

describe('DirectoryImportPage', () => {
  it('a file of the chosen kind is sent whole, and the summary says what was imported', async () => {
    answer('POST /directory/import/docentes', { report: { entity: 'docentes', imported: 1, created: 1, updated: 0, skipped: 0, errors: [] } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Docentes' }));
    expect(screen.getByRole('heading', { name: 'Columnas del archivo de docentes' })).toBeTruthy();
    await user.upload(await fileInput(), csvFile());
    expect(screen.getByText(/^docentes\.csv \(\d+ B\)$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Importar' }));

    expect(await screen.findByText('Importación de docentes terminada')).toBeTruthy();
    expect(screen.getByText('1 importado: 1 nuevo, 0 actualizados, 0 omitidos.')).toBeTruthy();
    const [request] = sentTo('POST /directory/import/docentes');
    expect(request!.body).toEqual({ csv: CSV, progressId: expect.any(String) });
  });

  it('«Importar» without a file asks for one; an empty file is refused before sending', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Importar' }));
    expect(screen.getByText('Elige el archivo CSV que quieres importar.')).toBeTruthy();
    expect(document.activeElement).toBe(await fileInput());

    await user.upload(await fileInput(), csvFile(''));
    expect(screen.getByText('El archivo está vacío.')).toBeTruthy();
    expect((await fileInput()).getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Importar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sentTo('POST /directory/import/alumnos')).toEqual([]);
  });

  it('a file with bad rows (422) shows the server’s message and each line’s problem; nothing was imported', async () => {
    const report = {
      entity: 'alumnos',
      imported: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      errors: [
        { row: 3, field: 'CORREO', message: 'El correo no es válido' },
        { row: 2, field: '', message: 'Falta la matrícula' },
      ],
    };
    answer('POST /directory/import/alumnos', () =>
      Response.json({ error: { code: 'VALIDATION_FAILED', message: 'El archivo tiene 2 errores: no se importó nada.' }, report }, { status: 422 }),
    );
    const { user } = renderPage();
    await user.upload(await fileInput(), csvFile(CSV, 'alumnos.csv'));
    await user.click(screen.getByRole('button', { name: 'Importar' }));

    expect(await screen.findByText('Revisa el archivo')).toBeTruthy();
    expect(screen.getByText('El archivo tiene 2 errores: no se importó nada.')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: /errores/i })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['2—Falta la matrícula', '3CORREOEl correo no es válido']);
  });

  it('a failure without a report says the import could not run, with the server’s message', async () => {
    answer('POST /directory/import/alumnos', apiError(500, 'INTERNAL', 'Ocurrió un error en el servidor.'));
    const { user } = renderPage();
    await user.upload(await fileInput(), csvFile(CSV, 'alumnos.csv'));
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('No se pudo importar')).toBeTruthy();
    expect(screen.getByText('Ocurrió un error en el servidor.')).toBeTruthy();
  });
});
