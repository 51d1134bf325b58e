// Context: page agent build only (vite.page-agent.config.ts aliases source-map-js here). css-tree's
// generator can write source maps, which pulled 33 KB of source-map-js into every page the page agent
// runs on; nothing here asks for one (no generate() call passes { sourceMap: true }). Trusts nothing.
export class SourceMapGenerator {
  constructor() {
    throw new Error('css-tree source maps are not available in the page agent');
  }
}
