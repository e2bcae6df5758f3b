import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTICE_ITEMS, type Nom035CampusFile, type Nom035Notice, type NoticeItem } from '@encuestas/core/api/nom035-file';
import { displayDay } from '@encuestas/core/dates';
import { errorMessage } from '../../../api/api-error';
import { useNotify } from '../../../components/notifications/use-notify';
import { nom035FileKey, sendFileChange, type FileChange } from '../api/nom035-file-api';

/**
 * A date field beside a wider one in a row: a width of its own, so the
 * full-width field cannot spread over its neighbour (on a phone they stack).
 */
export const DATE_BESIDE = { flex: { sm: '0 0 12rem' } } as const;

/** Sends one change and stores the file it answers; `saved` is announced. */
export function useFileChange(campusId: number, saved: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (change: FileChange) => sendFileChange(campusId, change),
    onSuccess: (file) => {
      queryClient.setQueryData<Nom035CampusFile>(nom035FileKey(campusId), file);
      notify(saved, 'success');
    },
  });
}

/** A titled section of the file with its form. */
export function FileSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.3rem' }}>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}

export function MutationError({ error }: { error: unknown }) {
  return error ? <Alert severity="error">{errorMessage(error)}</Alert> : null;
}

/**
 * One record's edit form in a dialog: full screen on a phone, Escape or
 * «Cancelar» closes it without saving, Enter in a field saves.
 */
export function EditDialog({
  title,
  onClose,
  onSubmit,
  pending,
  error,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            {children}
            <MutationError error={error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            Guardar cambios
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function PolicySection({ campusId, policy }: { campusId: number; policy: Nom035CampusFile['policy'] }) {
  const [form, setForm] = useState({
    text: policy?.text ?? '',
    documentRef: policy?.documentRef ?? '',
    adoptedOn: policy?.adoptedOn ?? '',
    madeKnownOn: policy?.madeKnownOn ?? '',
  });
  const mutation = useFileChange(campusId, 'Política guardada');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ kind: 'policy', body: { ...form, adoptedOn: form.adoptedOn || null, madeKnownOn: form.madeKnownOn || null } });
  };
  return (
    <FileSection id="nom035-policy" title="5.1 · Política de prevención" intro="El texto de la política o dónde está el documento firmado, cuándo se adoptó y cuándo se difundió.">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <TextField label="Texto de la política" multiline minRows={3} value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />
        <TextField label="Documento firmado (ubicación o liga)" value={form.documentRef} onChange={(e) => setForm({ ...form, documentRef: e.target.value })} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="Adoptada el" type="date" value={form.adoptedOn} onChange={(e) => setForm({ ...form, adoptedOn: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField label="Difundida el" type="date" value={form.madeKnownOn} onChange={(e) => setForm({ ...form, madeKnownOn: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        </Stack>
        <MutationError error={mutation.error} />
        <Box>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Guardar política
          </Button>
        </Box>
      </Stack>
    </FileSection>
  );
}

type NoticeForm = { item: NoticeItem | ''; how: string; givenOn: string };
const EMPTY_NOTICE: NoticeForm = { item: '', how: '', givenOn: '' };
const noticeBody = (form: NoticeForm) => ({ item: form.item as NoticeItem, how: form.how, givenOn: form.givenOn });

/** What was made known, how and when: the fields of a new record and of its edit. */
function NoticeInputs({ form, setForm }: { form: NoticeForm; setForm: (form: NoticeForm) => void }) {
  return (
    <>
      <TextField select label="Qué se informó" value={form.item} onChange={(e) => setForm({ ...form, item: e.target.value as NoticeItem })}>
        {(Object.keys(NOTICE_ITEMS) as NoticeItem[]).map((key) => (
          <MenuItem key={key} value={key}>
            {NOTICE_ITEMS[key]}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Cómo se informó" value={form.how} onChange={(e) => setForm({ ...form, how: e.target.value })} sx={{ flex: 1 }} />
        <TextField label="Fecha" type="date" value={form.givenOn} onChange={(e) => setForm({ ...form, givenOn: e.target.value })} sx={DATE_BESIDE} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
    </>
  );
}

export function NoticesSection({ campusId, notices }: { campusId: number; notices: readonly Nom035Notice[] }) {
  const [form, setForm] = useState<NoticeForm>(EMPTY_NOTICE);
  const [editing, setEditing] = useState<Nom035Notice | null>(null);
  const mutation = useFileChange(campusId, 'Difusión registrada');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ kind: 'notice', body: noticeBody(form) }, { onSuccess: () => setForm(EMPTY_NOTICE) });
  };
  return (
    <FileSection id="nom035-notices" title="5.7 · Información a los trabajadores" intro="Qué se informó al personal (incisos a a f), cómo y cuándo.">
      {notices.length ? (
        <Box component="ul" sx={{ pl: 2, mt: 0 }} aria-label="Difusiones registradas">
          {notices.map((n) => (
            <Box component="li" key={n.id} sx={{ mb: 0.5 }}>
              {NOTICE_ITEMS[n.item]}: {displayDay(n.givenOn)}, {n.how}{' '}
              <Button size="small" onClick={() => setEditing(n)} aria-label={`Editar la difusión del ${displayDay(n.givenOn)}: ${NOTICE_ITEMS[n.item]}`}>
                Editar
              </Button>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography sx={{ mb: 2 }}>Aún no se registra ninguna difusión.</Typography>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Registrar difusión">
        <NoticeInputs form={form} setForm={setForm} />
        <MutationError error={mutation.error} />
        <Box>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Registrar difusión
          </Button>
        </Box>
      </Stack>
      {editing ? <NoticeDialog key={editing.id} campusId={campusId} notice={editing} onClose={() => setEditing(null)} /> : null}
    </FileSection>
  );
}

/** Corrects a record of what was made known (PUT …/notices/{id}); saved, it closes. */
function NoticeDialog({ campusId, notice, onClose }: { campusId: number; notice: Nom035Notice; onClose: () => void }) {
  const [form, setForm] = useState<NoticeForm>({ item: notice.item, how: notice.how, givenOn: notice.givenOn });
  const mutation = useFileChange(campusId, 'Difusión actualizada');
  return (
    <EditDialog
      title="Editar difusión (5.7)"
      onClose={onClose}
      onSubmit={() => mutation.mutate({ kind: 'editNotice', noticeId: notice.id, body: noticeBody(form) }, { onSuccess: onClose })}
      pending={mutation.isPending}
      error={mutation.error}
    >
      <NoticeInputs form={form} setForm={setForm} />
    </EditDialog>
  );
}
