export { buildApiModel } from './build.js';
export * from './operation.js';
export type * from './types.js';
