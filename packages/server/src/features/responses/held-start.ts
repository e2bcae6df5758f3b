/**
 * Held answers at start-up: seals the rows an older version held in clear,
 * and refuses to start with a key that does not open the held rows (a
 * misconfigured key would otherwise make every mover run fail, and a lost
 * one must be an operator's decision, not a silent deletion).
 */
import type { KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { findQuestionnaire } from '@encuestas/core/survey-kinds/registry';
import { queryRows, type Database } from '../../db/client';
import { heldResponses } from '../../db/schema';
import { loadCatalogs } from '../catalogs/service';
import { heldCapacity, HeldAnswersKeyError, openHeldContent, sealHeldResponse } from './held-seal';
import { MOVER_LOCK_KEY } from './mover';

/** Capacity for a questionnaire this version no longer defines: larger answer sets go to a multiple of it. */
const UNKNOWN_QUESTIONNAIRE_CAPACITY = 8192;

interface UnsealedRow {
  id: string;
  survey_kind: string;
  questionnaire_id: string;
  questionnaire_version: number;
  active_id: number;
  ciclo_id: number;
  campus_id: number;
  periodo_id: number;
  plan: string | null;
  grupo: string | null;
  teacher_id: number | null;
  class_id: number | null;
  submitted_on: string;
  answers: unknown;
  scores: Record<string, unknown> | null;
}

/**
 * Migration 0017 moved the rows an older version held in clear to
 * `held_response_unsealed`: they are sealed into `held_response` (the key is
 * not in SQL's reach) and the table is dropped, which takes its files, dead
 * tuples included, off the disk. Under the mover's lock, so two starts do it
 * once. Answers how many rows were sealed.
 */
export async function sealHeldLeftInClear(db: Database, key: KeyObject): Promise<number> {
  const present = async (tx: Database) =>
    (await queryRows<{ present: boolean }>(tx, sql`select to_regclass('held_response_unsealed') is not null as present`))[0]!.present;
  if (!(await present(db))) return 0;
  const catalogs = await loadCatalogs(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MOVER_LOCK_KEY}::bigint)`);
    if (!(await present(tx))) return 0;
    const rows = await queryRows<UnsealedRow>(tx, sql`select id, survey_kind, questionnaire_id, questionnaire_version, active_id, ciclo_id, campus_id, periodo_id,
        plan, grupo, teacher_id, class_id, submitted_on::text as submitted_on, answers, scores from held_response_unsealed`);
    const sealed = rows.map((row) => {
      const clear = {
        id: row.id,
        surveyKind: row.survey_kind,
        questionnaireId: row.questionnaire_id,
        questionnaireVersion: row.questionnaire_version,
        activeId: row.active_id,
        cycleId: row.ciclo_id,
        campusId: row.campus_id,
        periodoId: row.periodo_id,
        plan: row.plan,
        grupo: row.grupo,
        teacherId: row.teacher_id,
        classId: row.class_id,
      };
      const questionnaire = findQuestionnaire(row.questionnaire_id)?.questionnaire;
      const capacity = questionnaire ? heldCapacity(questionnaire, catalogs, row.scores) : UNKNOWN_QUESTIONNAIRE_CAPACITY;
      const content = { submittedOn: row.submitted_on, answers: row.answers, scores: row.scores };
      return { ...clear, sealed: sealHeldResponse(key, clear, content, capacity) };
    });
    for (let i = 0; i < sealed.length; i += 500) await tx.insert(heldResponses).values(sealed.slice(i, i + 500));
    await tx.execute(sql`drop table held_response_unsealed`);
    return rows.length;
  });
}

export class HeldKeyMismatchError extends Error {
  constructor(held: number) {
    super(
      `HELD_ANSWERS_KEY does not open the ${held} held responses in the database (answers not yet published). ` +
        'Start with the key they were sealed with (HELD_ANSWERS_KEY, or the file KEYS_DIR/held-answers-key). ' +
        'If that key is lost, so are those answers: delete them (DELETE FROM held_response) and start again (docs/privacy.md, "A copy of the disk").',
    );
  }
}

/** Refuses a key that does not open the held rows; one row tells, since every start checks before sealing any. */
export async function checkHeldKey(db: Database, key: KeyObject): Promise<void> {
  const [row] = await db.select().from(heldResponses).limit(1);
  if (!row) return;
  try {
    openHeldContent(key, row);
  } catch (error) {
    if (!(error instanceof HeldAnswersKeyError)) throw error;
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from held_response`)) as [{ n: number }];
    throw new HeldKeyMismatchError(n);
  }
}

/** Both, at every start of the server. */
export async function prepareHeldResponses(db: Database, key: KeyObject): Promise<void> {
  await checkHeldKey(db, key);
  await sealHeldLeftInClear(db, key);
}
