import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { AdminModule } from './admin/admin.module.js';
import type { AppConfig } from './config/app-config.js';
import { AppConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { ObserveModule } from './observe/observe.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { PipelineModule } from './pipeline/pipeline.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { ReferenceDataModule } from './reference-data/reference-data.module.js';
import { SessionModule } from './session/session.module.js';
import { TicketsModule } from './tickets/tickets.module.js';
import { restCallMiddleware } from './transports/rest/rest-calls.js';
import { TransportsModule } from './transports/transports.module.js';
import { UsersModule } from './users/users.module.js';

/**
 * The application: configuration and database, the transports calls come in by, the pipeline they go
 * through (PipelineModule binds it globally), and the modules whose services the tools are.
 */
@Module({})
export class AppModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        DatabaseModule,
        ObserveModule,
        TransportsModule,
        PipelineModule,
        SessionModule,
        ProjectsModule,
        TicketsModule,
        UsersModule,
        ReferenceDataModule,
        AdminModule,
        OpenApiModule,
        HealthModule,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(restCallMiddleware).forRoutes('*path');
  }
}
