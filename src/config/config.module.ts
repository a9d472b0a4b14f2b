import { type DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './app-config.js';

/**
 * Provides the typed AppConfig, parsed once by the caller (loadConfig: a bad variable stops the
 * process with one message naming every bad variable). Tests pass their own.
 */
@Module({})
export class AppConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppConfigModule,
      global: true,
      providers: [{ provide: AppConfig, useValue: config }],
      exports: [AppConfig],
    };
  }
}
