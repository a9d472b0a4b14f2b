import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppConfig } from '../config/app-config.js';

/**
 * Where people open this server's pages: PUBLIC_URL, else the address it listens on (a local
 * deployment). Never the Host header of a request: a client could point the link anywhere.
 */
@Injectable()
export class PublicUrl {
  constructor(
    private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  get base(): string {
    if (this.config.publicUrl) return this.config.publicUrl;
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    const address = server?.address() as AddressInfo | string | null | undefined;
    const port = address && typeof address === 'object' ? address.port : this.config.port;
    const host = this.config.host === '0.0.0.0' || this.config.host === '::' ? '127.0.0.1' : this.config.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  }

  approvalPage(id: string): string {
    return `${this.base}/approve/${encodeURIComponent(id)}`;
  }
}
