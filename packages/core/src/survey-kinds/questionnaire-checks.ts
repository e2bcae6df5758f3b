/**
 * Structural checks of a questionnaire written as data, beyond what the
 * types catch: unique camelCase ids, gates and catalogue parents that point
 * to an earlier item and to values it can take, catalogue names that exist,
 * text limits of spec §5. Returns readable problems (empty when sound).
 */
import { questionType } from '../survey-engine/question-types/registry';
import type { Gate, Item, Questionnaire } from '../survey-engine/types';

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

export function questionnaireProblems(questionnaire: Questionnaire, allowedCatalogs: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const earlier = new Map<string, Item>();
  const sectionIds = new Set<string>();

  const checkGate = (gate: Gate | undefined, where: string) => {
    if (!gate) return;
    const conditions = 'anyOf' in gate ? gate.anyOf : gate.allOf;
    if (conditions.length === 0) problems.push(`${where}: empty gate`);
    for (const condition of conditions) {
      const target = earlier.get(condition.item);
      if (!target) {
        problems.push(`${where}: gate refers to ${condition.item}, which is not an earlier item`);
        continue;
      }
      const values = questionType(target).gateValues(target);
      for (const value of condition.in) {
        if (values && !values.includes(value)) problems.push(`${where}: gate value ${String(value)} is not an answer of ${target.id}`);
      }
    }
  };

  if (!questionnaire.title.trim()) problems.push('questionnaire without title');
  if (questionnaire.instructions.length === 0) problems.push('questionnaire without instructions');
  if (questionnaire.sections.length === 0) problems.push('questionnaire without sections');

  for (const section of questionnaire.sections) {
    if (sectionIds.has(section.id)) problems.push(`section ${section.id}: duplicate id`);
    sectionIds.add(section.id);
    if (!section.title.trim()) problems.push(`section ${section.id}: no title`);
    if (section.items.length === 0) problems.push(`section ${section.id}: no items`);
    checkGate(section.gate, `section ${section.id}`);

    for (const item of section.items) {
      const where = `item ${item.id}`;
      if (!CAMEL_CASE.test(item.id)) problems.push(`${where}: id is not camelCase`);
      if (earlier.has(item.id)) problems.push(`${where}: duplicate id`);
      if (!item.text.trim()) problems.push(`${where}: no text`);
      checkGate(item.gate, where);

      for (const problem of questionType(item).structureProblems(item, { earlier, allowedCatalogs })) problems.push(`${where}: ${problem}`);
      earlier.set(item.id, item);
    }
  }
  return problems;
}
