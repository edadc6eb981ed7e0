/** What the hot client and the shared refresh runtime use from rspack and react-refresh. */
declare const __resourceQuery: string;

declare module '@rspack/core/hot/emitter.js' {
  export const emitter: { emit(event: 'webpackHotUpdate', hash: string): void };
}

declare module '@rspack/core/hot/dev-server.js' {}

declare module 'react-refresh/runtime' {
  export function register(type: unknown, id: string): void;
  export function createSignatureFunctionForTransform(): unknown;
  export function getFamilyByType(type: unknown): unknown;
  export function injectIntoGlobalHook(globalObject: unknown): void;
  export function isLikelyComponentType(type: unknown): boolean;
  export function performReactRefresh(): unknown;
}
