export { buildApiModel, type ModelOptions } from './build.js';
export { camelCase, pascalCase, safeName } from './names.js';
export * from './operation.js';
export type * from './types.js';
