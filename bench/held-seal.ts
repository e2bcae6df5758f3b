/**
 * The cost of sealing held answers on the submission path:
 * `tsx bench/held-seal.ts [--seals N]`. Seals N teacher evaluations (the
 * commonest submission; a comment of its own length each) as a submission
 * does (capacity, then AES-256-GCM over the padded encoding), then opens them
 * as the mover does; three runs, median and spread in µs per response, for
 * docs/benchmarks.md. No database: the statement's own cost is bench:submit's.
 */
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { MX_GEO_CATALOGS } from '@encuestas/core/catalogs/mx-geo';
import { seededRandom, syntheticAnswers } from '@encuestas/core/survey-engine/synthetic-answers';
import type { Catalogs } from '@encuestas/core/survey-engine/types';
import { TEACHER_EVALUATION_QUESTIONNAIRE as questionnaire } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import { responseScores } from '@encuestas/core/survey-kinds/response-scores';
import { CATALOGS } from '../packages/server/src/db/seed/reference';
import { heldCapacity, openHeldContent, sealHeldResponse } from '../packages/server/src/features/responses/held-seal';
import { machine } from './report';

const index = process.argv.indexOf('--seals');
const SEALS = index > 0 ? Number(process.argv[index + 1]) : 20_000;
const key = createSecretKey(randomBytes(32));
const catalogs: Catalogs = {
  ...Object.fromEntries(Object.entries(CATALOGS).map(([name, entries]) => [name, entries.map((e) => ({ value: e.code, label: e.name }))])),
  ...MX_GEO_CATALOGS,
};
const random = seededRandom(17);
const submissions = Array.from({ length: SEALS }, () => {
  const answers = { ...syntheticAnswers(questionnaire, catalogs, random), comments: 'Explica con claridad. '.repeat(Math.floor(random() * 40)) };
  const binding = { id: randomUUID(), surveyKind: 'alumnos/evaluacionDocente', questionnaireId: questionnaire.id, questionnaireVersion: questionnaire.version, activeId: 1, cycleId: 2, classId: 3 };
  return { binding, answers, scores: responseScores('alumnos/evaluacionDocente', '3', answers) };
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seal: number[] = [];
const open: number[] = [];
for (let run = 0; run < 3; run++) {
  let start = performance.now();
  const sealed = submissions.map(({ binding, answers, scores }) => ({
    ...binding,
    campusId: 1,
    periodoId: 1,
    plan: null,
    grupo: null,
    teacherId: null,
    sealed: sealHeldResponse(key, binding, { submittedOn: '2026-11-26', answers, scores }, heldCapacity(questionnaire, catalogs, scores)),
  }));
  seal.push(((performance.now() - start) * 1000) / SEALS);
  start = performance.now();
  for (const row of sealed) openHeldContent(key, row);
  open.push(((performance.now() - start) * 1000) / SEALS);
}
const spread = (values: number[]) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
console.log(`${new Date().toISOString().slice(0, 10)} · ${machine()} · ${SEALS} teacher evaluations a run, 3 runs`);
console.log(`seal (capacity, encode, AES-256-GCM): median ${median(seal).toFixed(1)} µs (${spread(seal)})`);
console.log(`open (AES-256-GCM, decode): median ${median(open).toFixed(1)} µs (${spread(open)})`);
