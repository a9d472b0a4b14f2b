import { ApiToken } from './api-token.entity.js';
import { AuditLog } from './audit-log.entity.js';
import { GlpiEntity } from './glpi-entity.entity.js';
import { Group } from './group.entity.js';
import { GroupTicket } from './group-ticket.entity.js';
import { GroupUser } from './group-user.entity.js';
import { IdempotencyRecord } from './idempotency-record.entity.js';
import { ItilCategory } from './itil-category.entity.js';
import { ItilFollowup } from './itil-followup.entity.js';
import { ItilSolution } from './itil-solution.entity.js';
import { Location } from './location.entity.js';
import { McpSession } from './mcp-session.entity.js';
import { OtpUserFailures } from './otp-user-failures.entity.js';
import { Profile } from './profile.entity.js';
import { ProfileUser } from './profile-user.entity.js';
import { Project } from './project.entity.js';
import { ProjectState } from './project-state.entity.js';
import { ProjectTask, ProjectTaskTeam, ProjectTaskTicket } from './project-task.entity.js';
import { SolutionType } from './solution-type.entity.js';
import { Ticket } from './ticket.entity.js';
import { TicketLink } from './ticket-link.entity.js';
import { TicketTask } from './ticket-task.entity.js';
import { TicketUser } from './ticket-user.entity.js';
import { TicketValidation } from './ticket-validation.entity.js';
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
  ItilSolution,
  Location,
  McpSession,
  OtpUserFailures,
  Profile,
  ProfileUser,
  Project,
  ProjectState,
  ProjectTask,
  ProjectTaskTeam,
  ProjectTaskTicket,
  SolutionType,
  Ticket,
  TicketLink,
  TicketTask,
  TicketUser,
  TicketValidation,
  User,
};
export type { ProfileRights, RightAction } from './profile.entity.js';
export { TICKET_LINK } from './ticket-link.entity.js';
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
  SolutionType,
  TicketTask,
  ItilSolution,
  TicketValidation,
  TicketLink,
  ProjectTask,
  ProjectTaskTeam,
  ProjectTaskTicket,
  ApiToken,
  McpSession,
  AuditLog,
  IdempotencyRecord,
  OtpUserFailures,
];
