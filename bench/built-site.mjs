// The site as `npm start` builds and serves it, for a benchmark that loads its pages in a browser
// (bench:size, bench:lighthouse): built into the bench's own folder, served on a free port with a
// throwaway database and demo data, and gone when the bench exits, however it exits.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A self-signed certificate for 127.0.0.1, for a bench that serves the site over TLS. */
function selfSignedCertificate(dir) {
  const key = join(dir, 'tls-key.pem');
  const cert = join(dir, 'tls-cert.pem');
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  return { key, cert };
}

/**
 * Builds the site into `siteDir` (unless `build` is false: the last build is served again) and
 * starts its server. Answers the site's address and key once the API answers, and `call`, a
 * request helper that trusts the site's certificate. The server is told its own address
 * (`SITE_URL`), as in production: the photo URLs the API writes are then same-origin, which the
 * content security policy requires. With `tls`, it serves https (HTTP/2 first) with a
 * self-signed certificate, as a site in production is reached.
 */
export async function startBuiltSite({ siteDir, build = true, tls = false }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ukd-bench-data-'));
  const siteKey = process.env.SITE_KEY ?? 'ukdating-site01';
  const env = { ...process.env, SITE_DIR: siteDir, SITE_ENV: 'production', DATA_DIR: dataDir };
  let server;
  process.on('exit', () => {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  if (build) {
    rmSync(siteDir, { recursive: true, force: true });
    console.log('building the site…');
    const built = spawnSync(process.execPath, ['scripts/site/run.mjs', 'build-site'], {
      cwd: root,
      env,
      stdio: 'ignore',
    });
    if (built.status !== 0) {
      console.error('site build failed: run `npm run build` to see why');
      process.exit(1);
    }
  }

  const certificate = tls ? selfSignedCertificate(dataDir) : undefined;
  const ca = certificate ? readFileSync(certificate.cert) : undefined;
  const port = await freePort();
  const base = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  /** One request to the site: its status and body text. */
  const call = (path, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const request = (tls ? https : http).request(`${base}${path}`, { method, headers, ca }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      request.end(body);
    });
  server = spawn(process.execPath, ['--import', 'tsx', 'packages/site-server/src/main.ts'], {
    cwd: root,
    env: {
      ...env,
      ...(certificate ? { TLS_KEY: certificate.key, TLS_CERT: certificate.cert } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: base,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  // A busy machine can take a while to start the server (it opens the database and seeds it).
  const startedBy = Date.now() + 180_000;
  const answers = () =>
    call('/api/settings', { headers: { 'Site-key': siteKey } }).then(
      (r) => r.status === 200,
      () => false,
    );
  while (!(await answers())) {
    if (Date.now() > startedBy) {
      console.error('the site server did not start within three minutes');
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, siteKey, call };
}
