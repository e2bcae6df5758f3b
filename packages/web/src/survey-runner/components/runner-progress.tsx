import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface RunnerProgressProps {
  /** The questionnaire's title; names the form. */
  title: string;
  titleId: string;
  /** 'Paso 2 de 5' or 'Revisión final'. */
  stepLabel: string;
  answered: number;
  total: number;
}

/** Above every step: the questionnaire, where the respondent is and how many questions are answered. */
export function RunnerProgress({ title, titleId, stepLabel, answered, total }: RunnerProgressProps) {
  const questionsLabel = `${answered} de ${total} preguntas respondidas`;
  return (
    <Box>
      <Typography id={titleId} variant="body2" color="textSecondary" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }} aria-live="polite">
          {stepLabel}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {questionsLabel}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={total > 0 ? (answered / total) * 100 : 0}
        color="secondary"
        aria-label={questionsLabel}
        sx={{ mt: 0.75, height: 8, borderRadius: 4, bgcolor: 'grey.300', '& .MuiLinearProgress-bar': { borderRadius: 4 } }}
      />
    </Box>
  );
}
