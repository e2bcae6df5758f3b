import { useCallback, useEffect, useId, useRef, type ChangeEvent, type InputHTMLAttributes, type MutableRefObject, type ReactNode, type Ref, type RefCallback } from 'react';
import type { LightTheme } from '../../app/light-theme';
import { useStaticClass, type StaticSx } from '../static-style';

export interface FieldFrameProps {
  /** The floating label; none when the control is labelled elsewhere (a question's text, by its id). */
  label?: string;
  /** The control's id (a generated one when absent). */
  id?: string;
  error?: boolean;
  helperText?: ReactNode;
  /** 'div' when the helper text holds block content. */
  helperTextComponent?: 'p' | 'div';
}

interface LightTextFieldProps extends FieldFrameProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  autoComplete?: string;
  autoFocus?: boolean;
  type?: string;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  /** Attributes of the <input> itself (inputMode, maxLength, enterKeyHint…). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
  /** More ids describing the control (a question's help and error), before the helper text's. */
  describedBy?: string;
  required?: boolean;
  /** The helper text is a counter ('12/500'): at the end of the line, under the box's edge. */
  counter?: boolean;
}

/** InputBase's line height (1.4375em): `rows` lines of it. */
const lines = (rows: number) => `${(rows * 1.4375).toFixed(4)}em`;

/**
 * MUI's outlined TextField drawn as plain elements under one style rule: a
 * <label> that floats into the border's notch once the field has focus or
 * text, the control, a <fieldset> whose <legend> cuts that notch (MUI's own
 * way), and the helper text. As FormControl, InputLabel, OutlinedInput,
 * NotchedOutline, InputBase and FormHelperText it was about a third of the
 * sign-in pages' first render on a phone (Lighthouse traces,
 * docs/benchmarks.md). Same sizes, colours and motion as MUI's.
 */
export const FIELD_SX = {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  minWidth: 0,
  '& > .field-box': {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    borderRadius: 1,
    cursor: 'text',
    typography: 'body1',
    lineHeight: '1.4375em',
    color: 'text.primary',
  },
  '& .field-box > input, & .field-box > textarea': {
    font: 'inherit',
    letterSpacing: 'inherit',
    color: 'currentColor',
    border: 0,
    boxSizing: 'content-box',
    background: 'none',
    m: 0,
    display: 'block',
    minWidth: 0,
    width: '100%',
    outline: 0,
    WebkitTapHighlightColor: 'transparent',
    '&:-webkit-autofill': { borderRadius: 'inherit' },
  },
  '& .field-box > input': { height: '1.4375em', padding: '16.5px 14px' },
  // A text area grows with its text by CSS (field-sizing) up to its most lines, where MUI's
  // TextareaAutosize measured a hidden copy of it in script on every render; browsers without
  // field-sizing keep its first lines and scroll.
  '& .field-box > textarea': { padding: '16.5px 14px', resize: 'none', fieldSizing: 'content' },
  '& > label': {
    position: 'absolute',
    left: 0,
    top: 0,
    zIndex: 1,
    typography: 'body1',
    lineHeight: '1.4375em',
    color: 'text.secondary',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    maxWidth: 'calc(100% - 24px)',
    transformOrigin: 'top left',
    transform: 'translate(14px, 16px) scale(1)',
    pointerEvents: 'none',
    transition: (t: LightTheme) => t.transitions.create(['color', 'transform', 'max-width'], { duration: t.transitions.duration.shorter, easing: t.transitions.easing.easeOut }),
  },
  '& fieldset': {
    position: 'absolute',
    inset: '-5px 0 0 0',
    m: 0,
    px: 1,
    py: 0,
    pointerEvents: 'none',
    borderRadius: 'inherit',
    borderStyle: 'solid',
    borderWidth: 1,
    borderColor: 'rgba(0, 0, 0, 0.23)',
    overflow: 'hidden',
    minWidth: '0%',
    textAlign: 'left',
  },
  '& legend': {
    float: 'unset',
    width: 'auto',
    overflow: 'hidden',
    display: 'block',
    p: 0,
    height: 11,
    fontSize: '0.75em',
    visibility: 'hidden',
    maxWidth: '0.01px',
    whiteSpace: 'nowrap',
    transition: (t: LightTheme) => t.transitions.create('max-width', { duration: 50, easing: t.transitions.easing.easeOut }),
  },
  '& legend > span': { px: '5px', display: 'inline-block', opacity: 0, visibility: 'visible' },
  '& > .field-helper': { typography: 'caption', lineHeight: 1.66, color: 'text.secondary', m: 0, mt: '3px', mx: '14px' },
  '@media (hover: hover)': { '& .field-box:hover fieldset': { borderColor: 'text.primary' } },
  // Floated: the field has focus or text.
  '&:focus-within > label, &[data-filled="true"] > label': { transform: 'translate(14px, -9px) scale(0.75)', maxWidth: 'calc(133% - 32px)', pointerEvents: 'auto' },
  '&:focus-within legend, &[data-filled="true"] legend': {
    maxWidth: '100%',
    transition: (t: LightTheme) => t.transitions.create('max-width', { duration: 100, easing: t.transitions.easing.easeOut, delay: 50 }),
  },
  '&:focus-within > label': { color: 'primary.main' },
  '&:focus-within fieldset, &:focus-within .field-box:hover fieldset': { borderColor: 'primary.main', borderWidth: 2 },
  '&[data-error="true"] > label, &[data-error="true"] > .field-helper': { color: 'error.main' },
  '&[data-error="true"] fieldset, &[data-error="true"] .field-box:hover fieldset': { borderColor: 'error.main' },
  '&[data-counter="true"] > .field-helper': { textAlign: 'right', mx: 0 },
  // No label: the border's notch never opens.
  '& legend:has(> .no-label), &:focus-within legend:has(> .no-label), &[data-filled="true"] legend:has(> .no-label)': { maxWidth: '0.01px' },
} as const;

