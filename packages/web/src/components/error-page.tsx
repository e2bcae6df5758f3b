import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { BASE_PATH } from '../app/app-config';
import { isChunkLoadError, reloadOnceForStaleChunks } from '../app/preload-error';
import { usePageTitle } from '../hooks/use-page-title';
import { CenteredCardLayout } from './centered-card-layout';
import { describeRouteError } from './route-error';
import { LightButton, LightLinkButton } from './light-button';
import { Stack, Text } from './light-ui';

/**
 * The router's error element and the page for unmatched URLs (spec §2, §8):
 * 'Unexpected Application Error!' plus the status and text, or the message.
 */
export function ErrorPage() {
  const error = useRouteError();
  const { status, summary, explanation } = describeRouteError(error);
  usePageTitle(status === 404 ? 'Página no encontrada' : 'Error');

  useEffect(() => {
    // A chunk removed by a new deployment: one guarded reload usually fixes it.
    if (isChunkLoadError(error)) reloadOnceForStaleChunks();
  }, [error]);

  return (
    <CenteredCardLayout title="Unexpected Application Error!" width={520}>
      <Stack spacing={2}>
        <Text
          component="p"
          variant="h2"
          sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}
          data-testid="error-status"
        >
          {summary}
        </Text>
        <Text>{explanation}</Text>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {/* A full load: after an error, start again from a clean page. */}
          <LightLinkButton href={`${BASE_PATH}/`} variant="contained">
            Ir a la página de inicio
          </LightLinkButton>
          {status === undefined ? (
            <LightButton variant="outlined" onClick={() => window.location.reload()}>
              Recargar la página
            </LightButton>
          ) : null}
        </Stack>
      </Stack>
    </CenteredCardLayout>
  );
}
