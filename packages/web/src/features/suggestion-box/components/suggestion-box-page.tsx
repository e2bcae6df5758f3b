import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/api-error';
import { RespondentPageLayout } from '../../../components/respondent-page-layout';
import { usePageTitle } from '../../../hooks/use-page-title';
import { suggestionDraftKey } from '../suggestion-draft';
import { useRespondent } from '../../../hooks/use-respondent';
import { EVALUATED_LIST_PATH } from '../../surveys';
import { suggestionBoxAvailableQuery } from '../../surveys';
import { ClosedBox, ThankYou } from './suggestion-box-notices';
import { SuggestionForm } from './suggestion-form';

const TITLE = 'Buzón de sugerencias';
const BACK = { to: EVALUATED_LIST_PATH, label: 'Mis encuestas' };

/** /buzon: a suggestion or complaint to the respondent's campus, anonymous unless they ask to be contacted. */
export function SuggestionBoxPage() {
  usePageTitle(TITLE);
  const { data: respondent } = useRespondent();
  const formal = respondent?.type === 'teacher' || respondent?.type === 'staff';
  const available = useQuery(suggestionBoxAvailableQuery);
  const [sent, setSent] = useState(false);
  const [formKey, setFormKey] = useState(0);

  let content;
  if (available.isLoading) {
    content = <Skeleton variant="rounded" height={320} />;
  } else if (available.isError) {
    content = <Alert severity="error">{errorMessage(available.error)}</Alert>;
  } else if (!available.data) {
    content = <ClosedBox />;
  } else if (sent) {
    content = (
      <ThankYou
        formal={formal}
        onAnother={() => {
          setFormKey((k) => k + 1);
          setSent(false);
        }}
      />
    );
  } else {
    content = (
      <SuggestionForm
        key={formKey}
        formal={formal}
        draftKey={respondent ? suggestionDraftKey({ type: respondent.type, id: respondent.id }) : null}
        onSent={() => setSent(true)}
      />
    );
  }

  return (
    <RespondentPageLayout back={BACK}>
      <Stack spacing={2.5}>
        {sent ? null : (
          <Box>
            <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
              {TITLE}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {formal
                ? 'Su comentario es anónimo: solo sabremos quién es si acepta que le contactemos.'
                : 'Tu comentario es anónimo: solo sabremos quién eres si aceptas que te contactemos.'}
            </Typography>
          </Box>
        )}
        {content}
      </Stack>
    </RespondentPageLayout>
  );
}
