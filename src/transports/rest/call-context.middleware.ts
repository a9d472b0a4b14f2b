import type { NextFunction, Request, Response } from 'express';
import { runInCall } from '../../call/call-context.js';

/** Opens the call context of a REST request; everything downstream (guards, pipe, services) sees it. */
export function callContextMiddleware(req: Request, _res: Response, next: NextFunction): void {
  runInCall(
    { transport: 'rest', startedAt: performance.now(), route: `${req.method} ${req.originalUrl.split('?')[0]}` },
    () => next(),
  );
}
