export { buildApiModel, type ModelOptions } from './build.js';
export { safeName } from './names.js';
export * from './operation.js';
export type * from './types.js';
