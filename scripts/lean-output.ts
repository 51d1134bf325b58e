// Build time (vite configs). How every bundle of the extension is written out: ASCII only, and without the
// JSDoc comments of the sources. V8 keeps a script's source for as long as the script lives: one character
// outside Latin-1 anywhere in it (an ellipsis in a message, an arrow in a comment) makes the whole source
// two bytes a character, in every page the page agent runs in and every sandbox's runtime. Escaping those
// characters changes no string's value; the comments are read in the sources, never in dist/.
import type { OutputOptions } from 'rolldown';

export const LEAN_OUTPUT: OutputOptions = {
  charset: 'ascii',
  comments: { legal: true, annotation: false, jsdoc: false },
};
