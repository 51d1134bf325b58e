// Context: the stylesheet checks (worker at save and activation, page agent at insertion) and Node tests.
// Trusts nothing: it only splits assistant-written CSS into tokens.

// A CSS Syntax Level 3 tokenizer, written out because css-tree's tokenizer compares the raw text with
// "url" and so misses escaped names such as \75rl( that Chrome's tokenizer decodes. It follows the
// spec's preprocessing (NUL becomes U+FFFD; CR, FF and CRLF are newlines) and keeps comments as
// tokens, because the checks also read comments.
export type CssTokenType =
  | 'whitespace'
  | 'comment'
  | 'ident'
  | 'function'
  | 'at-keyword'
  | 'hash'
  | 'string'
  | 'bad-string'
  | 'url'
  | 'bad-url'
  | 'delim'
  | 'number'
  | 'percentage'
  | 'dimension'
  | 'CDO'
  | 'CDC'
  | 'colon'
  | 'semicolon'
  | 'comma'
  | '['
  | ']'
  | '('
  | ')'
  | '{'
  | '}';

export interface CssToken {
  type: CssTokenType;
  /** Offset of the first code unit in the source. */
  start: number;
  /** Offset after the last code unit. */
  end: number;
  /**
   * Decoded value: the name for ident, function, at-keyword and hash; the text for string and url;
   * the body for comment; the code point for delim; the source text otherwise.
   */
  value: string;
}

const EOF = -1;
const REPLACEMENT = '\uFFFD';

function isNewline(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x0c;
}
function isWhitespace(c: number): boolean {
  return isNewline(c) || c === 0x09 || c === 0x20;
}
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}
function isLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}
// NUL counts: preprocessing turns it into U+FFFD, a non-ASCII (so name-start) code point.
function isNameStart(c: number): boolean {
  return isLetter(c) || c >= 0x80 || c === 0x5f || c === 0x00;
}
function isNameChar(c: number): boolean {
  return isNameStart(c) || isDigit(c) || c === 0x2d;
}
function isNonPrintable(c: number): boolean {
  return (c >= 0x01 && c <= 0x08) || c === 0x0b || (c >= 0x0e && c <= 0x1f) || c === 0x7f;
}

/** "url" in any ASCII case (Chrome compares function names ASCII case-insensitively). */
function isUrlName(name: string): boolean {
  return name.length === 3 && (name.charCodeAt(0) | 0x20) === 0x75 && (name.charCodeAt(1) | 0x20) === 0x72 && (name.charCodeAt(2) | 0x20) === 0x6c;
}

