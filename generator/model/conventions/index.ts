// The one place docex reads the API's conventions from a document. Every part (model, emit, lint, sandbox,
// docs, diff) asks these readers; none parses an `x-` extension or infers a convention from a name itself.
export * from './extensions.js';
export * from './node.js';
export * from './schema.js';
export * from './operations.js';
export * from './media.js';
export * from './success.js';
export * from './statuses.js';
export * from './collection.js';
export * from './sortable.js';
export * from './expandable.js';
export * from './etag.js';
export * from './caching.js';
export * from './security.js';
export * from './token-service.js';
export * from './extensible-enum.js';
export * from './sunset.js';
export * from './deprecation.js';
export * from './operation-ids.js';
export * from './unique.js';
export * from './effect.js';
export * from './resources.js';
export * from './operation-resource.js';
export * from './filter.js';
export * from './principal.js';
export * from './examples.js';
