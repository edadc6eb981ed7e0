import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor } from './cache-policy';
import { acceptedEncodings, byteRange, noneMatch } from './negotiation';
import { type Encoding, encodings, isCompressible } from './precompress';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

const contentTypeOf = (file: string) =>
  contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';

interface OpenFile {
  handle: FileHandle;
  stat: Stats;
  path: string;
  encoding?: Encoding;
}

async function openFile(path: string): Promise<OpenFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return null;
  }
  const stat = await handle.stat();
  if (stat.isFile()) return { handle, stat, path };
  await handle.close();
  return null;
}

/**
 * The file's path under `root` for a request path below a prefix, or null when the path tries to
 * leave the folder or names a dotfile, an empty or a `.` segment: never a file we serve.
 */
export function fileUnder(root: string, relativeUrlPath: string): string | null {
  const segments: string[] = [];
  for (const raw of relativeUrlPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (!segment || segment.startsWith('.') || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  const base = resolve(root);
  const file = join(base, ...segments);
  return file.startsWith(base + sep) ? file : null;
}

export interface SendOptions {
  /** The status of a full answer: the shell's page is also the body of a 404. */
  status?: number;
}

/**
 * Sends the site's files: the precompressed variant the client prefers (written beside each
 * text file at deploy time; see `precompress.ts`), `Vary: Accept-Encoding`, a strong ETag per
 * variant with 304 on `If-None-Match`, the cache policy, HEAD, and single byte ranges on the
 * plain file. A variant older than its file is left over from an earlier deploy and ignored.
 */
export function createStaticFiles() {
  const etags = new Map<string, { size: number; mtimeMs: number; ino: number; etag: string }>();

  async function etagOf({ handle, stat, path }: OpenFile): Promise<string> {
    const known = etags.get(path);
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ino === stat.ino) {
      return known.etag;
    }
    const digest = createHash('sha256')
      .update(await handle.readFile())
      .digest('base64url');
    const etag = `"${digest.slice(0, 27)}"`;
    if (etags.size > 10_000) etags.clear();
    etags.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, etag });
    return etag;
  }

  /** The variant to send: the best accepted one that exists and is current, else the file. */
  async function select(file: string, request: FastifyRequest): Promise<OpenFile | null> {
    const plain = await openFile(file);
    if (!plain || !isCompressible(file)) return plain;
    // A range counts bytes of the plain file; an encoded answer to it would confuse the client.
    if (request.headers.range !== undefined) return plain;
    for (const name of acceptedEncodings(request.headers['accept-encoding'])) {
      const suffix = encodings.find((encoding) => encoding.name === name)?.suffix ?? '';
      const variant = await openFile(file + suffix);
      if (!variant) continue;
      if (variant.stat.mtimeMs >= plain.stat.mtimeMs) {
        await plain.handle.close();
        return { ...variant, encoding: name };
      }
      await variant.handle.close();
    }
    return plain;
  }

  /** Sends `file`; false when there is no such file, for the caller's 404. */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    { status = 200 }: SendOptions = {},
  ): Promise<boolean> {
    const selected = await select(file, request);
    if (!selected) return false;
    const { handle, stat, encoding } = selected;
    let streaming = false;
    try {
      const etag = await etagOf(selected);
      reply.header('Content-Type', contentTypeOf(file));
      reply.header('Cache-Control', cacheControlFor(file));
      reply.header('ETag', etag);
      if (isCompressible(file)) reply.header('Vary', 'Accept-Encoding');
      if (encoding) reply.header('Content-Encoding', encoding);
      else reply.header('Accept-Ranges', 'bytes');

      if (status === 200 && noneMatch(request.headers['if-none-match'], etag)) {
        // RFC 9110: a 304 carries the validators and cache headers, not the body's metadata.
        for (const name of ['Content-Type', 'Content-Encoding', 'Accept-Ranges']) reply.removeHeader(name);
        reply.code(304).send();
        return true;
      }
      let range = byteRange(undefined, stat.size);
      const ifRange = request.headers['if-range'];
      if (!encoding && status === 200 && (ifRange === undefined || ifRange === etag)) {
        range = byteRange(request.headers.range, stat.size);
      }
      if (range === 'unsatisfiable') {
        reply
          .code(416)
          .header('Content-Range', `bytes */${stat.size}`)
          .type('application/json')
          .send({ message: 'Range Not Satisfiable' });
        return true;
      }
      const { start, end } = range === 'whole' ? { start: 0, end: stat.size - 1 } : range;
      if (range !== 'whole') reply.header('Content-Range', `bytes ${start}-${end}/${stat.size}`);
      reply.code(range === 'whole' ? status : 206).header('Content-Length', Math.max(0, end - start + 1));
      if (request.method === 'HEAD' || stat.size === 0) {
        reply.send();
        return true;
      }
      streaming = true;
      reply.send(handle.createReadStream({ start, end, autoClose: true }));
      return true;
    } finally {
      if (!streaming) await handle.close();
    }
  }

  // GET and HEAD declared together: Fastify's own HEAD route would send `Content-Length: 0`.
  function serve(app: FastifyInstance, url: string, fileFor: (request: FastifyRequest) => string | null) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      handler: async (request, reply) => {
        const file = fileFor(request);
        if (!file || !(await send(request, reply, file))) return reply.callNotFound();
        return reply;
      },
    });
  }

  return {
    send,
    /** One file at one address (`/site-manifest.json`). */
    serveFile(app: FastifyInstance, url: string, file: string) {
      serve(app, url, () => file);
    },
    /** A folder of the site under a URL prefix (`/shell/`). */
    serveFolder(app: FastifyInstance, prefix: string, root: string) {
      serve(app, `${prefix}*`, (request) =>
        fileUnder(root, (request.url.split('?')[0] ?? '').slice(prefix.length)),
      );
    },
  };
}
