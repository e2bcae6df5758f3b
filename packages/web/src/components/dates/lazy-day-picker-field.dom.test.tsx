/**
 * The report filters' date field that loads MUI X's picker on demand: until
 * the user reaches it a plain field stands in with the same label and day;
 * focusing it (Tab or a click) swaps in the real picker with the focus.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../test-support/dom-harness';
import { LazyDayPickerField } from './lazy-day-picker-field';

function Dates() {
  const [from, setFrom] = useState<string | null>('2026-03-15');
  return (
    <>
      <button type="button">Antes</button>
      <LazyDayPickerField label="Desde" value={from} onChange={setFrom} error helperText="La fecha final no puede ser anterior a la inicial" />
      <output aria-label="Elegido">{from ?? 'ninguno'}</output>
    </>
  );
}

describe('a date field whose picker loads on demand', () => {
  it('stands in with the same label, day and error, and hands the focus to the real picker when reached with Tab', async () => {
    const { user } = renderScreen(<Dates />);
    const standIn = screen.getByRole('textbox', { name: 'Desde' });
    expect((standIn as HTMLInputElement).value).toBe('15/03/2026');
    expect(screen.getByText('La fecha final no puede ser anterior a la inicial')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Antes' }));
    await user.tab();
    const picker = await screen.findByRole('group', { name: 'Desde' });
    await waitFor(() => expect(picker.contains(document.activeElement)).toBe(true));
    expect(screen.queryByRole('textbox', { name: 'Desde' })).toBeNull();
    expect(within(picker).getAllByRole('spinbutton').map((section) => section.textContent)).toEqual(['15', '03', '2026']);
    expect(screen.getByText('La fecha final no puede ser anterior a la inicial')).toBeTruthy();

    // The real field from the keyboard: the day's section, one day up.
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Elegido' }).textContent).toBe('2026-03-16'));
  });
});
