import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequirePermission } from '../../../components/require-permission';
import { entityInfo } from '../logic/directory-templates';
import { ColumnsSection, EntityChoice, FileSection, ImportOutcome, ImportProgressStatus } from './directory-import-sections';
import { useDirectoryImport } from './use-directory-import';

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

function DirectoryImportScreen() {
  const { entity, file, fileError, inputRef, mutation, chooseEntity, chooseFile, startImport, progressShown } = useDirectoryImport();
  const importedInfo = mutation.variables ? entityInfo(mutation.variables.entity) : entityInfo(entity);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {DIRECTORY_PAGE_TITLE}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
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
          <EntityChoice entity={entity} onChange={chooseEntity} disabled={mutation.isPending} />
          <ColumnsSection entity={entity} />
          <FileSection file={file} fileError={fileError} inputRef={inputRef} onChoose={chooseFile} disabled={mutation.isPending} />

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
            <ImportProgressStatus label={importedInfo.label} fileName={mutation.variables?.file.name} progress={progressShown} />
          ) : null}
        </Stack>
      </Paper>

      <ImportOutcome report={mutation.isSuccess ? mutation.data : undefined} error={mutation.isError ? mutation.error : null} />
    </Stack>
  );
}
