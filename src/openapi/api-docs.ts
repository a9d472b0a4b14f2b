import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { Express, Request, Response } from 'express';
import { DOCS_JSON_PATH, DOCS_PATH } from '../envelope/entry-points.js';
import { pageHeaders } from '../envelope/page-headers.js';
import { OpenApiDocument } from './openapi-document.js';

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>intentdesk REST API</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-16x16.png" sizes="16x16">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

/**
 * The page runs only its own two scripts; Swagger UI sets inline styles and shows data: images, and
 * "Try it out" calls the API on this origin.
 */
const PAGE_HEADERS = pageHeaders(
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
    "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
);

const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(DOCS_JSON_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/**
 * Serves the OpenAPI document (/api/docs-json) and Swagger UI (/api/docs) ahead of the REST routes.
 * The document is built on its first request and kept: start-up neither builds nor loads its code.
 */
export function serveApiDocs(app: INestApplication): void {
  const express = app.getHttpAdapter().getInstance() as Express;
  const document = app.get(OpenApiDocument);
  let uiDir: string | undefined;
  let json: Promise<string> | undefined;

  express.get(DOCS_JSON_PATH, (_req: Request, res: Response, next: (error?: unknown) => void) => {
    json ??= document.get().then((doc) => JSON.stringify(doc));
    json.then((body) => res.type('application/json').send(body), next);
  });
  express.get(DOCS_PATH, (_req: Request, res: Response) => {
    res.type('text/html').set(PAGE_HEADERS).send(PAGE);
  });
  express.get(`${DOCS_PATH}/init.js`, (_req: Request, res: Response) => {
    res.type('text/javascript').set('X-Content-Type-Options', 'nosniff').send(INIT);
  });
  express.get(`${DOCS_PATH}/:asset`, (req: Request, res: Response, next: () => void) => {
    const asset = req.params.asset as string;
    if (!Object.hasOwn(ASSETS, asset)) {
      next();
      return;
    }
    uiDir ??= dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    res.sendFile(join(uiDir, asset), { headers: { 'Content-Type': ASSETS[asset], 'Cache-Control': 'public, max-age=3600' } });
  });
}
