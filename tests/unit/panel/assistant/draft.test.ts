// write_files merges whole files into the draft and reports the save-time checks' verdict on it.
import { describe, expect, it } from 'vitest';
import { applyWrite, asFiles, draftReport } from '../../../../panel/assistant/draft';

const manifest = JSON.stringify({ name: 'x', description: 'y', matches: ['*://shop.test/*'], runAt: 'document_idle', permissions: [] });

describe('draft', () => {
  it('merges whole files and drops removed ones', () => {
    let d = applyWrite({}, { files: { 'manifest.json': manifest, 'style.css': 'a{}' } });
    d = applyWrite(d, { files: { 'script.js': "rmx.log('hi')" }, remove: ['style.css'] });
    expect(Object.keys(d).sort()).toEqual(['manifest.json', 'script.js']);
    expect(draftReport(d).check).toEqual({ ok: true, problems: [] });
  });
  it('reports what the save-time checks refuse, before anything is saved', () => {
    const d = applyWrite({}, { files: { 'manifest.json': manifest, 'style.css': 'body{background:url(https://attacker.example/a)}' } });
    const report = draftReport(d);
    expect(report.check.ok).toBe(false);
    expect(report.check.problems[0]).toMatchObject({ file: 'style.css', code: 'STYLE_LOAD_REFUSED' });
  });
  it('has nothing to save without a manifest', () => {
    expect(asFiles({ 'script.js': '1' })).toBeUndefined();
    expect(draftReport({ 'script.js': '1' }).check.ok).toBe(false);
  });
});
