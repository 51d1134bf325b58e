// Context: shared (pure). The API version, apart from the schemas that use it: the remixlet runtime needs
// only this number, and evaluating the stored shapes' schemas would slow every sandbox's start.
/** The API version this build stamps into every saved manifest, and the versions it still runs. */
export const API_VERSION = 1;
export const SUPPORTED_API_VERSIONS: readonly number[] = [1];
