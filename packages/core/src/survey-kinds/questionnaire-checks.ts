/**
 * Structural checks of a questionnaire written as data, beyond what the
 * types catch: unique camelCase ids, gates and catalogue parents that point
 * to an earlier item and to values it can take, catalogue names that exist,
 * text limits of spec §5. Returns readable problems (empty when sound).
 */
import {
  FREQUENCY_VALUES,
  RATING_VALUES,
  TEXT_LIMITS,
  YES_NO_VALUES,
  type Gate,
  type Item,
  type Questionnaire,
} from '../survey-engine/types';

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/** The values an item's answer can hold, or null when they come from a catalogue or are free. */
function knownValues(item: Item): readonly (string | number)[] | null {
  switch (item.type) {
    case 'rating':
      return item.allowNa === false ? RATING_VALUES.filter((v) => v !== 'na') : RATING_VALUES;
    case 'frequency':
      return FREQUENCY_VALUES;
    case 'yesNo':
      return YES_NO_VALUES;
    case 'single':
    case 'multiple':
      return item.options ? item.options.map((o) => o.value) : null;
    case 'text':
    case 'number':
      return null;
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}

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
      const values = knownValues(target);
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

      if (item.type === 'text' && !(TEXT_LIMITS as readonly number[]).includes(item.maxLength)) {
        problems.push(`${where}: text limit ${item.maxLength} is not one of ${TEXT_LIMITS.join(', ')}`);
      }
      if (item.type === 'single' || item.type === 'multiple') {
        if (Boolean(item.options) === Boolean(item.catalog)) problems.push(`${where}: give either options or a catalog`);
        if (item.options) {
          const values = item.options.map((o) => o.value);
          if (values.length < 2) problems.push(`${where}: fewer than two options`);
          if (new Set(values).size !== values.length) problems.push(`${where}: duplicate option values`);
        }
        if (item.segment !== undefined && (item.type !== 'single' || item.required === false || item.gate)) {
          problems.push(`${where}: a segment must be a required single choice asked of everyone`);
        }
        if (item.catalog && !allowedCatalogs.has(item.catalog)) problems.push(`${where}: unknown catalog ${item.catalog}`);
        if (item.catalogParentItem !== undefined) {
          const parent = earlier.get(item.catalogParentItem);
          if (!item.catalog) problems.push(`${where}: catalogParentItem without catalog`);
          if (!parent || parent.type !== 'single') {
            problems.push(`${where}: catalogParentItem ${item.catalogParentItem} is not an earlier single choice`);
          }
        }
      }
      earlier.set(item.id, item);
    }
  }
  return problems;
}
