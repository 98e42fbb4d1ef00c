/** A problem the user must fix: printed as one line naming the file and line, then exit `exitCode`. */
export class DocexError extends Error {
  override name = 'DocexError';
  constructor(
    message: string,
    readonly exitCode = 2,
    readonly file?: string,
    readonly line?: number,
  ) {
    super(message);
  }

  /** `file:line: message`, the shape editors and CI annotations understand. */
  format(): string {
    if (!this.file) return this.message;
    return `${this.file}${this.line ? `:${this.line}` : ''}: ${this.message}`;
  }
}
