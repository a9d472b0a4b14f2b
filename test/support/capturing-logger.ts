import type { LoggerService } from '@nestjs/common';

/** Keeps every server log line, so a test can prove what reached the logs (no secret, no stack). */
export class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  log(message: unknown, ...rest: unknown[]): void {
    this.lines.push([message, ...rest].map(String).join(' '));
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.log(message, ...rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.log(message, ...rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.log(message, ...rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.log(message, ...rest);
  }
}
