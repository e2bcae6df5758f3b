import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { LOADING_ANIMATION_DELAY_MS } from './loading-delay';

/** False until `delayMs` has passed since the calling component mounted. */
function useAfterDelay(delayMs = LOADING_ANIMATION_DELAY_MS): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return passed;
}

interface LoadingStatusProps {
  /** What is loading, in words: shown and announced at once. */
  text: string;
  /** The spinner's size in px. */
  size?: number;
  sx?: SxProps<Theme>;
}

/**
 * A part of a page while it loads: its text at once (a status, announced), and
 * a spinner beside it only if the wait outlasts LOADING_ANIMATION_DELAY_MS;
 * until then an empty box of the spinner's size keeps the text in place.
 */
export function LoadingStatus({ text, size = 28, sx }: LoadingStatusProps) {
  const late = useAfterDelay();
  return (
    <Stack role="status" direction="row" spacing={2} sx={[{ justifyContent: 'center', alignItems: 'center', py: 6 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {late ? <CircularProgress size={size} aria-hidden="true" /> : <Box sx={{ width: size, height: size, flexShrink: 0 }} />}
      <Typography>{text}</Typography>
    </Stack>
  );
}
