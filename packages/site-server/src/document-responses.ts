import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncodings, noneMatch } from './negotiation';
import type { Encoding } from './precompress';

interface Variant {
  body: Buffer;
  etag: string;
}

interface Document {
  plain: Variant;
  encoded: Map<Encoding, Variant>;
}

const variantOf = (body: Buffer): Variant => ({
  body,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

/**
 * Pages made on the server (the shell's document with a prerendered page in it), sent like the
 * static files: compressed once per version and kept, by `Accept-Encoding` with `Vary`, a strong
 * ETag per variant, `no-cache` so a deploy is seen at once, 304 when unchanged, HEAD.
 */
export function createDocumentResponses(limit = 500) {
  const documents = new Map<string, Document>();

  function documentFor(key: string, make: () => string | null): Document | null {
    let document = documents.get(key);
    if (!document) {
      const html = make();
      if (html === null) return null;
      document = { plain: variantOf(Buffer.from(html)), encoded: new Map() };
      if (documents.size >= limit) documents.clear();
      documents.set(key, document);
    }
    return document;
  }

  return {
    /**
     * Sends the document `key` names (one per page and deploy), made by `make` the first time;
     * false when `make` gives nothing, for the caller to send something else.
     */
    send(request: FastifyRequest, reply: FastifyReply, key: string, make: () => string | null): boolean {
      const document = documentFor(key, make);
      if (!document) return false;
      const encoding = acceptedEncodings(request.headers['accept-encoding'])[0];
      let variant = document.plain;
      if (encoding) {
        let encoded = document.encoded.get(encoding);
        if (!encoded) {
          encoded = variantOf(compressors[encoding](document.plain.body));
          document.encoded.set(encoding, encoded);
        }
        variant = encoded;
      }
      reply.header('Cache-Control', 'no-cache');
      reply.header('ETag', variant.etag);
      if (!reply.hasHeader('Vary')) reply.header('Vary', 'Accept-Encoding');
      if (noneMatch(request.headers['if-none-match'], variant.etag)) {
        reply.code(304).send();
        return true;
      }
      reply.header('Content-Type', 'text/html; charset=utf-8');
      if (encoding) reply.header('Content-Encoding', encoding);
      reply.header('Content-Length', variant.body.length);
      reply.code(200).send(request.method === 'HEAD' ? undefined : variant.body);
      return true;
    },
  };
}
