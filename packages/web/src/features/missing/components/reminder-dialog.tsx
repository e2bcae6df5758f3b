import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { REMINDER_PLACEHOLDERS, type DirectoryFilter } from '@encuestas/core/api/missing';
import { errorMessage } from '../../../api/api-error';
import { serverFieldErrors } from '../../../components/forms/server-field-errors';
import { startReminders, type AllTypesScope, type MissingScope } from '../api/missing-api';
import { missingKeys, useReminderJob, useReminderRecipients } from '../hooks/use-missing';
import { jobProgress, jobSummary, peopleLabel } from '../logic/missing';

interface ReminderDialogProps {
  open: boolean;
  onClose: () => void;
  /** One type's list, or every type's (one reminder per person naming all they owe). */
  scope: MissingScope | AllTypesScope;
  filter: DirectoryFilter;
  /** The starting subject and text. */
  defaults: { subject: string; text: string };
  /** The mail as an example person of the list would receive it. */
  preview: (template: { subject: string; text: string }) => { subject: string; text: string };
  /** What {pendientes} and {fecha_limite} stand for in this list. */
  placeholdersHint: string;
}

/**
 * Reminder to everyone still missing under the list's filter: editable text
 * with its preview, the number of recipients to confirm, then the sending's
 * progress. The server skips whoever answered or was reminded today.
 */
export function ReminderDialog(props: ReminderDialogProps) {
  // Mounted only while open, so each opening starts from the default text and fresh counts.
  return props.open ? <ReminderDialogBody {...props} /> : null;
}

const TEXT_FIELDS = ['subject', 'text'] as const;

function ReminderDialogBody({ onClose, scope, filter, defaults, preview: previewOf, placeholdersHint }: ReminderDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(defaults.subject);
  const [text, setText] = useState(defaults.text);
  const [jobId, setJobId] = useState<string | null>(null);
  const recipients = useReminderRecipients(scope, filter, jobId === null);
  const job = useReminderJob(jobId);
  const start = useMutation({
    mutationFn: () => startReminders(scope, filter, { subject, text }),
    onSuccess: (started) => {
      setJobId(started.id);
      queryClient.setQueryData(missingKeys.job(started.id), started);
    },
  });
  // The server refuses, on its field, a subject or text that links outside the platform.
  const fieldErrors = serverFieldErrors(start.error, TEXT_FIELDS);
  const preview = previewOf({ subject, text });
  const count = recipients.data?.recipients ?? 0;
  const running = job.data?.status === 'running';

  return (
    <Dialog open onClose={running ? undefined : onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="reminder-title">
      <DialogTitle id="reminder-title">Enviar recordatorio</DialogTitle>
      <DialogContent>
        {jobId === null ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography color="textSecondary">
              Se envía solo a quienes siguen sin responder con los filtros elegidos, cada quien con su enlace personal para entrar
              (sirve una vez). Nadie recibe más de un recordatorio al día por aplicación. Puedes usar {REMINDER_PLACEHOLDERS.join(', ')}.
            </Typography>
            <TextField
              label="Asunto"
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              error={fieldErrors.subject !== undefined}
              helperText={fieldErrors.subject}
              slotProps={{ htmlInput: { maxLength: 150 } }}
            />
            <TextField
              label="Texto del correo"
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={fieldErrors.text !== undefined}
              helperText={fieldErrors.text ?? `Solo puede llevar enlaces a la plataforma; {enlace} es el enlace personal para entrar (${placeholdersHint}).`}
              multiline
              minRows={6}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
            <ReminderPreview subject={preview.subject} text={preview.text} />
            <RecipientsCount recipients={recipients} />
            {start.isError && Object.keys(fieldErrors).length === 0 ? <Alert severity="error">{errorMessage(start.error)}</Alert> : null}
          </Stack>
        ) : (
          <ReminderProgress job={job} />
        )}
      </DialogContent>
      <DialogActions>
        {jobId === null ? (
          <>
            <Button onClick={onClose}>Cancelar</Button>
            <Button variant="contained" disabled={!count || start.isPending || !subject.trim() || !text.trim()} onClick={() => start.mutate()}>
              {count ? `Enviar a ${peopleLabel(count)}` : 'Enviar'}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} disabled={running}>
            Cerrar
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** How many the reminder reaches, and who it leaves out. */
function RecipientsCount({ recipients }: { recipients: ReturnType<typeof useReminderRecipients> }) {
  const count = recipients.data?.recipients ?? 0;
  return (
    <>
      {recipients.isPending ? (
        <Typography role="status">Contando destinatarios…</Typography>
      ) : recipients.isError ? (
        <Alert severity="error">{errorMessage(recipients.error)}</Alert>
      ) : (
        <Alert severity={count ? 'info' : 'warning'}>
          {count ? `Se enviará a ${peopleLabel(count)}.` : 'No hay a quién enviar.'}
          {recipients.data.alreadyReminded ? ` ${peopleLabel(recipients.data.alreadyReminded)} ya recibió uno hoy.` : ''}
          {recipients.data.withoutEmail ? ` ${peopleLabel(recipients.data.withoutEmail)} sin correo en el directorio.` : ''}
        </Alert>
      )}
    </>
  );
}

function ReminderPreview({ subject, text }: { subject: string; text: string }) {
  return (
    <Box component="section" aria-labelledby="reminder-preview-title" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'action.hover' }}>
      <Typography id="reminder-preview-title" variant="subtitle2" component="h3">
        Vista previa
      </Typography>
      <Typography sx={{ fontWeight: 600, mt: 1 }}>{subject}</Typography>
      <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', m: 0, mt: 1 }}>
        {text}
      </Typography>
    </Box>
  );
}

/** The sending's progress, polled until it ends. */
function ReminderProgress({ job }: { job: ReturnType<typeof useReminderJob> }) {
  return (
    <Stack spacing={2} sx={{ pt: 1 }} aria-live="polite">
      {job.data ? (
        <>
          <LinearProgress variant="determinate" value={jobProgress(job.data)} aria-label="Progreso del envío" />
          <Typography role="status">{jobSummary(job.data)}</Typography>
        </>
      ) : job.isError ? (
        <Alert severity="error">{errorMessage(job.error)}</Alert>
      ) : (
        <LinearProgress aria-label="Progreso del envío" />
      )}
    </Stack>
  );
}
