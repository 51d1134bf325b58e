// Tests only (Node): reads a test corpus kept beside this file, so a clone of the project alone has all its
// test data. The files are copied from the team's shared corpora (licences per entry; see README.md here).
import { readFileSync } from 'node:fs';

export type CorpusFile =
  | 'css-payloads.json'
  | 'dom-policy-vectors.json'
  | 'html-payloads.json'
  | 'injections.json'
  | 'js-static-check-evasions.json'
  | 'netrules-hostile.json'
  | 'sandbox-leak-channels.json';

export function readCorpus<T>(file: CorpusFile): T {
  return JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as T;
}
