export { discoverApis, type ApiEntry } from './discover.js';
export { bundleFile, bundleRead, notOpenApi3, readForeign, repairedForTypes, type Diagnostic } from './bundle.js';
export { deref, refName } from './resolve.js';
export * from './types.js';
export { openapiVersion, pathItemOperations, skippedOperations } from './operations.js';
