import { describe, expect, it } from 'vitest';
import { figuresFreshnessNote } from './logic/figures-freshness';

const now = new Date('2026-11-27T16:45:00Z');

describe('figuresFreshnessNote', () => {
  it('says nothing when the figures come from the primary, or before the answer arrives', () => {
    expect(figuresFreshnessNote({ source: 'primary', asOf: null, current: true }, now)).toBeNull();
    expect(figuresFreshnessNote(undefined, now)).toBeNull();
  });

  it('gives the Mexico City date and time of a current replica', () => {
    expect(figuresFreshnessNote({ source: 'replica', asOf: '2026-11-27T16:42:10Z', current: true }, now)).toBe('Cifras al 27/11/2026 10:42 (copia de lectura)');
  });

  it('adds that later answers may be missing only when the replica is a minute or more behind', () => {
    expect(figuresFreshnessNote({ source: 'replica', asOf: '2026-11-27T16:44:30Z', current: false }, now)).toBe('Cifras al 27/11/2026 10:44 (copia de lectura)');
    expect(figuresFreshnessNote({ source: 'replica', asOf: '2026-11-27T15:05:00Z', current: false }, now)).toBe(
      'Cifras al 27/11/2026 09:05 (copia de lectura); lo registrado después puede tardar en aparecer.',
    );
  });

  it('still says where the figures come from when the replica cannot say when', () => {
    expect(figuresFreshnessNote({ source: 'replica', asOf: null, current: false }, now)).toMatch(/^Cifras de una copia de lectura/);
  });
});
