/**
 * The API's shapes as TypeBox definitions: one definition gives the JSON
 * Schema (route validation, the OpenAPI document) and the TypeScript type
 * (core/foundation/types.ts exports `Static<>` of each under the spec's names).
 */
export * from './common';
export * from './items';
export * from './answers';
export * from './admin';
export * from './inputs';
export * from './sites';
