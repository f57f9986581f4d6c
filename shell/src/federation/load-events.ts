/** Remote load failures, observed by the runtime plugin and reported by the shell (metrics, logs). */
export interface RemoteLoadFailure {
  id: string;
  lifecycle: string;
  message: string;
}

const listeners = new Set<(failure: RemoteLoadFailure) => void>();

export function onRemoteLoadFailure(listener: (failure: RemoteLoadFailure) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportRemoteLoadFailure(failure: RemoteLoadFailure): void {
  for (const listener of listeners) listener(failure);
}
