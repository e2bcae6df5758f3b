import { useStaticClass } from '../../../components/static-style';

/**
 * MUI's small Chip drawn as one span: the list draws one per survey and per
 * class, and a Chip is three styled parts. Same look (24 px high, rounded,
 * 0.8125rem).
 */
const CHIP_SX = {
  display: 'inline-flex',
  alignItems: 'center',
  height: 24,
  px: 1,
  borderRadius: 3,
  fontSize: '0.8125rem',
  lineHeight: 1,
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
  boxSizing: 'border-box',
} as const;
const DONE_SX = { ...CHIP_SX, bgcolor: 'success.main', color: 'success.contrastText' } as const;
const PENDING_SX = { ...CHIP_SX, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 600 } as const;

/** 'Pendiente' (yellow) or 'Respondida' (green). */
export function StatusChip({ done }: { done: boolean }) {
  return <span className={useStaticClass(done ? DONE_SX : PENDING_SX)}>{done ? 'Respondida' : 'Pendiente'}</span>;
}
