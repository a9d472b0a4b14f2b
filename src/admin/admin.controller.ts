import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/public.decorator.js';
import type { ToolOutcome } from '../common/envelope/envelope.js';
import { RestInput } from '../common/input/rest-input.decorator.js';
import { AdminService } from './admin.service.js';
import { AuditQueryDto, CreateTokenDto, ListSessionsDto, ListTokensDto, SessionIdDto, TokenIdDto } from './dto/admin.dto.js';

/** Operators' API: tokens, sessions, audit log, tool catalogue. Needs a token with the admin scope. */
@ApiTags('admin')
@ApiBearerAuth()
@RequireScope('admin')
@Controller('api/admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('tokens')
  listTokens(@RestInput('query') input: ListTokensDto): Promise<ToolOutcome> {
    return this.admin.listTokens(input);
  }

  @Post('tokens')
  @ApiBody({ type: CreateTokenDto })
  createToken(@RestInput('body') input: CreateTokenDto): Promise<ToolOutcome> {
    return this.admin.createToken(input);
  }

  @Delete('tokens/:id')
  revokeToken(@RestInput('params+query') input: TokenIdDto): Promise<ToolOutcome> {
    return this.admin.revokeToken(input);
  }

  @Get('sessions')
  listSessions(@RestInput('query') input: ListSessionsDto): Promise<ToolOutcome> {
    return this.admin.listSessions(input);
  }

  @Get('sessions/:id')
  getSession(@RestInput('params+query') input: SessionIdDto): Promise<ToolOutcome> {
    return this.admin.getSession(input);
  }

  @Delete('sessions/:id')
  endSession(@RestInput('params+query') input: SessionIdDto): Promise<ToolOutcome> {
    return this.admin.endSession(input);
  }

  @Get('audit')
  audit(@RestInput('query') input: AuditQueryDto): Promise<ToolOutcome> {
    return this.admin.audit(input);
  }

  @Get('tools')
  tools(): Promise<ToolOutcome> {
    return this.admin.tools();
  }
}
