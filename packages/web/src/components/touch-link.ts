/**
 * A link in running text that is still a 44×44 px tap target on a phone: an
 * atomic inline box as tall as a finger (it moves whole to the next line
 * rather than breaking), so the sentence reads the same.
 */
export const touchLinkSx = { display: 'inline-flex', alignItems: 'center', minHeight: 44, verticalAlign: 'middle' } as const;
