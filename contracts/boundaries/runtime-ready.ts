// Context: shared (pure, no zod). What a sandbox frame's runtime says, through the sandbox page, once it has
// evaluated and can take its boot message (offscreen/spares.ts). Its own module because the sandbox page,
// which passes it on, must load no schema library (vite.sandbox.config.ts).
export const RUNTIME_READY = { remixletRuntimeReady: true } as const;
