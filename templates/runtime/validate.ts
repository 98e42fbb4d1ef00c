/**
 * The types of response validation (ClientSettings.validate, CallOptions.validate) and of each API's validators.js,
 * declared by its validators.d.ts. The checks themselves are plain JavaScript compiled by docex into validators.js
 * (their shared part is templates/validators/checks.ts), so that a client's compiler never reads them.
 */
import type { ValidationError } from './errors.js';
import type { OperationSpec, ValidateMode } from './types.js';

/** One problem of a value (Standard Schema's issue): what is wrong, and where (property names and array indexes). */
export interface Issue {
  readonly message: string;
  readonly path: PropertyKey[];
}

/** The Standard Schema v1 interface (standardschema.dev), which Zod, Valibot and ArkType implement. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    /** Types only: never set at run time. */
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly Issue[] };

/**
 * What a client runs on each response of a validating call (validators.js's `check`): `body` (a success body, already
 * parsed), else `error` (the ApiError of an error status) with `res`, a clone of the error response to read its body
 * from. `Failure`: errors.ts's ValidationError, handed over so that validators.js imports nothing. Rejects with it
 * under `'throw'`; a report function is called and the call goes on.
 */
export type ResponseCheck = (
  mode: ValidateMode,
  spec: Pick<OperationSpec, 'method' | 'path'>,
  res: Response,
  body: unknown,
  error: Error | undefined,
  Failure: typeof ValidationError,
) => Promise<void>;

/** What validators.js's `item` runs on each item of a stream operation's stream (stream.ts): throws the
 *  ValidationError of an item that does not match under `'throw'`, else calls the report function. */
export type ItemCheck = (mode: ValidateMode, spec: Pick<OperationSpec, 'method' | 'path'>, item: unknown, Failure: typeof ValidationError) => void;

/** An API's validators.js, as the client loads it at its first validating call. */
export interface Validators {
  readonly check: ResponseCheck;
  readonly item: ItemCheck;
}
