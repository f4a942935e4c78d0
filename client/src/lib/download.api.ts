// In the api chunk with the HTTP client it uses (vite.config.ts groups): core must not import it.
import { httpClient } from './http-client';

/** The file name the server gave (Content-Disposition), else `fallback`. */
export const fileNameOf = (disposition: unknown, fallback: string): string => {
  const match = /filename="([^"]+)"/.exec(typeof disposition === 'string' ? disposition : '');
  return match?.[1] ?? fallback;
};

/**
 * GETs a file with the session's token (a plain link could not send it), then saves it through a
 * temporary object URL under the server's file name, which it returns.
 */
export const downloadFile = async (
  url: string,
  params: object,
  token: string | null,
  fallbackName: string,
): Promise<string> => {
  const response = await httpClient.get<Blob>(url, {
    params,
    responseType: 'blob',
    headers: token ? { 'x-auth-token': token } : {},
  });
  const name = fileNameOf(response.headers['content-disposition'], fallbackName);
  saveBlob(response.data, name);
  return name;
};

/** Saves a blob as a file named `name`, through a temporary object URL. */
export const saveBlob = (blob: Blob, name: string): void => {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
};

/** Saves text as a file through a temporary object URL (no server round trip: it is all here). */
export const saveTextFile = (name: string, text: string, type = 'text/csv;charset=utf-8') =>
  saveBlob(new Blob([text], { type }), name);
