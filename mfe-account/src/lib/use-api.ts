import { useCallback, useEffect, useState } from 'react';
import { HttpError } from '@agency/contracts/client';

export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'include' });
  const text = await res.text();
  if (!res.ok) {
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      // Not JSON.
    }
    throw new HttpError(res.status, text || res.statusText, message);
  }
  return JSON.parse(text) as T;
}

export type ApiState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** GETs `path` (null: nothing yet) and re-reads it on `reload()`; the previous data stays while reloading. */
export function useApi<T>(path: string | null) {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    getJson<T>(path).then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) =>
        live &&
        setState({
          status: 'error',
          message: error instanceof HttpError ? (error.serverMessage ?? error.message) : String(error),
        }),
    );
    return () => {
      live = false;
    };
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
