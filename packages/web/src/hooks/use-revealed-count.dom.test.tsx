/**
 * A long page drawn one part a task: the first part at once, the others in
 * tasks after it, until all are there (what find-in-page, an index's links and
 * screen readers then meet).
 */
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../test-support/dom-harness';
import { useRevealedCount } from './use-revealed-count';

const PARTS = ['Resumen', 'Respuestas por día', 'Resultados por sección', 'Comentarios'];

function LongPage({ drawn }: { drawn: string[] }) {
  const revealed = useRevealedCount(PARTS.length);
  return (
    <>
      {PARTS.slice(0, revealed).map((part) => (
        <Part key={part} title={part} drawn={drawn} />
      ))}
    </>
  );
}

function Part({ title, drawn }: { title: string; drawn: string[] }) {
  useLayoutEffect(() => {
    drawn.push(title);
  }, [drawn, title]);
  return <h2>{title}</h2>;
}

describe('useRevealedCount', () => {
  it('draws the first part at once and each of the others in a task of its own, in order, until all are drawn', async () => {
    const drawn: string[] = [];
    renderScreen(<LongPage drawn={drawn} />);
    // Right after the first render: only the first part.
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Resumen']);
    await screen.findByRole('heading', { name: 'Comentarios' });
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(PARTS);
    expect(drawn).toEqual(PARTS);
  });

  it('draws nothing more than there is, and every part at once when asked to', async () => {
    function Short() {
      const revealed = useRevealedCount(2, 5);
      return <p>{revealed}</p>;
    }
    renderScreen(<Short />);
    expect(screen.getByText('2')).toBeTruthy();
  });
});
