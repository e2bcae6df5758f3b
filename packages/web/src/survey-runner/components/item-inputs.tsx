import { lazy, Suspense } from 'react';
import {
  FREQUENCY_LABELS,
  FREQUENCY_VALUES,
  RATING_LABELS,
  RATING_VALUES,
  YES_NO_LABELS,
  YES_NO_VALUES,
  type AnswerValue,
  type Answers,
  type Catalogs,
  type ChoiceItem,
  type FrequencyItem,
  type Item,
  type NumberItem,
  type TextItem,
  type RatingItem,
  type YesNoItem,
} from '@encuestas/core/survey-engine/types';
import { OptionCardGroup, type OptionCard } from '../../components/option-card-group';
import { ScaleGroup } from './scale-group';
import { LONG_LIST_THRESHOLD, optionsFor } from '../catalog-options';
import { Skeleton, Text } from '../../components/light-ui';

// Only the new-intake survey has lists long enough for a search field; its code loads then.
const CatalogAutocomplete = lazy(() => import('./catalog-autocomplete'));
// Text fields (MUI's TextField is about 17 kB gz) load with the first step that asks for text or a number.
const LazyTextInput = lazy(() => import('./text-inputs').then((m) => ({ default: m.TextInput })));
const LazyNumberInput = lazy(() => import('./text-inputs').then((m) => ({ default: m.NumberInput })));

export function TextInput(props: ItemInputProps<TextItem>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
      <LazyTextInput {...props} />
    </Suspense>
  );
}

export function NumberInput(props: ItemInputProps<NumberItem>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={56} width={200} />}>
      <LazyNumberInput {...props} />
    </Suspense>
  );
}

export interface ItemInputProps<I extends Item = Item> {
  item: I;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  answers: Answers;
  catalogs: Catalogs;
  /** id of the input (text, number, search field) the question's label points at. */
  inputId: string;
  labelId: string;
  describedBy: string;
  invalid: boolean;
  required: boolean;
}

const asString = (value: AnswerValue | undefined) => (typeof value === 'string' ? value : undefined);

export type ScaleItem = RatingItem | FrequencyItem;

/** The ordered points of a scale item, and 'No aplica' apart when the item offers it. */
export function scaleOptions(item: ScaleItem): { options: OptionCard[]; notApplicable?: OptionCard } {
  if (item.type === 'frequency') return { options: FREQUENCY_VALUES.map((v) => ({ value: v, label: FREQUENCY_LABELS[v] })) };
  const options = RATING_VALUES.filter((v) => v !== 'na').map((v) => ({ value: v, label: RATING_LABELS[v] }));
  return item.allowNa === false ? { options } : { options, notApplicable: { value: 'na', label: RATING_LABELS.na } };
}

export function isScaleItem(item: Item): item is ScaleItem {
  return item.type === 'rating' || item.type === 'frequency';
}

/** Rating and frequency items: one ordered row of cells, 'No aplica' apart. */
export function ScaleInput({ item, value, onChange, labelId, describedBy, invalid, required }: ItemInputProps<ScaleItem>) {
  return (
    <ScaleGroup
      {...scaleOptions(item)}
      value={asString(value)}
      onChange={onChange}
      labelledBy={labelId}
      describedBy={describedBy}
      invalid={invalid}
      required={required}
    />
  );
}

export function YesNoInput({ value, onChange, labelId, describedBy, invalid, required }: ItemInputProps<YesNoItem>) {
  return (
    <OptionCardGroup
      options={YES_NO_VALUES.map((v) => ({ value: v, label: YES_NO_LABELS[v] }))}
      value={asString(value)}
      onChange={onChange}
      labelledBy={labelId}
      describedBy={describedBy}
      invalid={invalid}
      required={required}
      columns={{ xs: 2 }}
    />
  );
}

export function ChoiceInput(props: ItemInputProps<ChoiceItem>) {
  const { item, value, onChange, answers, catalogs, labelId, describedBy, invalid, required } = props;
  const { options, waitingForParent } = optionsFor(item, catalogs, answers);
  if (waitingForParent) {
    return (
      <Text color="textSecondary" sx={{ fontStyle: 'italic' }}>
        Primero responde la pregunta anterior.
      </Text>
    );
  }
  if (options.length > LONG_LIST_THRESHOLD) {
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
        <CatalogAutocomplete {...props} options={options} />
      </Suspense>
    );
  }
  if (item.type === 'multiple') {
    return (
      <OptionCardGroup
        multiple
        options={options}
        value={Array.isArray(value) ? value : []}
        onChange={(next) => onChange(next.length > 0 ? next : undefined)}
        labelledBy={labelId}
        describedBy={describedBy}
        invalid={invalid}
        columns={{ xs: 1, sm: 2 }}
      />
    );
  }
  return (
    <OptionCardGroup
      options={options}
      value={asString(value)}
      onChange={onChange}
      labelledBy={labelId}
      describedBy={describedBy}
      invalid={invalid}
      required={required}
      columns={{ xs: 1, sm: 2 }}
    />
  );
}

