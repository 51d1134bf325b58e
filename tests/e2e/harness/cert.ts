import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Certificate {
  /** PEM private key (EC P-256). */
  key: Buffer;
  /** PEM self-signed certificate. */
  cert: Buffer;
}

/**
 * Generates a throw-away self-signed certificate with the `openssl` CLI.
 * SAN covers every fixture host (plus `*.test`, localhost and 127.0.0.1). Chromium runs with
 * `--ignore-certificate-errors`, so the SAN is for tidiness and for non-Chromium clients that
 * pass `ca: cert`; the recording proxy also reuses this certificate to terminate TLS for
 * non-fixture hosts (witness hits) so it can log their paths.
 */
export function generateCertificate(hosts: readonly string[]): Certificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'remixlet-e2e-cert-'));
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
  const cfgPath = path.join(dir, 'openssl.cnf');
  const names = [...new Set([...hosts, '*.test', 'localhost'])];
  const san = [...names.map((h) => `DNS:${h}`), 'IP:127.0.0.1'].join(',');
  writeFileSync(
    cfgPath,
    [
      '[req]',
      'distinguished_name = dn',
      'x509_extensions = ext',
      'prompt = no',
      '[dn]',
      'CN = remixlet-e2e',
      '[ext]',
      `subjectAltName = ${san}`,
      'basicConstraints = critical,CA:FALSE',
      'keyUsage = critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage = serverAuth',
      '',
    ].join('\n'),
  );
  try {
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-nodes',
        '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1',
        '-keyout', keyPath, '-out', certPath,
        '-days', '2', '-config', cfgPath,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return { key: readFileSync(keyPath), cert: readFileSync(certPath) };
  } finally {
    // The PEMs are kept in memory; the temp dir is not needed after this.
    rmSync(dir, { recursive: true, force: true });
  }
}
