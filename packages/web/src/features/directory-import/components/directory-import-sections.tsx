import { useId, type ChangeEvent, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import type { DirectoryEntity, ImportReport } from '@encuestas/core/api/directory';
import { errorMessage } from '../../../api/api-error';
import { visuallyHidden } from '../../../components/visually-hidden';
import {
  DIRECTORY_ENTITY_INFO,
  csvTemplateHref,
  entityInfo,
  importReportFromError,
  importSummary,
  skippedNote,
  templateFileName,
  type progressView,
} from '../logic/directory-templates';
import { ColumnsTable } from './columns-table';
import { ImportErrorsTable } from './import-errors-table';
import { FileReadError } from './use-directory-import';

const failureText = (error: unknown) => (error instanceof FileReadError ? error.message : errorMessage(error));

const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** 1. ¿Qué vas a importar? */
export function EntityChoice({
  entity,
  onChange,
  disabled,
}: {
  entity: DirectoryEntity;
  onChange: (entity: DirectoryEntity) => void;
  disabled: boolean;
}) {
  const entityLegendId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={entityLegendId} sx={{ fontWeight: 700, color: 'text.primary', mb: 1 }}>
        1. ¿Qué vas a importar?
      </FormLabel>
      <RadioGroup
        aria-labelledby={entityLegendId}
        name="entidad"
        value={entity}
        onChange={(event) => onChange(event.target.value as DirectoryEntity)}
        sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}
      >
        {DIRECTORY_ENTITY_INFO.map((e) => (
          <FormControlLabel key={e.entity} value={e.entity} control={<Radio />} label={e.label} disabled={disabled} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The chosen kind's columns and its template. */
export function ColumnsSection({ entity }: { entity: DirectoryEntity }) {
  const info = entityInfo(entity);
  return (
    <Box component="section" aria-labelledby="columnas-titulo">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1 }}
      >
        <Typography id="columnas-titulo" variant="h2" sx={{ fontSize: '1.1rem' }}>
          Columnas del archivo de {info.label.toLowerCase()}
        </Typography>
        <Button component="a" href={csvTemplateHref(entity)} download={templateFileName(entity)} variant="outlined" startIcon={<Download />}>
          Descargar plantilla
        </Button>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        Una fila por registro, separada por comas o punto y coma, en UTF-8. Los encabezados no distinguen mayúsculas ni
        acentos. {info.keyNote} La plantilla trae filas de ejemplo: reemplázalas por tus datos.
      </Typography>
      <ColumnsTable info={info} />
    </Box>
  );
}

/** 2. Elige el archivo: the hidden input behind its button, and the file's name or what is wrong with it. */
export function FileSection({
  file,
  fileError,
  inputRef,
  onChoose,
  disabled,
}: {
  file: File | null;
  fileError: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled: boolean;
}) {
  const fileHelpId = useId();
  return (
    <Box component="section" aria-labelledby="archivo-titulo">
      <Typography id="archivo-titulo" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        2. Elige el archivo
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={disabled}
          // The real (hidden) input takes the focus and is the only control: the label around it is no button of its own (axe 'nested-interactive').
          role={undefined}
          tabIndex={-1}
          sx={{ '&:has(input:focus-visible)': { outline: '3px solid', outlineOffset: 2 } }}
        >
          Elegir archivo CSV
          <Box
            component="input"
            ref={inputRef}
            type="file"
            accept=".csv,text/csv"
            onChange={onChoose}
            aria-describedby={fileHelpId}
            aria-invalid={fileError ? true : undefined}
            sx={visuallyHidden}
          />
        </Button>
        <Typography id={fileHelpId} color={fileError ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
          {fileError ?? (file ? `${file.name} (${formatSize(file.size)})` : 'Ningún archivo elegido.')}
        </Typography>
      </Stack>
    </Box>
  );
}

/** While the import runs: what is imported, and the server's progress once it has some. */
export function ImportProgressStatus({
  label,
  fileName,
  progress,
}: {
  label: string;
  fileName: string | undefined;
  progress: ReturnType<typeof progressView> | null;
}) {
  return (
    <Box role="status">
      <Typography sx={{ mb: 1 }}>
        Importando {label.toLowerCase()} desde {fileName}…{progress ? ` ${progress.text}` : null}
      </Typography>
      {progress ? (
        <LinearProgress variant="determinate" value={progress.percent} aria-label="Importando" />
      ) : (
        <LinearProgress aria-label="Importando" />
      )}
    </Box>
  );
}

/** The summary of a finished import, or why it failed (with each bad line when the server sent them). */
export function ImportOutcome({ report, error }: { report: ImportReport | undefined; error: unknown }) {
  const errorReport = error ? importReportFromError(error) : null;
  return (
    <Box aria-live="polite">
      {report ? (
        <Alert severity="success">
          <AlertTitle>Importación de {entityInfo(report.entity).label.toLowerCase()} terminada</AlertTitle>
          {importSummary(report)}.{skippedNote(report) ? <Box sx={{ mt: 0.5 }}>{skippedNote(report)}</Box> : null}
        </Alert>
      ) : null}
      {error ? (
        <Stack spacing={2}>
          <Alert severity="error">
            <AlertTitle>{errorReport ? 'Revisa el archivo' : 'No se pudo importar'}</AlertTitle>
            {failureText(error)}
          </Alert>
          {errorReport && errorReport.errors.length > 0 ? <ImportErrorsTable errors={errorReport.errors} /> : null}
        </Stack>
      ) : null}
    </Box>
  );
}
