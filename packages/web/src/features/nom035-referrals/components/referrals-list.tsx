import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { Nom035Referral } from '../api/nom035-referrals-api';
import { applicationWindow, emailBreakParts, referralStatus } from '../logic/referrals';

interface ReferralsListProps {
  referrals: readonly Nom035Referral[];
  onOpen: (referral: Nom035Referral) => void;
}

export const REFERRALS_TABLE_LABEL = 'Canalizaciones';
export const FOLLOW_UP_BUTTON = 'Seguimiento';

function StatusChip({ referral }: { referral: Nom035Referral }) {
  const status = referralStatus(referral);
  return (
    <Box>
      <Chip size="small" label={status.chip} color={status.color} />
      {status.day ? (
        <Typography variant="caption" component="div" color="textSecondary" sx={{ mt: 0.25, whiteSpace: 'nowrap' }}>
          el {status.day}
        </Typography>
      ) : null}
    </Box>
  );
}

/** An e-mail that wraps at '@' and '.' instead of in the middle of a word. */
export function Email({ email }: { email: string | null }) {
  if (!email) return <>—</>;
  return (
    <>
      {emailBreakParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function FollowUpButton({ referral, onOpen }: { referral: Nom035Referral; onOpen: ReferralsListProps['onOpen'] }) {
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => onOpen(referral)}
      sx={{ whiteSpace: 'nowrap' }}
      aria-haspopup="dialog"
      aria-label={`${FOLLOW_UP_BUTTON} de ${referral.staff.full_name}`}
    >
      {FOLLOW_UP_BUTTON}
    </Button>
  );
}

/** Fecha, nombre, ID, puesto, correo, campus, periodo, estado and the follow-up of each. */
export function ReferralsTable({ referrals, onOpen }: ReferralsListProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 860 }} aria-label={REFERRALS_TABLE_LABEL}>
        <TableHead>
          <TableRow>
            <TableCell>Aplicación</TableCell>
            <TableCell>Nombre</TableCell>
            <TableCell>ID</TableCell>
            <TableCell>Puesto</TableCell>
            <TableCell>Correo</TableCell>
            <TableCell>Campus</TableCell>
            <TableCell>Periodo</TableCell>
            <TableCell>Estado</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Acciones
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {referrals.map((referral) => (
            <TableRow key={referral.id} data-referral-id={referral.id} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{applicationWindow(referral)}</TableCell>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {referral.staff.full_name}
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{referral.staff.pc_id}</TableCell>
              <TableCell>{referral.staff.puesto || '—'}</TableCell>
              <TableCell>
                <Email email={referral.staff.email} />
              </TableCell>
              <TableCell>{referral.campus.nombre}</TableCell>
              <TableCell>{referral.active.periodo}</TableCell>
              <TableCell>
                <StatusChip referral={referral} />
              </TableCell>
              <TableCell align="right" sx={{ pl: 0 }}>
                <FollowUpButton referral={referral} onOpen={onOpen} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The same referrals as cards, for a phone. */
export function ReferralCards({ referrals, onOpen }: ReferralsListProps) {
  return (
    <Box component="ul" aria-label={REFERRALS_TABLE_LABEL} sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}>
      {referrals.map((referral) => (
        <li key={referral.id} data-referral-id={referral.id}>
          <Card variant="outlined">
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{referral.staff.full_name}</Typography>
                <StatusChip referral={referral} />
              </Stack>
              <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                ID {referral.staff.pc_id}
                {referral.staff.puesto ? ` · ${referral.staff.puesto}` : ''}
              </Typography>
              {referral.staff.email ? (
                <Typography variant="body2">
                  <Email email={referral.staff.email} />
                </Typography>
              ) : null}
              <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                {applicationWindow(referral)} · {referral.campus.nombre} · {referral.active.periodo}
              </Typography>
              <Box sx={{ mt: 1 }}>
                <FollowUpButton referral={referral} onOpen={onOpen} />
              </Box>
            </CardContent>
          </Card>
        </li>
      ))}
    </Box>
  );
}
