// The `@ts-nocheck` lines after a generated file's banner. A client's compiler then reads only the file's
// declarations, as it reads a package's .d.ts under skipLibCheck; checking the bodies again in every client build cost
// more than the client's own types (the tsc rows of `npm run bench -- --only generation`).

/** The runtime and token files and validators.js: their sources (templates/) are what docex type-checks. */
export const NOCHECK = '// @ts-nocheck -- docex type-checks this file; your compiler settings need not accept it.\n';

/** client.ts, index.ts and raw.ts, which have no source but themselves: docex's own type-checks (scripts/tsc.mjs)
 *  blank this exact line, and only this one, so that the files they generate are checked whole. */
export const CHECKED_BY_DOCEX =
  "// @ts-nocheck -- generated and type-checked by docex: your compiler checks your code against these types, as it does a package's .d.ts under skipLibCheck\n";
