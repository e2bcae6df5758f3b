import type { ReactNode } from 'react';
import type { Item } from '@encuestas/core/survey-engine/types';
import { useStaticClass } from '../../components/static-style';

interface QuestionBlockProps {
  item: Item;
  /** Position among the questions shown, for orientation (not part of the accessible name). */
  number: number;
  labelId: string;
  helpId: string;
  errorId: string;
  /** The question is the label of a text field (true) or names a group of option cards (false). */
  inputId?: string;
  errors: readonly string[];
  required: boolean;
  children: ReactNode;
}

/**
 * A question's look in one style rule, its parts plain elements under it: a
 * step draws a dozen questions, and as a Paper with Boxes and four
 * Typographies each they were most of the form's first render on a phone
 * (Lighthouse traces, docs/benchmarks.md). Same look: an outlined paper
 * (2 px red when invalid), the theme's body1 and body2 texts.
 */
const BLOCK_SX = {
  p: 2,
  borderRadius: 2,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  color: 'text.primary',
  scrollMarginTop: 16,
  scrollMarginBottom: 96,
  '& > .q-head': { display: 'flex', gap: 1, mb: 1.5 },
  '& > .q-head.with-help': { mb: 0.5 },
  '& > .q-head > .q-number': { typography: 'body1', fontWeight: 700, color: 'text.secondary', minWidth: '1.6em' },
  '& > .q-head .q-text': { typography: 'body1', m: 0, fontWeight: 600, fontSize: '1.05rem', lineHeight: 1.35, display: 'block' },
  '& > .q-head .q-optional': { typography: 'body2', color: 'text.secondary' },
  '& > .q-help': { typography: 'body2', color: 'text.secondary', m: 0, mb: 1.5 },
  '& > .q-error': { typography: 'body2', color: 'error.main', m: 0, mt: 1, fontWeight: 600 },
} as const;
const INVALID_BLOCK_SX = { ...BLOCK_SX, border: 2, borderColor: 'error.main' } as const;

/** One question: its text (the accessible name of its answer), help, the input and its messages. */
export function QuestionBlock({ item, number, labelId, helpId, errorId, inputId, errors, required, children }: QuestionBlockProps) {
  const invalid = errors.length > 0;
  return (
    <div data-item-id={item.id} className={useStaticClass(invalid ? INVALID_BLOCK_SX : BLOCK_SX)}>
      <div className={item.help ? 'q-head with-help' : 'q-head'}>
        <span aria-hidden className="q-number">
          {number}.
        </span>
        <div>
          {inputId ? (
            <label id={labelId} htmlFor={inputId} className="q-text">
              {item.text}
            </label>
          ) : (
            <p id={labelId} className="q-text">
              {item.text}
            </p>
          )}
          {required ? null : <span className="q-optional">Opcional</span>}
        </div>
      </div>
      {item.help ? (
        <p id={helpId} className="q-help">
          {item.help}
        </p>
      ) : null}
      {children}
      {invalid ? (
        <p id={errorId} className="q-error">
          {errors.join('. ')}
        </p>
      ) : null}
    </div>
  );
}
