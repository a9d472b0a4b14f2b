import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { McpController, McpStrategy, StreamableHttpTransport, Tool } from '@rekog/mcp-nest';
import { z } from 'zod';
import { openTicketReader, ready, requiredEnv, ticketEnvelope, toolResult } from './ticket-row.js';

/**
 * Baseline (c): the same tool on @rekog/mcp-nest v2 (NestJS, MCP SDK v2), stateless Streamable
 * HTTP with JSON answers (the transport's defaults without statefulMode).
 */
const port = Number(requiredEnv('PORT'));
const read = openTicketReader(requiredEnv('BENCH_SQLITE'));
const version = process.env.BENCH_MCP_NEST_VERSION ?? 'unknown';

@McpController()
class TicketTools {
  @Tool({
    name: 'ticket_get',
    description: 'Returns one ticket by id.',
    parameters: z.object({ id: z.number().int().positive() }),
  })
  async get(@Payload() input: { id: number }) {
    return toolResult(ticketEnvelope(input.id, read(input.id)));
  }
}

const mcp = new McpStrategy({
  name: 'bench-mcp-nest',
  version,
  transports: [new StreamableHttpTransport({ statefulMode: false, enableJsonResponse: true })],
});

@Module({ controllers: [TicketTools] })
class AppModule {}

const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
mcp.setHttpAdapter(app.getHttpAdapter());
app.connectMicroservice({ strategy: mcp });
await app.startAllMicroservices();
await app.listen(port, '127.0.0.1');
ready(`mcp-nest ${version}`, port);
