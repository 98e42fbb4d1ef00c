/** One message of the spec's error body (section 7.1). */
export interface Message {
  technicalMessage: string;
  errorCode?: string;
  description?: string;
}

/** Thrown by handlers; the sub API error handler turns it into the spec's error body. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly messages: Message[];
  constructor(
    readonly status: number,
    messages: Message | Message[],
    readonly headers: Record<string, string> = {},
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.map((m) => m.technicalMessage).join('; '));
    this.messages = list;
  }
}

const errorCodes: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  406: 'NotAcceptable',
  409: 'Conflict',
  412: 'PreconditionFailed',
  415: 'UnsupportedMediaType',
  500: 'InternalServerError',
};

export function httpError(status: number, technicalMessage: string, errorCode = errorCodes[status]): HttpError {
  return new HttpError(status, errorCode ? { technicalMessage, errorCode } : { technicalMessage });
}
