// Typed errors, mapped to HTTP statuses in one place (http.ts).

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'bad_request', message, fields);
  }
}

export class ValidationError extends HttpError {
  constructor(fields: Record<string, string>) {
    super(400, 'validation', `Invalid ${Object.keys(fields).join(', ')}`, fields);
  }
}

/** A shared validator's verdict as a route needs it: the request, or its field errors as a 400. */
export function validOrThrow<T>({ value, errors }: { value: T; errors: Record<string, string> }): T {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return value;
}

export class Unauthorized extends HttpError {
  constructor(message = 'Sign-in required') {
    super(401, 'unauthorized', message);
  }
}

export class Forbidden extends HttpError {
  constructor(message = 'Not allowed') {
    super(403, 'forbidden', message);
  }
}

export class NotFound extends HttpError {
  constructor(what: string) {
    super(404, 'not_found', `${what} not found`);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

/** A route that no longer does what it did, for a reason the message gives (410). */
export class Gone extends HttpError {
  constructor(message: string) {
    super(410, 'gone', message);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(limit: number) {
    super(413, 'payload_too_large', `The body exceeds ${limit} bytes`);
  }
}

/** Optimistic-concurrency conflict that survived the retries: 503 so the sender retries later. */
export class RetryLater extends HttpError {
  constructor(message = 'Too many concurrent updates; retry later') {
    super(503, 'retry_later', message);
  }
}
