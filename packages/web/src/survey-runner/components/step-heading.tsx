import type { Ref } from 'react';
import { Alert, Box, Text } from '../../components/light-ui';

interface StepHeadingProps {
  title: string;
  intro?: string;
  /** The title takes the focus when the step changes. */
  headingRef: Ref<HTMLHeadingElement>;
  /** How many questions of the step still need an answer. */
  alert: string | null;
}

/** A step's title, its introduction and, after a failed check, what is missing. */
export function StepHeading({ title, intro, headingRef, alert }: StepHeadingProps) {
  return (
    <>
      <Box>
        <Text ref={headingRef} tabIndex={-1} variant="h2" component="h2" sx={{ fontSize: '1.35rem', outline: 'none' }}>
          {title}
        </Text>
        {intro ? (
          <Text color="textSecondary" sx={{ mt: 0.5 }}>
            {intro}
          </Text>
        ) : null}
      </Box>
      {alert ? (
        <Alert severity="error" role="alert">
          {alert}
        </Alert>
      ) : null}
    </>
  );
}
