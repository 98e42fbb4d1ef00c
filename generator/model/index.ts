export { buildApiModel, type ModelOptions } from './build.js';
export { camelCase, pascalCase, safeName } from './names.js';
export type * from './types.js';
