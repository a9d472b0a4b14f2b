import { ConsoleLogger, type INestApplication, type INestApplicationContext, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppModule } from './app.module.js';
import { errorEnvelope } from './common/envelope/envelope-builder.js';
import { toToolError } from './common/envelope/error-mapping.js';
import { httpStatusOf } from './common/errors/http-status.js';
import { loadConfig } from './config/env.schema.js';

type Env = Record<string, string | undefined>;

/** Logs to stderr only: on stdio, stdout carries nothing but the protocol. */
export class StderrLogger extends ConsoleLogger {
  protected override printMessages(messages: unknown[], context?: string, logLevel?: LogLevel): void {
    super.printMessages(messages, context, logLevel, 'stderr');
  }
}

/** Body parsing errors (bad JSON, too large) answered with the error envelope, not an HTML page. */
function bodyErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (!error) return next();
  const { error: toolError } = toToolError(error);
  const tool = req.path === '/mcp' ? 'mcp' : 'unknown';
  res.status(httpStatusOf(toolError.code)).json(errorEnvelope({ transport: 'rest', startedAt: 0, tool, domain: null }, toolError));
}

export interface HttpAppOptions {
  logger?: false | LogLevel[];
}

/** The HTTP application (REST, MCP over Streamable HTTP, health, OpenAPI), initialized but not listening. */
export async function createHttpApp(env: Env = process.env, options: HttpAppOptions = {}): Promise<INestApplication> {
  const config = loadConfig(env);
  const app = await NestFactory.create(AppModule.forRoot(env), {
    bodyParser: false,
    logger: options.logger === undefined ? new StderrLogger() : options.logger,
  });
  app.use(express.json({ limit: config.bodyLimit, strict: true, type: ['application/json', 'application/*+json'] }));
  app.use(bodyErrorHandler);
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('intentdesk')
      .setDescription('Service desk API: projects, tickets, users. Same services, validation and envelope as the MCP tools.')
      .setVersion('0.1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document);
  app.enableShutdownHooks();
  await app.init();
  return app;
}

/** The application without HTTP, for stdio and the CLI. */
export async function createContext(env: Env = process.env, logger: false | ConsoleLogger = new StderrLogger()): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(AppModule.forRoot(env), { logger });
}
