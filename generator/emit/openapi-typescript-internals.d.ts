// openapi-typescript's transform modules, imported directly so its Redocly 1.x (only used by openapiTS()'s
// lint+bundle step, which docex replaces) is never loaded: ~0.3 s of start-up. Pinned version 7.13.0.
declare module 'openapi-typescript/dist/transform/index.mjs' {
  const transformSchema: typeof import('openapi-typescript').transformSchema;
  export default transformSchema;
}
declare module 'openapi-typescript/dist/lib/ts.mjs' {
  export const astToString: typeof import('openapi-typescript').astToString;
}
declare module 'openapi-typescript/dist/lib/utils.mjs' {
  export const resolveRef: typeof import('openapi-typescript').resolveRef;
  export const scanDiscriminators: typeof import('openapi-typescript').scanDiscriminators;
}
