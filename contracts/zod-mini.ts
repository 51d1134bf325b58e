// Context: shared (pure). zod's mini build, with English messages, for the schemas every sandbox's runtime
// evaluates as it starts (contracts/dom/ops.ts, run-codec.ts, refusals.ts, sandbox-boot.ts,
// service-answers.ts): the classic build gives every schema instance its methods bound one by one, which
// was most of a runtime's start (bench/HISTORY.md, eighth pass). The same core parses both builds' schemas,
// so classic schemas elsewhere embed these as they are (dom/runs.ts, which derives the run schemas from the
// ops, uses this build too). Trusts nothing: it only builds schemas.
import { z } from 'zod/mini';
import { en } from 'zod/locales';

// The mini build carries no messages of its own; a refusal's reason quotes them (sandbox/runtime/handle.ts).
z.config(en());

export { z };
