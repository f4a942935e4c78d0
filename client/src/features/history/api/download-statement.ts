import type { TTransactionListQuery } from '@vendo/shared/schemas/transaction';
import { httpClient } from '@/lib/http-client';

/** The file name the server gave (Content-Disposition), else a plain one. */
export const fileNameOf = (disposition: unknown): string => {
  const match = /filename="([^"]+)"/.exec(typeof disposition === 'string' ? disposition : '');
  return match?.[1] ?? 'vendo-statement.csv';
};

/**
 * GET /transaction/statement.csv with the session's token (a plain link could not send it), then
 * saved through a temporary object URL under the server's file name.
 */
export const downloadStatement = async (
  params: TTransactionListQuery,
  token: string | null,
): Promise<string> => {
  const response = await httpClient.get<Blob>('/transaction/statement.csv', {
    params,
    responseType: 'blob',
    headers: token ? { 'x-auth-token': token } : {},
  });
  const name = fileNameOf(response.headers['content-disposition']);
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
};