/** Tokenize CSS exactly as CSS Syntax Level 3 (and so Chrome) does, keeping comments. Never throws. */
export function tokenizeCss(css: string): CssToken[] {
  const n = css.length;
  const tokens: CssToken[] = [];
  const at = (i: number): number => (i < n ? css.charCodeAt(i) : EOF);

  const validEscape = (i: number): boolean => at(i) === 0x5c && !isNewline(at(i + 1));
  const startsIdent = (i: number): boolean => {
    const c1 = at(i);
    if (c1 === 0x2d) {
      const c2 = at(i + 1);
      return isNameStart(c2) || c2 === 0x2d || validEscape(i + 1);
    }
    if (c1 === EOF) return false;
    if (isNameStart(c1)) return true;
    return c1 === 0x5c && validEscape(i);
  };
  const startsNumber = (i: number): boolean => {
    const c1 = at(i);
    if (c1 === 0x2b || c1 === 0x2d) {
      const c2 = at(i + 1);
      return isDigit(c2) || (c2 === 0x2e && isDigit(at(i + 2)));
    }
    if (c1 === 0x2e) return isDigit(at(i + 1));
    return isDigit(c1);
  };
  /** i is just after the backslash. Returns the code point's text and the next offset. */
  const consumeEscape = (i: number): [string, number] => {
    const c = at(i);
    if (c === EOF) return [REPLACEMENT, i];
    if (isHex(c)) {
      let j = i;
      let hex = '';
      while (hex.length < 6 && isHex(at(j))) hex += css[j++];
      if (at(j) === 0x0d && at(j + 1) === 0x0a) j += 2;
      else if (isWhitespace(at(j))) j++;
      const cp = parseInt(hex, 16);
      if (cp === 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return [REPLACEMENT, j];
      return [String.fromCodePoint(cp), j];
    }
    const cp = css.codePointAt(i) ?? 0;
    const len = cp > 0xffff ? 2 : 1;
    return [cp === 0 ? REPLACEMENT : String.fromCodePoint(cp), i + len];
  };
  // Runs of characters that stand for themselves are copied with one slice; only escapes and NUL are decoded.
  const consumeName = (i: number): [string, number] => {
    let out = '';
    let j = i;
    let run = i;
    for (;;) {
      const c = at(j);
      if (c !== 0x00 && isNameChar(c)) {
        j++;
      } else if (c === 0x00) {
        out += css.slice(run, j) + REPLACEMENT;
        run = ++j;
      } else if (validEscape(j)) {
        const [v, next] = consumeEscape(j + 1);
        out += css.slice(run, j) + v;
        run = j = next;
      } else {
        return [out + css.slice(run, j), j];
      }
    }
  };
  const consumeBadUrlRemnants = (i: number): number => {
    let j = i;
    for (;;) {
      const c = at(j);
      if (c === EOF) return j;
      if (c === 0x29) return j + 1;
      if (validEscape(j)) j = consumeEscape(j + 1)[1];
      else j++;
    }
  };
  const push = (type: CssTokenType, start: number, end: number, value?: string): number => {
    tokens.push({ type, start, end, value: value ?? css.slice(start, end) });
    return end;
  };
  const consumeUrl = (start: number, i: number): number => {
    let j = i;
    let value = '';
    while (isWhitespace(at(j))) j++;
    let run = j;
    for (;;) {
      const c = at(j);
      if (c === 0x29) return push('url', start, j + 1, value + css.slice(run, j));
      if (c === EOF) return push('url', start, j, value + css.slice(run, j));
      if (isWhitespace(c)) {
        value += css.slice(run, j);
        while (isWhitespace(at(j))) j++;
        const d = at(j);
        if (d === 0x29) return push('url', start, j + 1, value);
        if (d === EOF) return push('url', start, j, value);
        return push('bad-url', start, consumeBadUrlRemnants(j), value);
      }
      if (c === 0x22 || c === 0x27 || c === 0x28 || isNonPrintable(c)) {
        return push('bad-url', start, consumeBadUrlRemnants(j), value + css.slice(run, j));
      }
      if (c === 0x5c) {
        if (!validEscape(j)) return push('bad-url', start, consumeBadUrlRemnants(j), value + css.slice(run, j));
        const [v, next] = consumeEscape(j + 1);
        value += css.slice(run, j) + v;
        run = j = next;
        continue;
      }
      if (c === 0x00) {
        value += css.slice(run, j) + REPLACEMENT;
        run = ++j;
        continue;
      }
      j++;
    }
  };
  const consumeIdentLike = (start: number): number => {
    const [name, j] = consumeName(start);
    if (isUrlName(name) && at(j) === 0x28) {
      let k = j + 1;
      while (isWhitespace(at(k)) && isWhitespace(at(k + 1))) k++;
      const c = at(k);
      if (c === 0x22 || c === 0x27 || (isWhitespace(c) && (at(k + 1) === 0x22 || at(k + 1) === 0x27))) {
        return push('function', start, j + 1, name);
      }
      return consumeUrl(start, k);
    }
    if (at(j) === 0x28) return push('function', start, j + 1, name);
    return push('ident', start, j, name);
  };
  const consumeNumeric = (start: number): number => {
    let j = start;
    if (at(j) === 0x2b || at(j) === 0x2d) j++;
    while (isDigit(at(j))) j++;
    if (at(j) === 0x2e && isDigit(at(j + 1))) {
      j += 2;
      while (isDigit(at(j))) j++;
    }
    const e = at(j);
    if (e === 0x45 || e === 0x65) {
      const s = at(j + 1);
      const digitsAt = isDigit(s) ? j + 1 : (s === 0x2b || s === 0x2d) && isDigit(at(j + 2)) ? j + 2 : -1;
      if (digitsAt !== -1) {
        j = digitsAt;
        while (isDigit(at(j))) j++;
      }
    }
    if (startsIdent(j)) {
      const [, end] = consumeName(j);
      return push('dimension', start, end);
    }
    if (at(j) === 0x25) return push('percentage', start, j + 1);
    return push('number', start, j);
  };
  const consumeString = (start: number, quoteChar: number): number => {
    let j = start + 1;
    let value = '';
    let run = j;
    for (;;) {
      const c = at(j);
      if (c === quoteChar) return push('string', start, j + 1, value + css.slice(run, j));
      if (c === EOF) return push('string', start, j, value + css.slice(run, j));
      if (isNewline(c)) return push('bad-string', start, j, value + css.slice(run, j));
      if (c === 0x5c) {
        value += css.slice(run, j);
        const next = at(j + 1);
        if (next === EOF) {
          j++;
        } else if (isNewline(next)) {
          j += next === 0x0d && at(j + 2) === 0x0a ? 3 : 2;
        } else {
          const [v, after] = consumeEscape(j + 1);
          value += v;
          j = after;
        }
        run = j;
        continue;
      }
      if (c === 0x00) {
        value += css.slice(run, j) + REPLACEMENT;
        run = ++j;
        continue;
      }
      j++;
    }
  };

  let i = 0;
  while (i < n) {
    const c = at(i);
    if (c === 0x2f && at(i + 1) === 0x2a) {
      const close = css.indexOf('*/', i + 2);
      const end = close === -1 ? n : close + 2;
      i = push('comment', i, end, css.slice(i + 2, close === -1 ? n : close));
      continue;
    }
    if (isWhitespace(c)) {
      let j = i;
      while (isWhitespace(at(j))) j++;
      i = push('whitespace', i, j);
      continue;
    }
    switch (c) {
      case 0x22:
      case 0x27:
        i = consumeString(i, c);
        continue;
      case 0x23:
        if (isNameChar(at(i + 1)) || validEscape(i + 1)) {
          const [name, end] = consumeName(i + 1);
          i = push('hash', i, end, name);
        } else {
          i = push('delim', i, i + 1, '#');
        }
        continue;
      case 0x28:
        i = push('(', i, i + 1);
        continue;
      case 0x29:
        i = push(')', i, i + 1);
        continue;
      case 0x2c:
        i = push('comma', i, i + 1);
        continue;
      case 0x3a:
        i = push('colon', i, i + 1);
        continue;
      case 0x3b:
        i = push('semicolon', i, i + 1);
        continue;
      case 0x5b:
        i = push('[', i, i + 1);
        continue;
      case 0x5d:
        i = push(']', i, i + 1);
        continue;
      case 0x7b:
        i = push('{', i, i + 1);
        continue;
      case 0x7d:
        i = push('}', i, i + 1);
        continue;
      case 0x2b:
        i = startsNumber(i) ? consumeNumeric(i) : push('delim', i, i + 1, '+');
        continue;
      case 0x2d:
        if (startsNumber(i)) i = consumeNumeric(i);
        else if (at(i + 1) === 0x2d && at(i + 2) === 0x3e) i = push('CDC', i, i + 3);
        else if (startsIdent(i)) i = consumeIdentLike(i);
        else i = push('delim', i, i + 1, '-');
        continue;
      case 0x2e:
        i = startsNumber(i) ? consumeNumeric(i) : push('delim', i, i + 1, '.');
        continue;
      case 0x3c:
        i = css.startsWith('!--', i + 1) ? push('CDO', i, i + 4) : push('delim', i, i + 1, '<');
        continue;
      case 0x40:
        if (startsIdent(i + 1)) {
          const [name, end] = consumeName(i + 1);
          i = push('at-keyword', i, end, name);
        } else {
          i = push('delim', i, i + 1, '@');
        }
        continue;
      case 0x5c:
        i = validEscape(i) ? consumeIdentLike(i) : push('delim', i, i + 1, '\\');
        continue;
      default:
        break;
    }
    if (isDigit(c)) {
      i = consumeNumeric(i);
    } else if (isNameStart(c)) {
      i = consumeIdentLike(i);
    } else {
      const cp = css.codePointAt(i) ?? c;
      const len = cp > 0xffff ? 2 : 1;
      i = push('delim', i, i + len, String.fromCodePoint(cp));
    }
  }
  return tokens;
}

/** Map source offsets to 1-based line and column (UTF-16 units), counting CRLF, CR and FF as one newline each. */
export function locator(source: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x0d && source.charCodeAt(i + 1) === 0x0a) {
      starts.push(i + 2);
      i++;
    } else if (c === 0x0a || c === 0x0d || c === 0x0c) {
      starts.push(i + 1);
    }
  }
  return (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  };
}

/**
 * How deep CSS may nest blocks, brackets and functions. css-tree parses and walks nesting by recursion,
 * and a few thousand levels exhaust the stack (two benign sheets of nested @media or & rules did); no
 * stylesheet a person writes comes near this, and a fixed limit gives every reader (Node, the worker, the
 * page) the same verdict, where a stack would not.
 */
export const MAX_CSS_NESTING = 256;

/**
 * The token at which the nesting of {}, () (and functions) and [] first goes past `limit`, or undefined.
 * Blocks match as CSS Syntax matches them (a closer ends only its own kind of block), in one pass with
 * no recursion, so it answers for any input before css-tree is asked to.
 */
export function nestingBeyond(tokens: readonly CssToken[], limit = MAX_CSS_NESTING): CssToken | undefined {
  const closers: string[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case '{':
        closers.push('}');
        break;
      case '(':
      case 'function':
        closers.push(')');
        break;
      case '[':
        closers.push(']');
        break;
      case '}':
      case ')':
      case ']':
        if (closers[closers.length - 1] === t.type) closers.pop();
        continue;
      default:
        continue;
    }
    if (closers.length > limit) return t;
  }
  return undefined;
}
