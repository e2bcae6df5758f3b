import { useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DirectoryEntity } from '@encuestas/core/api/directory';
import { fetchImportProgress, importDirectory } from '../api/directory-import-api';
import { csvFileProblem, newProgressId, progressView } from '../logic/directory-templates';

/** A file that changed or vanished since it was chosen cannot be read again. */
export class FileReadError extends Error {}

async function readFile(file: File): Promise<string> {
  try {
    return await file.text();
  } catch {
    throw new FileReadError('No se pudo leer el archivo. Vuelve a elegirlo.');
  }
}

/**
 * The import's state: the kind of records and the file chosen (checked before
 * sending), the upload, and the server's progress while it runs.
 */
export function useDirectoryImport() {
  const [entity, setEntity] = useState<DirectoryEntity>('alumnos');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

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

  return { entity, file, fileError, inputRef, mutation, chooseEntity, chooseFile, startImport, progressShown };
}
