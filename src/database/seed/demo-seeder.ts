import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { seedDemoData } from './demo-seed.js';

/** Loads the demo data at start when SEED_DEMO says so (default: when the database is empty). */
@Injectable()
export class DemoSeeder implements OnModuleInit {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.seedDemo === false) return;
    if (await seedDemoData(this.dataSource)) this.logger.log('demo data loaded');
  }
}
