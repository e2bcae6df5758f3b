/**
 * Rows as one JSON parameter (db/json-rows.ts): only for tables whose columns
 * JSON carries as they are. The round trip itself is proven where it is used
 * (the mover's publishing, response-mover.test.ts, on both databases).
 */
import { describe, expect, it } from 'vitest';
import { insertTableRows } from '../../src/db/json-rows';
import { heldResponses, responses } from '../../src/db/schema';

describe('insertTableRows', () => {
  it("refuses a table with a column JSON would change (held_response's sealed bytea)", () => {
    expect(() => insertTableRows(heldResponses, [])).toThrow(/held_response\.sealed is bytea/);
  });

  it('names every column of response with its type, and sends the rows as one parameter, in order', () => {
    const row = {
      id: '00000000-0000-4000-8000-000000000001', surveyKind: 'alumnos/evaluacionDocente', questionnaireId: 'q', questionnaireVersion: 1,
      activeId: 1, cycleId: 2, campusId: 3, periodoId: 4, plan: null, grupo: null, teacherId: null, classId: null,
      submittedOn: '2026-11-28', answers: { a: 'excelente' }, scores: null,
    };
    const statement = insertTableRows(responses, [row, { ...row, id: '00000000-0000-4000-8000-000000000002' }]);
    const chunks = statement.queryChunks.filter((chunk): chunk is string => typeof chunk === 'string');
    const [json] = chunks;
    const sent = JSON.parse(json!) as { id: string; submitted_on: string; answers: unknown; scores: unknown }[];
    expect(sent.map((r) => r.id)).toEqual([row.id, '00000000-0000-4000-8000-000000000002']);
    expect(sent[0]).toMatchObject({ submitted_on: '2026-11-28', answers: { a: 'excelente' }, scores: null });
  });
});