const textareaRules = new Map<string, StaticSx>();
/** The field's rule with a text area's first and most lines (one rule per pair; a few are used). */
function textareaSx(minRows: number, maxRows: number | undefined): StaticSx {
  const key = `${minRows}:${maxRows ?? ''}`;
  let sx = textareaRules.get(key);
  if (!sx) {
    sx = {
      ...FIELD_SX,
      '& .field-box > textarea': { ...FIELD_SX['& .field-box > textarea'], minHeight: lines(minRows), ...(maxRows ? { maxHeight: lines(maxRows) } : {}) },
    };
    textareaRules.set(key, sx);
  }
  return sx;
}

/**
 * The outlined TextField's markup (label for the control, helper text as its
 * description) without TextField or MUI's input parts: see FIELD_SX.
 */
export function LightTextField({
  label,
  id: idOverride,
  error,
  helperText,
  helperTextComponent,
  htmlInput,
  autoFocus,
  inputRef,
  multiline,
  minRows,
  maxRows,
  value,
  onChange,
  type,
  autoComplete,
  describedBy,
  required,
  counter,
}: LightTextFieldProps) {
  const id = useId();
  const ownRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const ref = useBothRefs(ownRef, inputRef);
  // Focused in the next frame, not while the page renders as `autoFocus`
  // does: focusing forces a layout, which inside the first render added ~35 ms
  // to a phone's longest task (Lighthouse, 4× slower CPU); in the frame it is
  // the layout the browser does anyway. (An effect alone is not enough: Preact
  // runs it at once when the page renders again in the same task.)
  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => ownRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);
  const controlId = idOverride ?? id;
  const helperTextId = helperTextIdOf(controlId, helperText);
  const control = {
    id: controlId,
    value,
    onChange,
    autoComplete,
    'aria-invalid': error || undefined,
    'aria-required': required || undefined,
    'aria-describedby': [describedBy, helperTextId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <FieldFrame
      label={label}
      controlId={controlId}
      filled={value !== ''}
      error={error}
      helperText={helperText}
      helperTextComponent={helperTextComponent}
      counter={counter}
      sx={multiline ? textareaSx(minRows ?? 1, maxRows) : FIELD_SX}
    >
      {multiline ? (
        <textarea {...control} ref={ref as Ref<HTMLTextAreaElement>} rows={minRows ?? 1} maxLength={htmlInput?.maxLength} />
      ) : (
        <input {...htmlInput} {...control} ref={ref as Ref<HTMLInputElement>} type={type ?? 'text'} />
      )}
    </FieldFrame>
  );
}

/** The helper text's id for a control (its description). */
export const helperTextIdOf = (controlId: string, helperText: ReactNode) => (helperText ? `${controlId}-helper-text` : undefined);

/**
 * The outlined frame around a control (LightTextField, LightNativeSelect): the
 * floating label, the box with the control and its notched border, the helper
 * text. `filled` keeps the label up (text typed, or a select's always).
 */
export function FieldFrame({
  label,
  controlId,
  filled,
  error,
  helperText,
  helperTextComponent,
  counter,
  sx,
  children,
}: FieldFrameProps & { controlId: string; filled: boolean; counter?: boolean; sx: StaticSx; children: ReactNode }) {
  const HelperText = helperTextComponent ?? 'p';
  return (
    <div className={`MuiTextField-root ${useStaticClass(sx)}`} data-filled={filled} data-error={error || undefined} data-counter={counter || undefined}>
      {label ? (
        <label htmlFor={controlId} id={`${controlId}-label`}>
          {label}
        </label>
      ) : null}
      <div className="field-box">
        {children}
        <fieldset aria-hidden="true">
          {/* Without a label MUI's notch is a zero-width space: never opens. */}
          <legend>{label ? <span>{label}</span> : <span className="no-label">{'\u200b'}</span>}</legend>
        </fieldset>
      </div>
      {helperText ? (
        <HelperText id={helperTextIdOf(controlId, helperText)} className="field-helper">
          {helperText}
        </HelperText>
      ) : null}
    </div>
  );
}

/** One ref callback that sets both refs (MUI's useForkRef, whose module brought MUI's utilities into every form). */
function useBothRefs<T>(own: MutableRefObject<T | null>, other: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      own.current = node;
      if (typeof other === 'function') other(node);
      else if (other) (other as MutableRefObject<T | null>).current = node;
    },
    [own, other],
  );
}
