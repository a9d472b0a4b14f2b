import { ApiToken } from './api-token.entity.js';
import { AuditLog } from './audit-log.entity.js';
import { GlpiEntity } from './glpi-entity.entity.js';
import { Group } from './group.entity.js';
import { GroupTicket } from './group-ticket.entity.js';
import { GroupUser } from './group-user.entity.js';
import { IdempotencyRecord } from './idempotency-record.entity.js';
import { ItilCategory } from './itil-category.entity.js';
import { ItilFollowup } from './itil-followup.entity.js';
import { Location } from './location.entity.js';
import { McpSession } from './mcp-session.entity.js';
import { OtpUserFailures } from './otp-user-failures.entity.js';
import { Profile } from './profile.entity.js';
import { ProfileUser } from './profile-user.entity.js';
import { Project } from './project.entity.js';
import { ProjectState } from './project-state.entity.js';
import { Ticket } from './ticket.entity.js';
import { TicketUser } from './ticket-user.entity.js';
import { User } from './user.entity.js';

export {
  ApiToken,
  AuditLog,
  GlpiEntity,
  Group,
  GroupTicket,
  GroupUser,
  IdempotencyRecord,
  ItilCategory,
  ItilFollowup,
  Location,
  McpSession,
  OtpUserFailures,
  Profile,
  ProfileUser,
  Project,
  ProjectState,
  Ticket,
  TicketUser,
  User,
};
export type { ProfileRights, RightAction } from './profile.entity.js';
export { ACTOR_TYPE } from './ticket-user.entity.js';

export const ENTITIES = [
  GlpiEntity,
  Profile,
  User,
  ProfileUser,
  Group,
  GroupUser,
  ProjectState,
  Project,
  ItilCategory,
  Location,
  Ticket,
  TicketUser,
  GroupTicket,
  ItilFollowup,
  ApiToken,
  McpSession,
  AuditLog,
  IdempotencyRecord,
  OtpUserFailures,
];
