export { discoverApis, type ApiEntry } from './discover.js';
export { bundleFile, notOpenApi3, repairedForTypes, type Diagnostic } from './bundle.js';
export { deref, refName } from './resolve.js';
export * from './types.js';
export { openapiVersion, pathItemOperations, skippedOperations } from './operations.js';
