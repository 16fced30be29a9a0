import { apiErrorBody } from './schemas/common';

export type FailureKind =
  | 'network'
  | 'timeout'
  | 'rejected'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'rateLimited'
  | 'server'
  | 'invalidResponse';

/** Every way a call can fail, as one typed value: nothing fails silently into `undefined`. */
export class ApiFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number | null,
    readonly code: string | null,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiFailure';
  }

  /** Worth offering the user a retry: the request may succeed if sent again unchanged. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'server' || this.kind === 'rateLimited';
  }
}

const KIND_BY_STATUS: Record<number, FailureKind> = {
  400: 'rejected',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  429: 'rateLimited',
};

export async function failureFromResponse(response: Response): Promise<ApiFailure> {
  const kind = KIND_BY_STATUS[response.status] ?? (response.status >= 500 ? 'server' : 'rejected');
  let parsed = null;
  try {
    parsed = apiErrorBody.safeParse(await response.clone().json());
  } catch {
    /* not JSON */
  }
  const error = parsed?.success ? parsed.data.error : null;
  return new ApiFailure(
    kind,
    response.status,
    error?.code ?? null,
    error?.message ?? `HTTP ${response.status}`,
    error?.fields ?? {},
  );
}
