import {
  type ArgumentMetadata,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  type NestInterceptor,
  type PipeTransform,
  type Type,
} from '@nestjs/common';
import { ExternalContextCreator } from '@nestjs/core';
import { ExecutionContextHost, FORBIDDEN_MESSAGE, STATIC_CONTEXT } from '@nestjs/core/internal';
import { defer, from, isObservable, lastValueFrom, mergeAll, type Observable } from 'rxjs';

/** What Nest resolves a handler's enhancers with: the creators of the ExternalContextCreator the application injects. */
interface EnhancerCreators {
  guardsContextCreator: { create(instance: object, callback: Method, module: string, contextId: typeof STATIC_CONTEXT): CanActivate[] };
  interceptorsContextCreator: { create(instance: object, callback: Method, module: string, contextId: typeof STATIC_CONTEXT): NestInterceptor[] };
  pipesContextCreator: { create(instance: object, callback: Method, module: string, contextId: typeof STATIC_CONTEXT): PipeTransform[] };
  filtersContextCreator: { create(instance: object, callback: Method, module: string, contextId: typeof STATIC_CONTEXT): ExceptionsHandler };
}

interface ExceptionsHandler {
  next(exception: unknown, host: ExecutionContextHost): unknown;
}

type Method = (...args: unknown[]) => unknown;

/**
 * An interceptor that can also run around a promise: a tool call's chain then needs no Observable,
 * operator or subscription per call. `next` runs the rest of the chain; the answer is what the
 * Observable form would have emitted last.
 */
export interface PromiseInterceptor {
  interceptPromise(context: ExecutionContext, next: () => Promise<unknown>): Promise<unknown>;
}

/** One parameter of a handler: how its value is drawn from the call's arguments, and what the pipes are told of it. */
export interface ChainParam {
  extract(args: unknown[]): unknown;
  metadata: ArgumentMetadata;
}

/**
 * The enhancer chain of one handler, run the way ExternalContextCreator runs it — the same global
 * (and class or method) guards, pipes, interceptors and filters, resolved by Nest's own context
 * creators at boot, in the same order: guards, then the interceptors around the pipes and the
 * method, errors to the filters — but without the per-call plumbing that made up most of a tool
 * call's framework cost: an async function per step and per parameter, two AsyncResources and
 * four rxjs subscriptions per interceptor. A guard that answers a plain boolean is not awaited;
 * the pipes of a parameter run one after another, parameters in order.
 *
 * Unlike Nest, the method does not run in the async context `next.handle()` was called in but in
 * the one the chain was entered in: every tool call enters it inside its call's scope and span
 * (mcp-dispatcher.ts), which is where Nest's binding put it.
 */
export function toolChain(
  creator: ExternalContextCreator,
  instance: object,
  callback: Method,
  params: readonly ChainParam[],
  contextType: string,
): (...args: unknown[]) => Promise<unknown> {
  const creators = creator as unknown as EnhancerCreators;
  const classRef = instance.constructor;
  const moduleKey = creator.getContextModuleKey(classRef);
  const guards = creators.guardsContextCreator.create(instance, callback, moduleKey, STATIC_CONTEXT);
  const interceptors = creators.interceptorsContextCreator.create(instance, callback, moduleKey, STATIC_CONTEXT);
  const pipes = creators.pipesContextCreator.create(instance, callback, moduleKey, STATIC_CONTEXT);
  const exceptions = creators.filtersContextCreator.create(instance, callback, moduleKey, STATIC_CONTEXT);

  /**
   * The pipes, then the method. Not an async function: the method's own promise is the answer (an
   * async function returning it would add its own promise and ticks), and a pipe that answers a
   * plain value (most parameters pass untouched) is not awaited.
   */
  const invoke = (args: unknown[]): Promise<unknown> => {
    const values: unknown[] = [];
    for (let p = 0; p < params.length; p++) {
      let value = params[p].extract(args);
      for (let i = 0; i < pipes.length; i++) {
        const piped: unknown = pipes[i].transform(value, params[p].metadata);
        if (piped instanceof Promise) return piped.then((settled: unknown) => invokeFrom(args, values, p, i + 1, settled));
        value = piped;
      }
      values.push(value);
    }
    return answerOf(values);
  };

  /** The rest of `invoke` once a pipe has answered a promise: parameter `p` from pipe `i` on, its value so far `value`. */
  const invokeFrom = async (args: unknown[], values: unknown[], p: number, i: number, value: unknown): Promise<unknown> => {
    for (; p < params.length; p++, i = 0) {
      if (i === 0) value = params[p].extract(args);
      for (; i < pipes.length; i++) value = await pipes[i].transform(value, params[p].metadata);
      values.push(value);
    }
    return answerOf(values);
  };

  /** The method's answer as a promise, whatever it returned or threw. */
  const answerOf = (values: unknown[]): Promise<unknown> => {
    try {
      const answer: unknown = callback.apply(instance, values);
      return answer instanceof Promise ? answer : Promise.resolve(answer);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };

  /**
   * When every interceptor offers the promise form, the chain runs them that way: each one's `next`
   * runs the rest (the pipes and the method last). Otherwise the Observable form, as Nest runs them.
   */
  const promiseForms = interceptors.every(hasPromiseForm) ? interceptors : undefined;
  const around = (context: ExecutionContextHost, args: unknown[], i: number): Promise<unknown> =>
    i === promiseForms!.length ? invoke(args) : promiseForms![i].interceptPromise(context, () => around(context, args, i + 1));

  /** The interceptors from `i` on, around the pipes and the method; each next.handle() runs the rest when subscribed. */
  const through = (context: ExecutionContextHost, args: unknown[], i: number): Observable<unknown> => {
    const handler: CallHandler = {
      handle: () => (i + 1 < interceptors.length ? defer(() => through(context, args, i + 1)) : defer(() => invoke(args))),
    };
    const intercepted = interceptors[i].intercept(context, handler);
    return isObservable(intercepted) ? intercepted : from(intercepted).pipe(mergeAll());
  };

  return async (...args: unknown[]): Promise<unknown> => {
    try {
      const context = new ExecutionContextHost(args, classRef as Type<unknown>, callback);
      context.setType(contextType);
      for (const guard of guards) {
        const verdict = guard.canActivate(context);
        // A promise is awaited once, here: what it resolves to is read as Nest reads it (an observable inside too).
        const value: unknown = verdict instanceof Promise ? await verdict : verdict;
        const pass = typeof value === 'boolean' ? value : isObservable(value) ? await settle(value as Observable<boolean>) : Boolean(value);
        if (!pass) throw new ForbiddenException(FORBIDDEN_MESSAGE);
      }
      if (interceptors.length === 0) return await invoke(args);
      return await (promiseForms ? around(context, args, 0) : lastValueFrom(through(context, args, 0)));
    } catch (error) {
      const host = new ExecutionContextHost(args);
      host.setType(contextType);
      return exceptions.next(error, host);
    }
  };
}

/** A guard's answer that is an observable, as Nest reads it. */
async function settle(verdict: Observable<boolean>): Promise<boolean> {
  return Boolean(await lastValueFrom(verdict));
}

function hasPromiseForm(interceptor: NestInterceptor): interceptor is NestInterceptor & PromiseInterceptor {
  return typeof (interceptor as Partial<PromiseInterceptor>).interceptPromise === 'function';
}
