// Types for css-tree's own entry points of the parser, walker, generator and utilities alone (its
// package.json exports them; @types/css-tree declares only the whole). They are the same functions the
// whole package exports, built from the same node definitions, without the lexer and its property
// dictionaries: nothing here uses those, and building them cost every page the page agent runs on
// several milliseconds at each load.
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse;
  export default parse;
}
declare module 'css-tree/walker' {
  const walk: typeof import('css-tree').walk;
  export default walk;
}
declare module 'css-tree/generator' {
  const generate: typeof import('css-tree').generate;
  export default generate;
}
declare module 'css-tree/utils' {
  export const ident: typeof import('css-tree').ident;
}
