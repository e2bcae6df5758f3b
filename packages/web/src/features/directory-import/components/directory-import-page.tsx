import { useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DirectoryEntity } from '@encuestas/core/api/directory';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { visuallyHidden } from '../../../components/visually-hidden';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequirePermission } from '../../../components/require-permission';
import { fetchImportProgress, importDirectory } from '../api/directory-import-api';
import {
  DIRECTORY_ENTITY_INFO,
  csvFileProblem,
  csvTemplateHref,
  entityInfo,
  importReportFromError,
  importSummary,
  newProgressId,
  progressView,
  skippedNote,
  templateFileName,
} from '../logic/directory-templates';
import { ColumnsTable } from './columns-table';
import { ImportErrorsTable } from './import-errors-table';

export const DIRECTORY_PAGE_TITLE = 'Importar directorio';

const canImport = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.importDirectory);

/** /admin/directorio: loads students, teachers, staff, classes and enrolments from CSV files. */
export function DirectoryImportPage() {
  usePageTitle(DIRECTORY_PAGE_TITLE);
  return (
    <RequirePermission allowed={canImport}>
      <DirectoryImportScreen />
    </RequirePermission>
  );
}

export default DirectoryImportPage;

/** A file that changed or vanished since it was chosen cannot be read again. */
class FileReadError extends Error {}

async function readFile(file: File): Promise<string> {
  try {
    return await file.text();
  } catch {
    throw new FileReadError('No se pudo leer el archivo. Vuelve a elegirlo.');
  }
}

const failureText = (error: unknown) => (error instanceof FileReadError ? error.message : errorMessage(error));

const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function DirectoryImportScreen() {
  const [entity, setEntity] = useState<DirectoryEntity>('alumnos');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const entityLegendId = useId();
  const fileHelpId = useId();
  const info = entityInfo(entity);

  const mutation = useMutation({
    mutationFn: async (variables: { entity: DirectoryEntity; file: File; progressId: string }) =>
      importDirectory(variables.entity, await readFile(variables.file), variables.progressId),
    // The same file chosen again (after fixing it) must count as a new choice.
    onSettled: () => {
      if (inputRef.current) inputRef.current.value = '';
    },
  });

  /** Another kind of records needs another file: a students file would also pass as teachers. */
  const chooseEntity = (next: DirectoryEntity) => {
    setEntity(next);
    setFile(null);
    setFileError(null);
    if (inputRef.current) inputRef.current.value = '';
    mutation.reset();
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    mutation.reset();
    setFile(chosen);
    setFileError(chosen ? csvFileProblem(chosen) : null);
  };

  const startImport = () => {
    if (!file) {
      setFileError('Elige el archivo CSV que quieres importar.');
      inputRef.current?.focus();
      return;
    }
    if (fileError) return;
    mutation.mutate({ entity, file, progressId: newProgressId() });
  };

  // The server's progress while the import runs (a large file takes a while); none yet → an indeterminate bar.
  const progressId = mutation.isPending ? mutation.variables?.progressId : undefined;
  const progress = useQuery({
    queryKey: ['directory-import-progress', progressId],
    queryFn: () => fetchImportProgress(progressId!),
    enabled: progressId !== undefined,
    refetchInterval: 700,
    retry: false,
    gcTime: 0,
  });
  const progressShown = progressId !== undefined && progress.data ? progressView(progress.data) : null;

  const errorReport = mutation.isError ? importReportFromError(mutation.error) : null;
  const importedInfo = mutation.variables ? entityInfo(mutation.variables.entity) : info;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {DIRECTORY_PAGE_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Carga desde Power Campus a quienes responden las encuestas.
        </Typography>
      </div>

      <Alert severity="info">
        <AlertTitle>El orden importa</AlertTitle>
        Importa primero docentes y alumnos, después las clases y al final las inscripciones: cada clase necesita a su
        docente y cada inscripción, a su clase y a su alumno. Si un archivo tiene cualquier error no se importa nada; corrige
        las líneas indicadas y vuelve a subirlo.
      </Alert>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <FormControl component="fieldset">
            <FormLabel component="legend" id={entityLegendId} sx={{ fontWeight: 700, color: 'text.primary', mb: 1 }}>
              1. ¿Qué vas a importar?
            </FormLabel>
            <RadioGroup
              aria-labelledby={entityLegendId}
              name="entidad"
              value={entity}
              onChange={(event) => chooseEntity(event.target.value as DirectoryEntity)}
              sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}
            >
              {DIRECTORY_ENTITY_INFO.map((e) => (
                <FormControlLabel key={e.entity} value={e.entity} control={<Radio />} label={e.label} disabled={mutation.isPending} />
              ))}
            </RadioGroup>
          </FormControl>

          <Box component="section" aria-labelledby="columnas-titulo">
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1 }}
            >
              <Typography id="columnas-titulo" variant="h2" sx={{ fontSize: '1.1rem' }}>
                Columnas del archivo de {info.label.toLowerCase()}
              </Typography>
              <Button
                component="a"
                href={csvTemplateHref(entity)}
                download={templateFileName(entity)}
                variant="outlined"
                startIcon={<Download />}
              >
                Descargar plantilla
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Una fila por registro, separada por comas o punto y coma, en UTF-8. Los encabezados no distinguen mayúsculas ni
              acentos. {info.keyNote} La plantilla trae filas de ejemplo: reemplázalas por tus datos.
            </Typography>
            <ColumnsTable info={info} />
          </Box>

          <Box component="section" aria-labelledby="archivo-titulo">
            <Typography id="archivo-titulo" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
              2. Elige el archivo
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                component="label"
                variant="outlined"
                startIcon={<UploadFile />}
                disabled={mutation.isPending}
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
                  onChange={chooseFile}
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

          <Box>
            <Button
              variant="contained"
              size="large"
              onClick={startImport}
              loading={mutation.isPending}
              disabled={Boolean(fileError)}
            >
              Importar
            </Button>
          </Box>

          {mutation.isPending ? (
            <Box role="status">
              <Typography sx={{ mb: 1 }}>
                Importando {importedInfo.label.toLowerCase()} desde {mutation.variables?.file.name}…
                {progressShown ? ` ${progressShown.text}` : null}
              </Typography>
              {progressShown ? (
                <LinearProgress variant="determinate" value={progressShown.percent} aria-label="Importando" />
              ) : (
                <LinearProgress aria-label="Importando" />
              )}
            </Box>
          ) : null}
        </Stack>
      </Paper>

      <Box aria-live="polite">
        {mutation.isSuccess ? (
          <Alert severity="success">
            <AlertTitle>Importación de {entityInfo(mutation.data.entity).label.toLowerCase()} terminada</AlertTitle>
            {importSummary(mutation.data)}.
            {skippedNote(mutation.data) ? <Box sx={{ mt: 0.5 }}>{skippedNote(mutation.data)}</Box> : null}
          </Alert>
        ) : null}
        {mutation.isError ? (
          <Stack spacing={2}>
            <Alert severity="error">
              <AlertTitle>{errorReport ? 'Revisa el archivo' : 'No se pudo importar'}</AlertTitle>
              {failureText(mutation.error)}
            </Alert>
            {errorReport && errorReport.errors.length > 0 ? <ImportErrorsTable errors={errorReport.errors} /> : null}
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}
