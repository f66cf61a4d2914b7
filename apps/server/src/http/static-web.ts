import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const SERVER_PREFIXES = ['/api/', '/realms/', '/ws/', '/healthz', '/readyz'];

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * other GET that accepts HTML answered with index.html (history fallback) so the router decides.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string | null) {
  const built = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (webDist !== null && !built)
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve the UI');
  if (!webDist || !built) {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' &&
      !SERVER_PREFIXES.some((p) => url.startsWith(p)) &&
      !url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      return reply.status(404).send({ message: `No route for ${request.method} ${url}` });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
