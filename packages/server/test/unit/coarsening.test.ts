/**
 * What never fills an anonymity set is coarsened, not forced out
 * (features/responses/mover.ts, planCoarsening): level by level a segment is
 * cleared (class, group, plan, teacher) until the leftovers that agree on the
 * rest make a set of at least minBatch, and what is still short borrows from
 * sets that hold more than minBatch; nothing is ever published in a set
 * smaller than that.
 */
import { describe, expect, it } from 'vitest';
import { coarsened, planCoarsening } from '../../src/features/responses/mover';

type Row = Parameters<typeof planCoarsening>[0][number];
let next = 0;
/** `count` held rows of one campus application with the given segments. */
function held(count: number, segments: Partial<Pick<Row, 'plan' | 'grupo' | 'teacherId' | 'classId' | 'questionnaireId'>>): Row[] {
  return Array.from({ length: count }, () => ({
    id: `r${next++}`,
    surveyKind: 'alumnos/evaluacionDocente',
    questionnaireId: 'q',
    questionnaireVersion: 1,
    activeId: 1,
    cycleId: 1,
    campusId: 1,
    periodoId: 1,
    plan: null,
    grupo: null,
    teacherId: null,
    classId: null,
    ...segments,
  }));
}

/** Rows published at each level, and how many stay held. */
function plan(rows: Row[], minBatch = 5): { byLevel: number[]; held: number } {
  const levels = planCoarsening(rows, minBatch);
  const byLevel = [0, 0, 0, 0, 0];
  for (const level of levels.values()) byLevel[level]! += 1;
  return { byLevel, held: rows.length - levels.size };
}

describe('coarsening the leftovers of a closed application', () => {
  it.each([
    { case: 'a full set is published as it is', rows: () => held(5, { plan: 'P', grupo: 'A', teacherId: 1, classId: 1 }), byLevel: [5, 0, 0, 0, 0], left: 0 },
    {
      case: 'two small classes of one teacher and group join without their class',
      rows: () => [...held(2, { plan: 'P', grupo: 'A', teacherId: 1, classId: 1 }), ...held(3, { plan: 'P', grupo: 'A', teacherId: 1, classId: 2 })],
      byLevel: [0, 5, 0, 0, 0],
      left: 0,
    },
    {
      case: "one teacher's classes in two groups of a plan join without class and group",
      rows: () => [...held(2, { plan: 'P', grupo: 'A', teacherId: 1, classId: 1 }), ...held(3, { plan: 'P', grupo: 'B', teacherId: 1, classId: 2 })],
      byLevel: [0, 0, 5, 0, 0],
      left: 0,
    },
    {
      case: "one teacher's classes in two plans keep only the teacher",
      rows: () => [...held(2, { plan: 'P', grupo: 'A', teacherId: 1, classId: 1 }), ...held(3, { plan: 'Q', grupo: 'A', teacherId: 1, classId: 2 })],
      byLevel: [0, 0, 0, 5, 0],
      left: 0,
    },
    {
      case: "two teachers' small classes join as the application alone",
      rows: () => [...held(2, { plan: 'P', grupo: 'A', teacherId: 1, classId: 1 }), ...held(3, { plan: 'Q', grupo: 'B', teacherId: 2, classId: 2 })],
      byLevel: [0, 0, 0, 0, 5],
      left: 0,
    },
    {
      case: 'students of small groups of one plan keep the plan',
      rows: () => [...held(1, { plan: 'P', grupo: 'A' }), ...held(2, { plan: 'P', grupo: 'B' }), ...held(2, { plan: 'P', grupo: 'C' })],
      byLevel: [0, 0, 5, 0, 0],
      left: 0,
    },
    {
      case: 'fewer than minBatch in the whole application stay held',
      rows: () => [...held(2, { plan: 'P', grupo: 'A' }), ...held(2, { plan: 'Q', grupo: 'B' })],
      byLevel: [0, 0, 0, 0, 0],
      left: 4,
    },
    {
      case: 'two questionnaires never mix (NOM-035 guides)',
      rows: () => [...held(3, { questionnaireId: 'guia1' }), ...held(3, { questionnaireId: 'guia2' })],
      byLevel: [0, 0, 0, 0, 0],
      left: 6,
    },
    {
      case: 'a larger set lends what it holds beyond minBatch to leftovers short even at the application',
      rows: () => [...held(6, { plan: 'P', grupo: 'A' }), ...held(4, { plan: 'P', grupo: 'B' })],
      byLevel: [5, 0, 0, 0, 5],
      left: 0,
    },
    {
      case: 'sets lend one at a time from the largest, and never below minBatch',
      rows: () => [...held(7, { plan: 'P', grupo: 'A' }), ...held(6, { plan: 'Q', grupo: 'B' }), ...held(2, { plan: 'R', grupo: 'C' })],
      byLevel: [10, 0, 0, 0, 5],
      left: 0,
    },
    {
      case: 'leftovers stay held when the sets beside them have too little to spare',
      rows: () => [...held(6, { plan: 'P', grupo: 'A' }), ...held(2, { plan: 'Q', grupo: 'B' })],
      byLevel: [6, 0, 0, 0, 0],
      left: 2,
    },
  ])('$case', ({ rows, byLevel, left }) => {
    expect(plan(rows())).toEqual({ byLevel, held: left });
  });

  it('never chooses a set smaller than minBatch, whatever the mix (random applications)', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let run = 0; run < 200; run++) {
      const rows = Array.from({ length: 1 + random(40) }, () =>
        held(1, { plan: `P${random(3)}`, grupo: `G${random(3)}`, teacherId: 1 + random(4), classId: 1 + random(6) })[0]!,
      );
      const minBatch = 2 + random(6);
      const levels = planCoarsening(rows, minBatch);
      const sets = new Map<string, number>();
      for (const row of rows) {
        const level = levels.get(row.id);
        if (level === undefined) continue;
        const key = JSON.stringify(coarsened(row, level), ['plan', 'grupo', 'teacherId', 'classId']);
        sets.set(key, (sets.get(key) ?? 0) + 1);
      }
      for (const size of sets.values()) expect(size).toBeGreaterThanOrEqual(minBatch);
    }
  });
});
