import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TermReflectionsAnswer } from '@encuestas/core/api/teacher-reflections';
import { answer, apiError, renderScreen, sentTo } from '../../../test-support/dom-harness';
import { TermReflections } from '../index';

const TITLE = 'Lo que haré con estos resultados';
const LIST = 'GET /respondents/teachers/40/results/2/reflections';
const SAVE = 'PUT /respondents/teachers/40/classes/11/reflection';
const written = { text: 'Daré más ejemplos.', writtenAt: '2026-07-02T18:00:00.000Z', updatedAt: '2026-07-03T18:00:00.000Z' };
const term: TermReflectionsAnswer = {
  maxLength: 1000,
  classes: [
    { classId: 11, name: 'Cálculo', plan: 'ING', grupo: '3A', reflection: null },
    { classId: 12, name: 'Seminario', plan: 'ING', grupo: '5A', reflection: written },
  ],
};

const render = () => renderScreen(<TermReflections teacherId={40} activeId={2} />);
const classForm = (name: string) => screen.findByRole('form', { name });

describe('«Lo que haré con estos resultados» on a term’s results', () => {
  it('lists each class with its text and whether it is saved', async () => {
    answer(LIST, term);
    render();
    const section = await screen.findByRole('region', { name: TITLE });
    const seminar = await classForm('Seminario (ING 5A)');
    expect(within(seminar).getByRole('textbox', { name: TITLE })).toHaveProperty('value', 'Daré más ejemplos.');
    expect(within(seminar).getByRole('status').textContent).toBe('Guardado el 03/07/2026');
    const calculus = within(section).getByRole('form', { name: 'Cálculo (ING 3A)' });
    expect(within(calculus).getByRole('textbox', { name: TITLE })).toHaveProperty('value', '');
    // Nothing typed: nothing to save.
    expect(within(calculus).getByRole('button', { name: 'Guardar: Cálculo (ING 3A)' })).toHaveProperty('disabled', true);
  });

  it('saves a class’s text, then shows it saved', async () => {
    answer(LIST, term);
    answer(SAVE, { reflection: { text: 'Pediré avances cada semana.', writtenAt: '2026-07-04T18:00:00.000Z', updatedAt: '2026-07-04T18:00:00.000Z' } });
    const { user } = render();
    const calculus = await classForm('Cálculo (ING 3A)');
    await user.type(within(calculus).getByRole('textbox', { name: TITLE }), '  Pediré avances cada semana.');
    expect(within(calculus).getByRole('status').textContent).toBe('Cambios sin guardar');
    expect(within(calculus).getByText(`${'  Pediré avances cada semana.'.length}/1000`)).toBeTruthy();
    await user.click(within(calculus).getByRole('button', { name: 'Guardar: Cálculo (ING 3A)' }));
    expect(await within(calculus).findByText('Guardado el 04/07/2026')).toBeTruthy();
    expect(sentTo(SAVE).map((request) => request.body)).toEqual([{ text: '  Pediré avances cada semana.' }]);
    expect(within(calculus).getByRole('textbox', { name: TITLE })).toHaveProperty('value', 'Pediré avances cada semana.');
  });

  it('shows the server’s refusal in Spanish and keeps the text', async () => {
    answer(LIST, term);
    answer(SAVE, apiError(403, 'FORBIDDEN', 'Tus resultados estarán disponibles el 19/12/2026.'));
    const { user } = render();
    const calculus = await classForm('Cálculo (ING 3A)');
    await user.type(within(calculus).getByRole('textbox', { name: TITLE }), 'Mi plan');
    await user.click(within(calculus).getByRole('button', { name: 'Guardar: Cálculo (ING 3A)' }));
    expect((await within(calculus).findByRole('alert')).textContent).toBe('Tus resultados estarán disponibles el 19/12/2026.');
    expect(within(calculus).getByRole('textbox', { name: TITLE })).toHaveProperty('value', 'Mi plan');
  });

  it('an emptied text deletes the reflection', async () => {
    answer(LIST, term);
    answer('PUT /respondents/teachers/40/classes/12/reflection', { reflection: null });
    const { user } = render();
    const seminar = await classForm('Seminario (ING 5A)');
    await user.clear(within(seminar).getByRole('textbox', { name: TITLE }));
    await user.click(within(seminar).getByRole('button', { name: 'Guardar: Seminario (ING 5A)' }));
    expect(await within(seminar).findByText('Se borró tu texto')).toBeTruthy();
  });

  it('the list’s failure in Spanish with «Reintentar»', async () => {
    answer(LIST, apiError(500, 'INTERNAL', 'No se pudo cargar. Intenta de nuevo.'));
    render();
    expect(await screen.findByText('No se pudo cargar. Intenta de nuevo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
