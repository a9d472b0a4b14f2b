import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { AppConfig } from './app-config.js';
import { loadConfig } from './env.schema.js';

const KEY = 'intentdesk';

/**
 * Validates the environment once at boot (a bad variable stops the process with one message naming
 * every bad variable) and provides the typed AppConfig. Tests pass their own environment.
 */
@Module({})
export class AppConfigModule {
  static forRoot(env: Record<string, string | undefined> = process.env): DynamicModule {
    const config = loadConfig(env);
    return {
      module: AppConfigModule,
      global: true,
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, isGlobal: true, load: [() => ({ [KEY]: config })] })],
      providers: [{ provide: AppConfig, inject: [ConfigService], useFactory: (cs: ConfigService) => cs.get<AppConfig>(KEY) }],
      exports: [AppConfig],
    };
  }
}
