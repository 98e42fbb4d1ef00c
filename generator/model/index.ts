export { buildApiModel } from './build.js';
export { shortTitle } from './names.js';
export * from './operation.js';
export type * from './types.js';
