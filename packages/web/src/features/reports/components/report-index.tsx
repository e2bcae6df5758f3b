import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { ANCHOR_OFFSET, type IndexEntry } from '../logic/report-index';

/** Takes the reader, and the keyboard's focus, to a part of the report. */
function jumpTo(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

/**
 * The report's index: links to each part (keyboard: Tab and Enter). On a wide
 * screen a column that stays in view beside the report; on a phone or tablet
 * one button, «Índice del reporte», that unfolds the list.
 */
export function ReportIndex({ entries }: { entries: readonly IndexEntry[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Box
      component="nav"
      aria-label="Índice del reporte"
      sx={{ position: { lg: 'sticky' }, top: { lg: ANCHOR_OFFSET }, maxHeight: { lg: `calc(100vh - ${ANCHOR_OFFSET + 16}px)` }, overflowY: { lg: 'auto' } }}
    >
      <Button
        size="small"
        variant="outlined"
        aria-expanded={open}
        aria-controls={listId}
        endIcon={open ? <ExpandLess /> : <ExpandMore />}
        onClick={() => setOpen((shown) => !shown)}
        sx={{ display: { lg: 'none' } }}
      >
        Índice del reporte
      </Button>
      <Typography component="p" variant="overline" sx={{ display: { xs: 'none', lg: 'block' } }}>
        Índice del reporte
      </Typography>
      <Box
        component="ol"
        id={listId}
        sx={{ display: { xs: open ? 'block' : 'none', lg: 'block' }, listStyle: 'none', p: 0, m: 0, mt: { xs: 1, lg: 0 } }}
      >
        {entries.map((entry) => (
          <Box component="li" key={entry.id} sx={{ py: 0.25 }}>
            <Link
              href={`#${entry.id}`}
              variant="body2"
              underline="hover"
              onClick={(event) => {
                event.preventDefault();
                setOpen(false);
                jumpTo(entry.id);
              }}
              sx={{ display: 'block', py: 0.5 }}
            >
              {entry.label}
            </Link>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
