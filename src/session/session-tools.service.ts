import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { formatDate } from '../dates/dates.js';
import { DeskError } from '../envelope/desk-error.js';
import type { Outcome } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { Tool } from '../tools/tool.decorator.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { DomainSwitchDto } from './dto/domain-switch.dto.js';
import { SessionStatusDto } from './dto/session-status.dto.js';
import { type SessionRow, SessionsRepository } from './sessions.repository.js';

/** The session tools: the only way to open a session or change its intent, and its status. */
@Injectable()
export class SessionToolsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly tools: ToolRegistry,
    private readonly config: AppConfig,
  ) {}

  @Tool({
    name: 'domain_switch',
    domain: null,
    access: 'switch',
    title: 'Open or move a session (intent)',
    summary:
      'Opens a session locked to a domain and returns its session_id, or moves a session to another domain. Domain tools run only in a session of theirs.',
    notFor: "records; switch only when the user's intent moves.",
    example: { domain: 'ticket', reason: 'asked about a ticket' },
    input: DomainSwitchDto,
  })
  async domainSwitch(input: DomainSwitchDto, call: Call): Promise<Outcome> {
    const { principal } = call;
    let row: SessionRow;
    let previous: string | null = null;
    if (input.session_id) {
      const found = await this.sessions.findLive(input.session_id, principal.userId);
      if (!found) {
        throw new DeskError(
          'SESSION_NOT_FOUND',
          `Session '${input.session_id}' does not exist, has expired or is not yours. Omit session_id to open a new one.`,
          {
            nextCall: { tool: 'domain_switch', arguments: { domain: input.domain } },
          },
        );
      }
      previous = found.domain;
      if (found.domain !== input.domain) await this.sessions.switchDomain(found, input.domain, call.startedAt);
      else await this.sessions.touch(found, call.startedAt);
      row = { ...found, domain: input.domain };
    } else {
      row = await this.sessions.open(principal.userId, input.domain, call.startedAt);
    }
    const tools = this.tools.callableIn(input.domain, principal);
    const moved = previous !== null && previous !== input.domain;
    const message =
      previous === null
        ? `Session opened, locked to domain '${input.domain}'.`
        : moved
          ? `Session moved from '${previous}' to '${input.domain}'.`
          : `Session already in domain '${input.domain}'.`;
    return {
      message,
      id: row.id,
      session_id: row.id,
      applied: { domain: input.domain, ...(previous !== null ? { previous_domain: previous } : {}), ...(input.reason ? { reason: input.reason } : {}) },
      data: { session_id: row.id, domain: input.domain, previous_domain: previous, tools },
    };
  }

  @Tool({
    name: 'session_status',
    domain: null,
    access: 'read',
    title: 'Session status',
    summary: "A session's domain, user, verification, limits and time zone.",
    notFor: 'switching (domain_switch) or verifying (auth_request_otp).',
    example: { session_id: 'ses_…' },
    input: SessionStatusDto,
  })
  async status(input: SessionStatusDto, call: Call): Promise<Outcome> {
    const { principal } = call;
    const row = await this.sessions.findLive(input.session_id, principal.userId);
    if (!row) {
      throw new DeskError('SESSION_NOT_FOUND', `Session '${input.session_id}' does not exist, has expired or is not yours.`, {
        nextCall: { tool: 'domain_switch', arguments: { domain: '<project|ticket|user>' } },
      });
    }
    const tz = call.zone;
    const verified = !!row.verified_until && row.verified_until.getTime() > Date.now();
    return {
      message: `Session locked to domain '${row.domain}'${verified ? ', verified' : ', not verified'}.`,
      id: row.id,
      session_id: row.id,
      data: {
        session_id: row.id,
        domain: row.domain,
        user: { id: principal.userId, name: principal.login, display_name: principal.displayName },
        verified,
        verified_until: verified ? formatDate(row.verified_until, tz) : null,
        verification_required_for: this.config.otpRequiredFor,
        verification_locked_until: row.otp_locked_until && row.otp_locked_until.getTime() > Date.now() ? formatDate(row.otp_locked_until, tz) : null,
        expires_at: formatDate(row.expires_at, tz),
        timezone: tz,
        limits: { reads_per_minute: this.config.rateLimitReads, writes_per_minute: this.config.rateLimitWrites },
        tools: this.tools.callableIn(row.domain, principal),
      },
    };
  }
}
