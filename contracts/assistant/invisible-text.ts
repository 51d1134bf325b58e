// Context: shared (pure). Text the assistant's tools return is shown to the model with its invisible parts
// made visible: Unicode tag characters (invisible "ASCII smuggling") are decoded into a marked span,
// zero-width characters are dropped, and bidi controls are named. A page cannot hide words from the
// person that it shows to the model, and the model is told where text was hidden. Trusts nothing.

const TAG_RUN = /[\u{E0000}-\u{E007F}]+/gu;
// eslint-disable-next-line no-misleading-character-class
const ZERO_WIDTH = /[\u200B\u200C\u200D\u2060\uFEFF\u00AD]/g;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

const BIDI_NAMES: Record<string, string> = {
  '\u202A': 'LRE',
  '\u202B': 'RLE',
  '\u202C': 'PDF',
  '\u202D': 'LRO',
  '\u202E': 'RLO: text after this is shown reversed',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
  '\u200E': 'LRM',
  '\u200F': 'RLM',
  '\u061C': 'ALM',
};

export function revealInvisible(text: string): string {
  return text
    .replace(TAG_RUN, (run) => {
      let decoded = '';
      for (const ch of run) {
        const cp = ch.codePointAt(0)! - 0xe0000;
        if (cp >= 0x20 && cp < 0x7f) decoded += String.fromCharCode(cp);
      }
      return decoded ? `⟦hidden tag characters: ${decoded}⟧` : '';
    })
    .replace(ZERO_WIDTH, '')
    .replace(BIDI, (c) => `⟦${BIDI_NAMES[c] ?? 'bidi control'}⟧`);
}
