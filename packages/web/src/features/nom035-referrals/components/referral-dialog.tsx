import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/api-error';
import { serverFieldErrors } from '../../../components/forms/server-field-errors';
import { useNotify } from '../../../components/notifications/use-notify';
import { updateReferral, type Nom035Referral } from '../api/nom035-referrals-api';
import { nom035ReferralsKeys } from '../api/nom035-referrals-keys';
import { Email } from './referrals-list';
import {
  NOTES_MAX_LENGTH,
  applicationWindow,
  REFERRAL_SAVED_MESSAGE,
  isReferralFormChanged,
  referralForm,
  referralStatus,
  toUpdateReferralRequest,
  type ReferralForm,
} from '../logic/referrals';

export const REFERRAL_DIALOG_TITLE = 'Seguimiento de la canalización';

const FIELDS = ['attended', 'notes'] as const;

interface ReferralDialogProps {
  open: boolean;
  referral: Nom035Referral | null;
  onClose: () => void;
}

/** Marks a referral 'Atendida' (or back to pending) with follow-up notes (PUT /nom035/referrals/{id}). */
export function ReferralDialog({ open, referral, onClose }: ReferralDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open && referral !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{REFERRAL_DIALOG_TITLE}</DialogTitle>
      {referral ? <ReferralFollowUp key={referral.id} referral={referral} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** The follow-up form's state and its PUT: saved, it says so, refreshes the list and closes. */
function useReferralFollowUp(referral: Nom035Referral, onClose: () => void) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ReferralForm>(() => referralForm(referral));
  const mutation = useMutation({
    mutationFn: () => updateReferral(referral.id, toUpdateReferralRequest(form)),
    onSuccess: async () => {
      notify(REFERRAL_SAVED_MESSAGE, 'success');
      await queryClient.invalidateQueries({ queryKey: nom035ReferralsKeys.all });
      onClose();
    },
  });
  const fieldErrors = mutation.isError ? serverFieldErrors(mutation.error, FIELDS) : {};
  const changed = isReferralFormChanged(referral, form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && !mutation.isPending) mutation.mutate();
  };
  return { form, setForm, mutation, fieldErrors, otherError: mutation.isError && Object.keys(fieldErrors).length === 0, changed, submit };
}

function ReferralFollowUp({ referral, onClose }: { referral: Nom035Referral; onClose: () => void }) {
  const { form, setForm, mutation, fieldErrors, otherError, changed, submit } = useReferralFollowUp(referral, onClose);
  const status = referralStatus(referral);

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <ReferralFacts referral={referral} status={status.label} />

          <Box>
            <FormControlLabel
              label="Atendida"
              control={
                <Checkbox
                  checked={form.attended}
                  onChange={(event) => setForm((f) => ({ ...f, attended: event.target.checked }))}
                  disabled={mutation.isPending}
                />
              }
            />
            <FormHelperText sx={{ mx: 0 }} error={Boolean(fieldErrors.attended)}>
              {fieldErrors.attended ??
                'Márcala cuando la persona ya recibió la valoración clínica o la atención que indica la norma.'}
            </FormHelperText>
          </Box>

          <TextField
            label="Notas"
            multiline
            minRows={3}
            maxRows={10}
            value={form.notes}
            onChange={(event) => setForm((f) => ({ ...f, notes: event.target.value }))}
            disabled={mutation.isPending}
            error={Boolean(fieldErrors.notes)}
            helperText={
              fieldErrors.notes ??
              `Solo lo necesario para el seguimiento (fecha de la cita, quién atendió). ${form.notes.length}/${NOTES_MAX_LENGTH}`
            }
            slotProps={{ htmlInput: { maxLength: NOTES_MAX_LENGTH } }}
          />

          {otherError ? (
            <Alert severity="error" role="alert">
              {errorMessage(mutation.error)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" variant="contained" loading={mutation.isPending} disabled={!changed}>
          Guardar
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Who was referred, where and when, and the referral's state. */
function ReferralFacts({ referral, status }: { referral: Nom035Referral; status: string }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dd': { m: 0, overflowWrap: 'anywhere' } }}
    >
      <Box component="dt" sx={{ fontWeight: 600 }}>Nombre</Box>
      <dd>{referral.staff.full_name}</dd>
      <Box component="dt" sx={{ fontWeight: 600 }}>ID</Box>
      <dd>{referral.staff.pc_id}</dd>
      <Box component="dt" sx={{ fontWeight: 600 }}>Puesto</Box>
      <dd>{referral.staff.puesto || '—'}</dd>
      <Box component="dt" sx={{ fontWeight: 600 }}>Correo</Box>
      <dd>
        <Email email={referral.staff.email} />
      </dd>
      <Box component="dt" sx={{ fontWeight: 600 }}>Campus</Box>
      <dd>
        {referral.campus.nombre} · periodo {referral.active.periodo}
      </dd>
      <Box component="dt" sx={{ fontWeight: 600 }}>Aplicación</Box>
      <dd>{applicationWindow(referral)}</dd>
      <Box component="dt" sx={{ fontWeight: 600 }}>Estado</Box>
      <dd>{status}</dd>
    </Box>
  );
}
