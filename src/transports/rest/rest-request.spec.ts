import type { Request } from 'express';
import { gatherInput, pathConflicts } from './rest-request.js';

function request(parts: { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> }): Request {
  const url = parts.query ? `/api/x?${new URLSearchParams(parts.query as Record<string, string>).toString()}` : '/api/x';
  return { params: parts.params ?? {}, body: parts.body, query: parts.query ?? {}, url } as unknown as Request;
}

describe('gatherInput', () => {
  it('takes no body as no arguments, and hands a body that is no object over as it came', () => {
    expect(gatherInput(request({}), 'body')).toEqual({});
    expect(gatherInput(request({ body: [1, 2] }), 'body')).toEqual([1, 2]);
    expect(gatherInput(request({ params: { id: '42' }, body: null }), 'params+body')).toBeNull();
    expect(gatherInput(request({ params: { id: '42' }, body: { name: 'x' } }), 'params+body')).toEqual({ name: 'x', id: 42 });
  });
});

describe('pathConflicts', () => {
  it('names a body or query value that is not the path segment of the same name', () => {
    expect(pathConflicts(request({ params: { id: '42' }, body: { id: 43 } }), 'params+body')).toEqual([
      {
        issue: {
          field: 'id',
          code: 'INVALID_VALUE',
          received: 43,
          message: "id 43 in the body is not the id in the path (42). Send the path's id, or leave id out of the body.",
          expected: '42',
        },
      },
    ]);
    expect(pathConflicts(request({ params: { id: '42' }, query: { id: '7' } }), 'params+query')?.[0].issue).toMatchObject({ field: 'id', received: '7' });
  });

  it("leaves a name beside a path id to the input parser, which resolves it: the path's record named otherwise is no conflict", () => {
    expect(pathConflicts(request({ params: { id: '42' }, body: { id: 'Migração ERP' } }), 'params+body')).toEqual([
      { issue: expect.objectContaining({ field: 'id', received: 'Migração ERP' }), unlessNamed: { name: 'Migração ERP', id: 42 } },
    ]);
  });

  it('takes the same id however it is written, and a value that is not sent', () => {
    for (const id of [42, '42', ' #42 ']) expect(pathConflicts(request({ params: { id: '42' }, body: { id } }), 'params+body')).toBeUndefined();
    expect(pathConflicts(request({ params: { id: '42' }, body: { name: 'x' } }), 'params+body')).toBeUndefined();
    expect(pathConflicts(request({ params: { id: 'ERP' }, body: { id: 'ERP' } }), 'params+body')).toBeUndefined();
    expect(pathConflicts(request({ params: { id: '42' }, body: [1] }), 'params+body')).toBeUndefined();
    expect(pathConflicts(request({ body: { id: 1 } }), 'body')).toBeUndefined();
  });
});
