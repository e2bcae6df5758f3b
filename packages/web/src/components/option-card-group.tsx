import { useId, type ChangeEvent } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { useStaticClass, type StaticSx } from './static-style';
import { CheckBoxIcon, CheckBoxOutlineBlankIcon, CheckCircleIcon, RadioButtonUncheckedIcon } from './light-icons';

export interface OptionCard {
  value: string;
  label: string;
}

interface BaseProps {
  options: readonly OptionCard[];
  /** id of the element holding the question: the group's accessible name. */
  labelledBy: string;
  /** ids of the help and error texts. */
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** Cards per row on a phone and from 600 px. */
  columns?: { xs: number; sm?: number };
  disabled?: boolean;
}

interface SingleProps extends BaseProps {
  multiple?: false;
  value: string | undefined;
  onChange: (value: string) => void;
}

interface MultipleProps extends BaseProps {
  multiple: true;
  value: readonly string[];
  onChange: (value: string[]) => void;
}

export type OptionCardGroupProps = SingleProps | MultipleProps;

export const optionCardSx = {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  minHeight: 52,
  px: 1.5,
  py: 1,
  borderRadius: 2,
  border: '2px solid',
  borderColor: 'grey.400',
  bgcolor: 'background.paper',
  cursor: 'pointer',
  userSelect: 'none',
  lineHeight: 1.3,
  transition: 'background-color 120ms, border-color 120ms',
  '@media (hover: hover)': { '&:hover': { borderColor: 'primary.main' } },
  '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
  '&[data-checked="true"]': { bgcolor: 'secondary.main', borderColor: 'primary.main', fontWeight: 600 },
  '&[data-disabled="true"]': { opacity: 0.6, cursor: 'default' },
} satisfies SxProps<Theme>;

/**
 * The group's look in one style rule, its cards plain labels under it: a
 * question of twelve options drew 48 styled parts (Lighthouse traces,
 * docs/benchmarks.md).
 */
const GROUP_SX = {
  display: 'grid',
  gap: 1,
  '& > label': optionCardSx,
  '& > label > input': { position: 'absolute', inset: 0, width: '100%', height: '100%', m: 0, opacity: 0, cursor: 'inherit', zIndex: 1 },
  '& > label > svg': { flexShrink: 0, color: 'grey.600' },
  '& > label[data-checked="true"] > svg': { color: 'primary.main' },
} as const;

const groupRules = new Map<string, StaticSx>();
/** The group's rule with its cards per row (one rule per layout; a few are used). */
function groupSx(columns: { xs: number; sm?: number }): StaticSx {
  const key = `${columns.xs}:${columns.sm ?? columns.xs}`;
  let sx = groupRules.get(key);
  if (!sx) {
    sx = {
      ...GROUP_SX,
      gridTemplateColumns: {
        xs: `repeat(${columns.xs}, minmax(0, 1fr))`,
        sm: `repeat(${columns.sm ?? columns.xs}, minmax(0, 1fr))`,
      },
    };
    groupRules.set(key, sx);
  }
  return sx;
}

/**
 * Answer options as large cards that are native radio buttons (or
 * checkboxes) underneath: a tap anywhere on a card chooses it, Tab enters the
 * group, arrow keys move between the options of a radio group, Space
 * toggles, and screen readers hear a radiogroup named by the question. The
 * input covers its whole card (transparent), so a click at any point of the
 * card, by a finger or by a test, lands on the input itself.
 */
export function OptionCardGroup(props: OptionCardGroupProps) {
  const { options, labelledBy, describedBy, invalid, required, columns = { xs: 1 }, disabled } = props;
  const name = useId();
  const selected = new Set(props.multiple ? props.value : props.value === undefined ? [] : [props.value]);

  const toggle = (value: string, checked: boolean) => {
    if (props.multiple) {
      const next = checked ? [...props.value.filter((v) => v !== value), value] : props.value.filter((v) => v !== value);
      // Keep the options' order, whatever order they were ticked in.
      props.onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
    } else if (checked) {
      props.onChange(value);
    }
  };

  return (
    <div
      className={useStaticClass(groupSx(columns))}
      role={props.multiple ? 'group' : 'radiogroup'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={!props.multiple && required ? true : undefined}
    >
      {options.map((option) => {
        const checked = selected.has(option.value);
        const Icon = props.multiple ? (checked ? CheckBoxIcon : CheckBoxOutlineBlankIcon) : checked ? CheckCircleIcon : RadioButtonUncheckedIcon;
        return (
          <label key={option.value} data-checked={checked} data-disabled={disabled || undefined}>
            <input
              type={props.multiple ? 'checkbox' : 'radio'}
              name={name}
              value={option.value}
              checked={checked}
              disabled={disabled}
              aria-invalid={invalid || undefined}
              onChange={(event: ChangeEvent<HTMLInputElement>) => toggle(option.value, event.target.checked)}
            />
            <Icon fontSize="small" aria-hidden />
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
