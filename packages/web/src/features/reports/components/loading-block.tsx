import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A report part while it loads (announced to screen readers). */
export function LoadingBlock({ text }: { text: string }) {
  return (
    <Stack role="status" direction="row" spacing={2} sx={{ justifyContent: 'center', alignItems: 'center', py: 6 }}>
      <CircularProgress size={28} aria-hidden="true" />
      <Typography>{text}</Typography>
    </Stack>
  );
}

