import { useRef, useState } from 'react';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExportTable } from '@encuestas/core/api/report-files';
import { errorMessage } from '../../../api/api-error';
import { fetchFile, saveFile } from '../../../api/download';
import { formatBytes, tableRequest, type FileRequest } from '../logic/report-files';
import type { ReportFilters } from '../logic/report-filters';

/**
 * Downloads a report file: a spinner and the size received while the server
 * prepares it, the server's Spanish message when it refuses (a file too big,
 * a permission), the name from content-disposition when it arrives.
 */
/** `accessibleLabel` must contain `label` as written (what a voice-control user says: WCAG 2.5.3). */
export function DownloadButton({ label, request, accessibleLabel }: { label: string; request: FileRequest; accessibleLabel?: string }) {
  const [busy, setBusy] = useState(false);
  const [bytes, setBytes] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);

  async function download() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setBytes(0);
    setError(null);
    try {
      saveFile(await fetchFile(request.path, { query: request.query, fallbackName: request.fallbackName, onProgress: setBytes }));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        size="small"
        onClick={() => void download()}
        disabled={busy}
        aria-label={accessibleLabel}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <Download />}
      >
        {label}
      </Button>
      {busy ? (
        <Typography role="status" variant="body2" color="textSecondary">
          Preparando el archivo…{bytes > 0 ? ` ${formatBytes(bytes)} recibidos` : ''}
        </Typography>
      ) : null}
      {error ? (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** A report table as XLSX and as CSV, side by side. */
export function TableDownloads({
  filters,
  table,
  name,
  extra,
}: {
  filters: ReportFilters;
  table: ExportTable;
  /** What the table holds, for screen readers: 'los comentarios'. */
  name: string;
  extra?: Record<string, string | number | undefined>;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <DownloadButton label="XLSX" accessibleLabel={`Descargar ${name} en XLSX`} request={tableRequest(filters, table, 'xlsx', extra)} />
      <DownloadButton label="CSV" accessibleLabel={`Descargar ${name} en CSV`} request={tableRequest(filters, table, 'csv', extra)} />
    </Stack>
  );
}
