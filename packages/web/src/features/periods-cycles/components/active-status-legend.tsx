import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ActiveStatus } from '@encuestas/core/dates';
import { ActiveStatusChip } from './active-status-chip';

const ORDER: readonly ActiveStatus[] = ['upcoming', 'inProgress', 'finished'];

/** What each status colour means: Por Realizar, En aplicación, Finalizadas. */
export function ActiveStatusLegend() {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography id="leyenda-estados" variant="body2" color="textSecondary">
        Estados:
      </Typography>
      <Box
        component="ul"
        aria-labelledby="leyenda-estados"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
      >
        {ORDER.map((status) => (
          <li key={status}>
            <ActiveStatusChip status={status} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
