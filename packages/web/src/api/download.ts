import { fileNameFromDisposition } from '@encuestas/core/api/file-names';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { buildApiUrl, handleUnauthorized, type ApiRequestOptions } from './client';
import { getAdminToken, getStudentToken } from './session-storage';

export interface DownloadedFile {
  blob: Blob;
  /** From the answer's content-disposition, or the fallback. */
  fileName: string;
}

/**
 * A file from the API (report PDFs and tables, docs/reports.md "Files"),
 * read as it arrives so the screen can show how much came; a refusal (the
 * server's Spanish JSON error, sent before any file byte) is thrown as
 * ApiError like any other call.
 */
export async function fetchFile(
  path: string,
  options: {
    query?: ApiRequestOptions['query'];
    fallbackName: string;
    onProgress?: (bytes: number) => void;
    signal?: AbortSignal;
    /** Whose session asks: the back office's (default) or a respondent's (a teacher's own results). */
    auth?: 'admin' | 'student';
  },
): Promise<DownloadedFile> {
  const token = options.auth === 'student' ? getStudentToken() : getAdminToken();
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, options.query), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): fromResponse falls back to the status's message.
    }
    throw ApiError.fromResponse(response.status, body);
  }
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  try {
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        options.onProgress?.(received);
      }
    } else {
      chunks.push(await response.blob());
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // The connection broke mid-file: nothing is saved rather than half a file.
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  return {
    blob: new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition'), options.fallbackName),
  };
}

/** Hands a fetched file to the browser's downloads under its name. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
