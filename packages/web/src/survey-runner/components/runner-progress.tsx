import { useStaticClass } from '../../components/static-style';

interface RunnerProgressProps {
  /** The questionnaire's title; names the form. */
  title: string;
  titleId: string;
  /** 'Paso 2 de 5' or 'Revisión final'. */
  stepLabel: string;
  answered: number;
  total: number;
}

/**
 * In one style rule, plain elements under it (as question-block.tsx), with
 * the bar drawn as MUI's determinate LinearProgress (8 px, rounded, the
 * secondary colour on grey): LinearProgress was one more file for every form
 * page once the navigation bar stopped using it (docs/benchmarks.md).
 */
const PROGRESS_SX = {
  '& p': { typography: 'body2', m: 0 },
  '& .progress-title': { color: 'text.secondary', fontWeight: 600 },
  '& .progress-row': { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mt: 1 },
  '& .progress-step': { fontWeight: 700 },
  '& .progress-count': { color: 'text.secondary' },
  '& .progress-track': { mt: 0.75, height: 8, borderRadius: 4, bgcolor: 'grey.300', overflow: 'hidden', position: 'relative' },
  '& .progress-bar': {
    position: 'absolute',
    inset: 0,
    borderRadius: 4,
    bgcolor: 'secondary.main',
    transition: 'transform .4s linear',
  },
} as const;

/** Above every step: the questionnaire, where the respondent is and how many questions are answered. */
export function RunnerProgress({ title, titleId, stepLabel, answered, total }: RunnerProgressProps) {
  const questionsLabel = `${answered} de ${total} preguntas respondidas`;
  const percent = total > 0 ? Math.round((answered / total) * 100) : 0;
  return (
    <div className={useStaticClass(PROGRESS_SX)}>
      <p id={titleId} className="progress-title">
        {title}
      </p>
      <div className="progress-row">
        <p className="progress-step" aria-live="polite">
          {stepLabel}
        </p>
        <p className="progress-count">{questionsLabel}</p>
      </div>
      <div className="progress-track" role="progressbar" aria-label={questionsLabel} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <div className="progress-bar" style={{ transform: `translateX(${percent - 100}%)` }} />
      </div>
    </div>
  );
}
