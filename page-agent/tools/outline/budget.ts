// Context: page agent (isolated world). The outline's size: a cap on lines (what the model asked for) and
// on bytes (what a first look may cost a model's context), shared by the outline's sections.

const encoder = new TextEncoder();

export function bytesOf(line: string): number {
  return encoder.encode(line).length + 1;
}

export class Budget {
  lines = 0;
  bytes = 0;

  constructor(
    readonly maxLines: number,
    readonly maxBytes: number,
  ) {}

  fits(bytes: number, lines = 1): boolean {
    return this.lines + lines <= this.maxLines && this.bytes + bytes <= this.maxBytes;
  }

  take(bytes: number, lines = 1): void {
    this.lines += lines;
    this.bytes += bytes;
  }

  /** Takes the line if it fits; says whether it did. */
  add(out: string[], line: string): boolean {
    const b = bytesOf(line);
    if (!this.fits(b)) return false;
    this.take(b);
    out.push(line);
    return true;
  }

  /** A budget for one section: at most `share` of what is left of this one. */
  part(shareOfBytes: number, shareOfLines = shareOfBytes): Budget {
    return new Budget(Math.floor((this.maxLines - this.lines) * shareOfLines), Math.floor((this.maxBytes - this.bytes) * shareOfBytes));
  }

  /** Counts what a section spent against this budget. */
  spend(section: Budget): void {
    this.take(section.bytes, section.lines);
  }
}
