import unitless from '@emotion/unitless';

/**
 * The light components' own style sheet: a style object (MUI's `sx` once
 * resolved against the theme: CSS properties in camelCase, nested selectors
 * with `&`, at-rules) written as CSS rules under a class name, and inserted
 * once. Emotion did that through its serializer, a hash and stylis's parser,
 * prefixer and stringifier: a tenth of a respondent page's script time on a
 * phone (docs/benchmarks.md). Same output as stylis for what the components
 * write: a rule's declarations first, then its nested rules and at-rules in
 * order; numbers in px but for unitless properties (emotion's list).
 */

export type StyleObject = { [key: string]: StyleValue };
type StyleValue = string | number | boolean | null | undefined | StyleObject | readonly (string | number)[];

/** Properties some phones' browsers still want with -webkit- too (Safari on iOS before 2024 among them). */
const WEBKIT_TOO = new Set(['user-select', 'appearance', 'text-size-adjust', 'backdrop-filter', 'mask', 'mask-image', 'box-decoration-break', 'hyphens']);

const kebab = (property: string) => (property.startsWith('--') ? property : property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/^ms-/, '-ms-'));

function declarations(property: string, value: string | number): string[] {
  const name = kebab(property);
  const text = typeof value === 'number' && value !== 0 && !(unitless as Record<string, number>)[property] && !name.startsWith('--') ? `${value}px` : String(value);
  if (WEBKIT_TOO.has(name)) return [`-webkit-${name}:${text}`, `${name}:${text}`];
  // Sticky bars (the form's Anterior / Siguiente) on Safari before 13.
  if (name === 'position' && text === 'sticky') return ['position:-webkit-sticky', 'position:sticky'];
  return [`${name}:${text}`];
}

/** The top-level comma-separated parts of a selector list (a comma inside parentheses stays). */
function selectorList(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts;
}

/** A nested key under its parent's selector: `&` is the parent, a key without it a descendant. */
function nestedSelector(parent: string, key: string): string {
  const parents = selectorList(parent);
  return selectorList(key)
    .flatMap((child) => parents.map((each) => (child.includes('&') ? child.replaceAll('&', each) : `${each} ${child}`)))
    .join(',');
}

/**
 * The CSS rules of `style` under `selector`, each a string insertRule takes.
 * An array (MUI's sx of several parts) is one style: all its parts'
 * declarations in one rule, then their nested rules, as stylis writes it.
 */
export function cssRules(selector: string, style: StyleObject | readonly StyleObject[]): string[] {
  const own: string[] = [];
  const rules: string[] = [];
  for (const part of Array.isArray(style) ? style : [style]) {
    for (const [key, value] of Object.entries(part as StyleObject)) {
      if (value == null || typeof value === 'boolean') continue;
      if (Array.isArray(value)) for (const fallback of value as readonly (string | number)[]) own.push(...declarations(key, fallback));
      else if (typeof value === 'object') {
        if (key.startsWith('@')) rules.push(`${key}{${cssRules(selector, value as StyleObject).join('')}}`);
        else rules.push(...cssRules(nestedSelector(selector, key), value as StyleObject));
      } else own.push(...declarations(key, value as string | number));
    }
  }
  return own.length ? [`${selector}{${own.join(';')}}`, ...rules] : rules;
}

let element: HTMLStyleElement | undefined;
let made = 0;
/** Keyframes asked for before the page had a sheet (a module's top level): inserted with the first rule. */
const pendingKeyframes: string[] = [];

/**
 * A style's rules into the sheet: through insertRule in production builds
 * (as emotion's "speedy" mode; the browser parses only the rule), as the
 * text of a <style> of their own elsewhere, which the test DOM reads for
 * computed styles.
 */
function insertRules(rules: readonly string[]): void {
  if (!element) {
    element = document.createElement('style');
    element.dataset.light = '';
    document.head.append(element);
    insertRules(pendingKeyframes.splice(0));
  }
  if (!import.meta.env.PROD) {
    // A <style> a style, as emotion outside production: the test DOM parses each once (text added to one
    // element made it parse the whole sheet again at every rule: component tests 100 → 300 s).
    const own = document.createElement('style');
    own.dataset.light = '';
    own.textContent = rules.join('');
    document.head.append(own);
    return;
  }
  for (const rule of rules) {
    try {
      element.sheet!.insertRule(rule, element.sheet!.cssRules.length);
    } catch {
      // A rule this browser does not understand (a prefixed pseudo-class elsewhere): left out, as emotion does.
    }
  }
}

/** A new class name for `style`, its rules inserted. */
export function insertStyle(style: StyleObject | readonly StyleObject[]): string {
  const className = `lc-${(made++).toString(36)}`;
  insertRules(cssRules(`.${className}`, style));
  return className;
}

/**
 * Rules for the whole page (a style object of selectors, MUI's CssBaseline's
 * kind): a rule per selector, at-rules around theirs; an array's parts in
 * order.
 */
export function globalRules(style: StyleObject | readonly StyleObject[]): string[] {
  return (Array.isArray(style) ? style : [style]).flatMap((part: StyleObject) =>
    Object.entries(part).flatMap(([selector, value]) => {
      if (value == null || typeof value !== 'object' || Array.isArray(value)) return [];
      return selector.startsWith('@') ? [`${selector}{${globalRules(value as StyleObject).join('')}}`] : cssRules(selector, value as StyleObject);
    }),
  );
}

/** Inserts rules for the whole page (globalRules). */
export function insertGlobalStyle(style: StyleObject | readonly StyleObject[]): void {
  insertRules(globalRules(style));
}

const keyframesMade = new Set<string>();

/** `@keyframes name { frames }` inserted once; its name for an `animation`. */
export function keyframes(name: string, frames: string): string {
  if (!keyframesMade.has(name)) {
    keyframesMade.add(name);
    const rule = `@keyframes ${name}{${frames}}`;
    if (element) insertRules([rule]);
    else pendingKeyframes.push(rule);
  }
  return name;
}
