import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { AuditQueryDto } from './dto/admin.dto.js';

/** Reads the audit log, newest first, with filters and id-based paging. */
@Injectable()
export class AuditQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async query(filter: AuditQueryDto): Promise<{ rows: Record<string, unknown>[]; next_cursor: number | null }> {
    await this.audit.flush();
    const limit = filter.limit ?? 50;
    const qb = this.dataSource.createQueryBuilder().select('a.*').from('audit_log', 'a');
    if (filter.user) qb.andWhere('a.users_id = :user', { user: filter.user });
    if (filter.token_id) qb.andWhere('a.token_id = :token', { token: filter.token_id });
    if (filter.tool) qb.andWhere('a.tool = :tool', { tool: filter.tool });
    if (filter.outcome) qb.andWhere('a.outcome = :outcome', { outcome: filter.outcome });
    if (filter.session_id) qb.andWhere('a.session_id = :sid', { sid: filter.session_id });
    if (filter.request_id) qb.andWhere('a.request_id = :rid', { rid: filter.request_id });
    if (filter.from) qb.andWhere('a.at >= :from', { from: filter.from });
    if (filter.to) qb.andWhere('a.at <= :to', { to: filter.to });
    if (filter.cursor) qb.andWhere('a.id < :cursor', { cursor: filter.cursor });
    const rows = await qb
      .orderBy('a.id', 'DESC')
      .limit(limit + 1)
      .getRawMany<Record<string, unknown>>();
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    return { rows: page, next_cursor: more ? Number(page[page.length - 1].id) : null };
  }
}
