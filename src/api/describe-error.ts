import { ApiError } from './http';

/** An error put into words for the person, with the facts a developer needs kept apart. */
export interface ErrorDescription {
  message: string;
  details: { label: string; value: string }[];
  raw?: string;
}

export function describeError(error: unknown): ErrorDescription {
  if (error instanceof ApiError) {
    const details = [
      { label: 'Status', value: error.status === 0 ? 'No response' : String(error.status) },
      error.code ? { label: 'Code', value: error.code } : null,
      error.requestId ? { label: 'Request id', value: error.requestId } : null,
      { label: 'Request', value: `${error.method} ${error.url}` },
    ].filter((detail) => detail !== null);
    return { message: error.message, details, raw: error.body || undefined };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { message: 'Something unexpected went wrong in the app.', details: [{ label: 'Error', value: text }] };
}
