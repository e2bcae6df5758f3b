import type { AnswerValue, Answers } from '@encuestas/core/survey-engine/types';
import { useStaticClass } from '../../components/static-style';
import { scaleOptions, type ScaleItem } from './item-inputs';
import { MATRIX_CELL_WIDTH, ScaleGroup } from './scale-group';
import type { ItemErrors } from '../step-navigation';

export interface MatrixIds {
  labelId: string;
  helpId: string;
  errorId: string;
}

interface ScaleMatrixProps {
  items: readonly ScaleItem[];
  firstNumber: number;
  /** A desktop: the scale's labels once as column headers, a question per row; a phone: a compact list, each question over its own labelled scale row. */
  wide: boolean;
  ids: (itemId: string) => MatrixIds;
  answers: Answers;
  errors: ItemErrors;
  onChange: (itemId: string, value: AnswerValue) => void;
}

/**
 * The matrix's look in one style rule, its parts plain elements under it (as
 * question-block.tsx): a section of frequency items draws a row per question,
 * and as a Paper with four Boxes and four Typographies a row they were redrawn
 * with every answer. Same look: an outlined paper, the theme's body1 and
 * body2 texts; `data-wide` lays it out as a table with a header.
 */
const MATRIX_SX = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  overflow: 'hidden',
  bgcolor: 'background.paper',
  color: 'text.primary',
  '& > .m-head': { display: 'none', gap: 0.75, px: 2, py: 1, bgcolor: 'grey.100' },
  '&[data-wide="true"] > .m-head': { display: 'flex' },
  '& > .m-head > .m-space': { flex: 1 },
  '& > .m-head > span': { typography: 'body2', width: MATRIX_CELL_WIDTH, textAlign: 'center', fontWeight: 600 },
  '& > .m-head > span.not-applicable': { ml: 1.5 },
  '& > .m-row': { display: 'block', px: 1.5, py: 1.25, borderColor: 'divider', scrollMarginTop: 64, scrollMarginBottom: 96 },
  // On a phone the card has no header: the first question needs no line above it.
  '& > .m-row + .m-row, &[data-wide="true"] > .m-row': { borderTop: 1, borderColor: 'divider' },
  '&[data-wide="true"] > .m-row': { display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1 },
  '& > .m-row[data-invalid="true"]': { bgcolor: 'rgba(211, 47, 47, 0.06)' },
  '& .m-text': { flex: 1, minWidth: 0, display: 'flex', gap: 1, mb: 0.75 },
  '&[data-wide="true"] .m-text': { mb: 0 },
  '& .m-number': { typography: 'body1', fontWeight: 700, color: 'text.secondary', minWidth: '1.6em' },
  '& .m-text p': { m: 0 },
  '& .m-label': { typography: 'body1', fontWeight: 600, lineHeight: 1.35 },
  '& .m-help': { typography: 'body2', color: 'text.secondary' },
  '& .m-error': { typography: 'body2', color: 'error.main', fontWeight: 600 },
} as const;

/**
 * Questions on the same scale as one matrix, each question its own
 * radiogroup named by its question. On a wide screen: the scale's labels once
 * at the top (for the eye only), a question per row. On a phone: one card
 * for the run, a question per compact entry with its scale row under it
 * (the labels in the cells), dividers instead of a card per question, so a
 * section of frequency items reads in a few swipes.
 */
export function ScaleMatrix({ items, firstNumber, wide, ids, answers, errors, onChange }: ScaleMatrixProps) {
  const { options, notApplicable } = scaleOptions(items[0]!);
  return (
    <div className={useStaticClass(MATRIX_SX)} data-wide={wide}>
      <div aria-hidden className="m-head">
        <div className="m-space" />
        {[...options, ...(notApplicable ? [notApplicable] : [])].map((option) => (
          <span key={option.value} className={option === notApplicable ? 'not-applicable' : undefined}>
            {option.label}
          </span>
        ))}
      </div>
      {items.map((item, position) => {
        const { labelId, helpId, errorId } = ids(item.id);
        const itemErrors = errors[item.id] ?? [];
        const invalid = itemErrors.length > 0;
        const describedBy = [item.help ? helpId : null, invalid ? errorId : null].filter(Boolean).join(' ');
        return (
          <div key={item.id} data-item-id={item.id} className="m-row" data-invalid={invalid || undefined}>
            <div className="m-text">
              <span aria-hidden className="m-number">
                {firstNumber + position}.
              </span>
              <div>
                <p id={labelId} className="m-label">
                  {item.text}
                </p>
                {item.help ? (
                  <p id={helpId} className="m-help">
                    {item.help}
                  </p>
                ) : null}
                {invalid ? (
                  <p id={errorId} className="m-error">
                    {itemErrors.join('. ')}
                  </p>
                ) : null}
              </div>
            </div>
            <ScaleGroup
              inMatrix={wide}
              options={options}
              notApplicable={notApplicable}
              value={typeof answers[item.id] === 'string' ? (answers[item.id] as string) : undefined}
              onChange={(value) => onChange(item.id, value)}
              labelledBy={labelId}
              describedBy={describedBy}
              invalid={invalid}
              required={item.required !== false}
            />
          </div>
        );
      })}
    </div>
  );
}
